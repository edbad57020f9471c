/**
 * The offline reviewer's model name, as reviews report it. A module of its own so the reviewer
 * page can tell it from a real model without bundling its rules.
 */
export const OFFLINE_REVIEWER_ID = "offline-reviewer";
