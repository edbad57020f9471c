/**
 * The offline planner's model name, as runs report it. A module of its own so the Lab page can
 * tell the planner from a real model without bundling the planner.
 */
export const OFFLINE_PLANNER_ID = "offline-planner";
