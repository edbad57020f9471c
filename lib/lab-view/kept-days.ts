import "server-only";
import { labRecordStore, recordSettings } from "@/lib/lab/records/from-config";
import type { LabRecordStore } from "@/lib/lab/records/store";
import { keptDays, readDay } from "./days";

/** A studio page with nothing to read: keeping is off (0 days), or the store failed. */
export type NoRecords = { status: "off" | "unavailable"; retentionDays: number };

/** Where a studio page reads from: the store, its day cap, the day asked for and the days kept. */
export type KeptDays = { store: LabRecordStore; perDay: number; day: string; kept: string[] };

export type Kept<T> = NoRecords | ({ status: "ok"; retentionDays: number; day: string; kept: string[] } & T);

/**
 * The frame of every studio page that reads records: the retention setting, the day asked for among
 * the kept ones, then `read`; a store failure is one log line without the records' words, and the
 * page says the store is unavailable.
 */
export async function readKept<T>(
  dayParam: unknown,
  nowMs: number,
  read: (from: KeptDays) => Promise<T>,
): Promise<Kept<T>> {
  const { retentionDays, perDay } = recordSettings();
  if (retentionDays <= 0) return { status: "off", retentionDays };
  const kept = keptDays(nowMs, retentionDays);
  const day = readDay(dayParam, kept, nowMs);
  try {
    return { status: "ok", retentionDays, day, kept, ...(await read({ store: labRecordStore(), perDay, day, kept })) };
  } catch (error) {
    console.error(JSON.stringify({ event: "lab_records_read_failed", message: (error as Error).name }));
    return { status: "unavailable", retentionDays };
  }
}
