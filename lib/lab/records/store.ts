import type { DayCount, LabRecord, PutOutcome, RecordPage } from "./types";

/** How long records are kept and how many a day; `retentionDays` 0 keeps nothing. */
export type RecordLimits = {
  retentionDays: number;
  /** Records kept a day; past it a use is counted, not kept, so a flood can't fill the database. */
  perDay: number;
  /** A record's JSON is cut to this many bytes (`trimRecord`) before it is stored. */
  maxBytes: number;
};

export const DEFAULT_RECORD_LIMITS: RecordLimits = { retentionDays: 30, perDay: 300, maxBytes: 24_576 };

/**
 * The Lab's records. Writes are idempotent (the client retries a command whose reply was lost):
 * a second `put` of the same id, or `linkLead` of the same lead, changes nothing. Every record and
 * index expires with the retention; an expired or unknown id reads as null.
 */
export interface LabRecordStore {
  readonly kind: "upstash" | "memory";
  /** Keeps a record (already redacted and trimmed), or only counts it past the day's cap. */
  put(record: LabRecord): Promise<PutOutcome>;
  /** One record by its run id, with its `leadId`; null when unknown or expired. */
  get(id: string): Promise<LabRecord | null>;
  /**
   * A day's records, newest first (`day` defaults to today, UTC). `cursor` is the previous page's;
   * `limit` defaults to 50, at most 200.
   */
  list(options?: { day?: string; cursor?: string | null; limit?: number }): Promise<RecordPage>;
  /** How many uses a day saw and how many were kept. */
  count(day: string): Promise<DayCount>;
  /** Notes the contact message a run led to. The first lead stays; false when the run isn't kept. */
  linkLead(runId: string, leadId: string): Promise<boolean>;
}

export const LIST_DEFAULT = 50;
export const LIST_MAX = 200;
