/** Hard limits of one agent run (contract in DESIGN.md). */
export const AGENT_LIMITS = { maxSteps: 5, maxToolCalls: 6, maxTokens: 350, tokenBudget: 7000 } as const;
/** The longest goal a visitor may give, in characters after trimming. */
export const GOAL_MAX_LENGTH = 500;
export const AGENT_TIMEOUT_MS = 45_000;
export const AGENT_TEMPERATURE = 0.2;
/**
 * A model's consecutive tokens of one text or tool input reach the page merged, at most this long
 * after the first (lib/agent/call-cap.ts): ~3 tokens of Gemma a part instead of 1, which the
 * visitor can't tell apart and which divides the route's per-part CPU by as much.
 */
export const STREAM_WINDOW_MS = 50;
/** Quota units an agent run costs (a chat message or a review costs 1). */
export const AGENT_RUN_UNITS = 2;
