import type { InferUITools, UIMessage } from "ai";
import type { DoneData, RunData } from "@/lib/lab/types";
import type { AgentTools } from "./tools";

export type { DoneData, DoneReason, RunUsage } from "@/lib/lab/types";

/** `data-budget`, after every model call. */
export type BudgetData = { modelCalls: number; toolCalls: number; tokensUsed: number; tokenBudget: number };

export type AgentDataParts = { budget: BudgetData; done: DoneData; run: RunData };

/** The message the route streams and the Lab page renders: derived, so they cannot drift. */
export type AgentUIMessage = UIMessage<never, AgentDataParts, InferUITools<AgentTools>>;
