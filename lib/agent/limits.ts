import { LAB_USES } from "@/lib/lab-uses";

/** Hard limits of one agent run (contract in DESIGN.md). */
export const AGENT_LIMITS = { maxSteps: 5, maxToolCalls: 6, maxTokens: 350, tokenBudget: 7000 } as const;
/** The longest goal a visitor may give, in characters after trimming. */
export const GOAL_MAX_LENGTH = 500;
export const AGENT_TIMEOUT_MS = 45_000;
export const AGENT_TEMPERATURE = 0.2;
/** Quota units an agent run costs (a chat message or a review costs 1). */
export const AGENT_RUN_UNITS = LAB_USES.agent.units;
