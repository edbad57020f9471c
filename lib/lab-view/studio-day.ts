import "server-only";
import { factsOf, type RecordFacts } from "./facts";
import { matches, type UseFilters } from "./filters";
import { type Kept, readKept } from "./kept-days";
import { readDayRecords } from "./read";
import { type DayTotals, dayTotals } from "./totals";

/** Uses a page of the list shows. */
const PAGE_SIZE = 25;

export type StudioDay = Kept<{
  totals: DayTotals;
  /** Uses past the day's cap: counted by the store, not kept. */
  notKept: number;
  /** The uses that fit the filters, this page of them, and how many pages they fill. */
  shown: RecordFacts[];
  matching: number;
  page: number;
  pages: number;
}>;

/** One day of the Lab for the studio's list: its records read once, then totalled, filtered and paged. */
export function readStudioDay(dayParam: unknown, filters: UseFilters, nowMs = Date.now()): Promise<StudioDay> {
  return readKept(dayParam, nowMs, async ({ store, perDay, day }) => {
    const [records, count] = await Promise.all([readDayRecords(store, day, perDay), store.count(day)]);
    const facts = records.map(factsOf);
    const fitting = facts.filter((use) => matches(use, filters));
    const pages = Math.max(1, Math.ceil(fitting.length / PAGE_SIZE));
    const page = Math.min(filters.page, pages);
    return {
      totals: dayTotals(facts),
      notKept: Math.max(0, count.uses - count.kept),
      shown: fitting.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
      matching: fitting.length,
      page,
      pages,
    };
  });
}
