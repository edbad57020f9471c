import type { InferUITools, UIMessage } from "ai";
import type { DoneData, RunData } from "@/lib/lab/types";
import type { AgentTools } from "./tools";

export type { DoneData, DoneReason, RunUsage } from "@/lib/lab/types";

/** `data-budget`, after every model call. */
export type BudgetData = { modelCalls: number; toolCalls: number; tokensUsed: number; tokenBudget: number };

/**
 * `data-next-step`, before `data-done`, when the run ended without a next step of its own: the
 * contact step, so a run that found no price still leaves the visitor somewhere to go.
 */
export type NextStepData = { kind: "contact"; path: string };

export type AgentDataParts = { budget: BudgetData; done: DoneData; run: RunData; "next-step": NextStepData };

/** The message the route streams and the Lab page renders: derived, so they cannot drift. */
export type AgentUIMessage = UIMessage<never, AgentDataParts, InferUITools<AgentTools>>;
