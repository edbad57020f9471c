/**
 * What each Lab use costs, in units of the shared daily quota (the Lab index shows them). Each
 * use's limits take its cost from here, so the quota's code depends on no use.
 */
export const LAB_UNIT_COSTS = { agent: 2, chat: 1, review: 1 } as const;
