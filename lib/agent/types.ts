import type { InferUITools, UIMessage } from "ai";
import type { MoneyAmount } from "./amounts";
import type { AgentTools } from "./tools";

export type DoneReason =
  | "answered"
  | "step_limit"
  | "tool_limit"
  | "token_budget"
  | "timeout"
  | "model_error"
  | "client_abort";

/** `data-budget`, after every model call. */
export type BudgetData = { modelCalls: number; toolCalls: number; tokensUsed: number; tokenBudget: number };

export type RunUsage = {
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
  neurons: number;
  estimated: boolean;
};

/** `data-done`, exactly once, at the end of every run (contract in DESIGN.md). */
export type DoneData = {
  reason: DoneReason;
  unverifiedAmounts: MoneyAmount[];
  usage: RunUsage;
  modelCalls: number;
  toolCalls: number;
  model: string;
};

export type AgentDataParts = { budget: BudgetData; done: DoneData };

/** The message the route streams and the Lab page renders: derived, so they cannot drift. */
export type AgentUIMessage = UIMessage<never, AgentDataParts, InferUITools<AgentTools>>;
