import type { MoneyAmount } from "@/lib/checks/amounts";

/** How a Lab use ended: the one list, which the type, the pages' filters and the texts follow. */
export const DONE_REASONS = [
  "answered",
  "step_limit",
  "tool_limit",
  "token_budget",
  "timeout",
  "model_error",
  "client_abort",
  // The model's answer was nothing a person can see (only invisible characters), or a tool call it
  // wrote as text instead of making (never run, never shown): no answer, so the units come back.
  "no_answer",
  "text_tool_call",
] as const;
export type DoneReason = (typeof DONE_REASONS)[number];

/** The reasons that leave the visitor no answer to read: the use's units come back whatever else it showed. */
export const UNSEEN_REASONS: readonly DoneReason[] = ["no_answer", "text_tool_call"];

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
