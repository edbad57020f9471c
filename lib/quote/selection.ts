import { extraIdsOf, serviceIds } from "./estimate";

export type Selection = { serviceId: string | null; extraIds: string[] };
export type SelectionProblem = { code: "unknown_service" | "unknown_extra"; id: string };

/**
 * Reads the calculator's state from its URL (`?service=…&extras=a,b`). Unknown ids are dropped
 * and reported, so a stale or mistyped link shows a message instead of failing.
 */
export function parseSelection(service: string | null | undefined, extras: string | null | undefined) {
  const problems: SelectionProblem[] = [];
  if (!service) return { selection: { serviceId: null, extraIds: [] } as Selection, problems };
  if (!serviceIds().includes(service)) {
    problems.push({ code: "unknown_service", id: service });
    return { selection: { serviceId: null, extraIds: [] } as Selection, problems };
  }
  const valid = extraIdsOf(service);
  const extraIds: string[] = [];
  for (const id of (extras ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    if (!valid.includes(id)) problems.push({ code: "unknown_extra", id });
    else if (!extraIds.includes(id)) extraIds.push(id);
  }
  return { selection: { serviceId: service, extraIds } as Selection, problems };
}
