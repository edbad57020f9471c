import "server-only";
import { isRunId, type LabRecord, type LabRecordStore, LIST_MAX } from "@/lib/lab/records";

/**
 * A day's records, newest first, all of them: a day keeps at most `perDay`, so this is a few
 * reads of `LIST_MAX`. The pages' filters and search run over them here. A record whose id isn't
 * a run id's shape is left out: the pages put ids in links, and the store is outside this code.
 */
export async function readDayRecords(store: LabRecordStore, day: string, perDay: number): Promise<LabRecord[]> {
  const records: LabRecord[] = [];
  let cursor: string | null = null;
  // One more read than the cap needs, so a store that keeps returning a cursor still ends.
  for (let read = 0; read <= Math.ceil(perDay / LIST_MAX); read += 1) {
    const page = await store.list({ day, cursor, limit: LIST_MAX });
    records.push(...page.records.filter((record) => isRunId(record.id)));
    cursor = page.cursor;
    if (cursor === null) break;
  }
  return records;
}

/** Several days' records, newest first. */
export async function readDaysRecords(store: LabRecordStore, days: string[], perDay: number): Promise<LabRecord[]> {
  const read = await Promise.all(days.map((day) => readDayRecords(store, day, perDay)));
  return read.flat();
}
