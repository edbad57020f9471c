/**
 * The Lab's uses, in one table: what each costs in units of the shared daily quota, and the name
 * its offline model answers with. The kinds, the unit costs and the offline names every other
 * module uses (the quota's per-kind counts, the records, the model table, the pages) come from
 * here. It imports nothing, so the quota, the Lab's server code and the browser all read it.
 */
export const LAB_USES = {
  agent: { units: 2, offlineModel: "offline-planner" },
  chat: { units: 1, offlineModel: "offline-assistant" },
  review: { units: 1, offlineModel: "offline-reviewer" },
} as const;

export type LabUseKind = keyof typeof LAB_USES;

/** The uses in the table's order (the usage view's and the filters'). */
export const LAB_USE_KINDS = Object.keys(LAB_USES) as readonly LabUseKind[];

/** What each use costs, in units of the shared daily quota (the Lab index shows them). */
export const LAB_UNIT_COSTS = Object.fromEntries(LAB_USE_KINDS.map((kind) => [kind, LAB_USES[kind].units])) as {
  readonly [Kind in LabUseKind]: (typeof LAB_USES)[Kind]["units"];
};

/** The names the offline models answer with: a page tells them from a real model by these. */
export const OFFLINE_MODELS: ReadonlySet<string> = new Set(LAB_USE_KINDS.map((kind) => LAB_USES[kind].offlineModel));
