/**
 * The offline planner's model name (`OFFLINE_PLANNER_ID` in lib/ai/offline-planner.ts), copied so
 * the page's bundle doesn't pull that module; tests/components checks that the two agree.
 */
export const OFFLINE_PLANNER_NAME = "offline-planner";

/** The goal's length limit, as in app/api/agent/schema.ts. */
export const GOAL_MAX_LENGTH = 500;
