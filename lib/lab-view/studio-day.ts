import "server-only";
import { labRecordStore, recordSettings } from "@/lib/lab/records/from-config";
import { keptDays, readDay } from "./days";
import { factsOf, type RecordFacts } from "./facts";
import { matches, type UseFilters } from "./filters";
import { readDayRecords } from "./read";
import { type DayTotals, dayTotals } from "./totals";

/** Uses a page of the list shows. */
export const PAGE_SIZE = 25;

export type StudioDay =
  | { status: "off" | "unavailable"; retentionDays: number }
  | {
      status: "ok";
      retentionDays: number;
      day: string;
      kept: string[];
      totals: DayTotals;
      /** Uses past the day's cap: counted by the store, not kept. */
      notKept: number;
      /** The uses that fit the filters, this page of them, and how many pages they fill. */
      shown: RecordFacts[];
      matching: number;
      page: number;
      pages: number;
    };

/** One day of the Lab for the studio's list: its records read once, then totalled, filtered and paged. */
export async function readStudioDay(dayParam: unknown, filters: UseFilters, nowMs = Date.now()): Promise<StudioDay> {
  const { retentionDays, perDay } = recordSettings();
  if (retentionDays <= 0) return { status: "off", retentionDays };
  const kept = keptDays(nowMs, retentionDays);
  const day = readDay(dayParam, kept, nowMs);
  try {
    const store = labRecordStore();
    const [records, count] = await Promise.all([readDayRecords(store, day, perDay), store.count(day)]);
    const facts = records.map(factsOf);
    const fitting = facts.filter((use) => matches(use, filters));
    const pages = Math.max(1, Math.ceil(fitting.length / PAGE_SIZE));
    const page = Math.min(filters.page, pages);
    return {
      status: "ok",
      retentionDays,
      day,
      kept,
      totals: dayTotals(facts),
      notKept: Math.max(0, count.uses - count.kept),
      shown: fitting.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
      matching: fitting.length,
      page,
      pages,
    };
  } catch (error) {
    console.error(JSON.stringify({ event: "lab_records_read_failed", message: (error as Error).name }));
    return { status: "unavailable", retentionDays };
  }
}
