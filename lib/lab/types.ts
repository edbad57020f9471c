import type { MoneyAmount } from "./amounts";

/** How a Lab use ended: the one list, which the type, the pages' filters and the texts follow. */
export const DONE_REASONS = [
  "answered",
  "step_limit",
  "tool_limit",
  "token_budget",
  "timeout",
  "model_error",
  "client_abort",
] as const;
export type DoneReason = (typeof DONE_REASONS)[number];

export type RunUsage = {
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
  neurons: number;
  estimated: boolean;
};

/** `data-done`, exactly once, at the end of every Lab use (contract in DESIGN.md). */
export type DoneData = {
  reason: DoneReason;
  unverifiedAmounts: MoneyAmount[];
  usage: RunUsage;
  modelCalls: number;
  toolCalls: number;
  model: string;
};

/** `data-run`, after the start of every Lab use's stream: the id its record is kept under (`lib/lab/records`). */
export type RunData = { id: string };
