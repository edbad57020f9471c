import type { Reservation, Usage } from "./types";

/**
 * The atomic operations behind the quota. Two implementations with the same semantics: Upstash
 * Redis (Lua scripts, production and the integration tests) and memory (`next dev` with no
 * Upstash settings). `createQuota` does the rest: hashing, days, limits, result shapes.
 */
export interface QuotaStore {
  readonly kind: "upstash" | "memory";
  /** Counts one reservation attempt in the IP's burst window. */
  takeBurst(input: BurstInput): Promise<BurstOutcome>;
  /** Both the IP's and the site's units, or neither. */
  reserve(input: ReserveInput): Promise<ReserveOutcome>;
  /** False when this reservation was already recorded. */
  record(input: RecordInput): Promise<boolean>;
  /** False when the reservation is unknown, of an ended day, or already released. */
  release(input: ReleaseInput): Promise<boolean>;
  /** Units the IP hash has taken on `day`, read only. */
  ipUnits(input: { day: string; ipHash: string }): Promise<number>;
  /** The raw fields of a day's site totals (see `site-totals.ts`). */
  siteTotals(input: { day: string }): Promise<Record<string, unknown>>;
  /**
   * Units the day's limits refused (a visitor's or the site's, not the burst window) in the given
   * UTC hours (`YYYY-MM-DDTHH`), and to how many distinct IP hashes (estimated in Redis: a
   * HyperLogLog, ~1% off). Each hour is kept two days.
   */
  refusals(input: { hours: string[] }): Promise<{ units: number; addresses: number }>;
  /** Notes that `platform` refuses calls until `untilMs`; the note expires then. */
  pauseModel(input: { platform: string; reason: string; untilMs: number; nowMs: number }): Promise<void>;
  /** The note `pauseModel` left for `platform`, if it has not expired. */
  modelPause(input: { platform: string; nowMs: number }): Promise<{ reason: string; untilMs: number } | null>;
}

export type BurstInput = { ipHash: string; limit: number; windowMs: number; nowMs: number };
export type BurstOutcome = { ok: true } | { ok: false; resetAtMs: number };

export type ReserveInput = {
  day: string;
  ipHash: string;
  id: string;
  units: number;
  ipLimit: number;
  siteLimit: number;
  /** The day's end: every key written for the day expires then. */
  expireAtMs: number;
  nowMs: number;
};
export type ReserveOutcome = { ipUsed: number; siteUsed: number } & (
  | { granted: true }
  | { granted: false; refusedBy: "ip" | "site" }
);

export type RecordInput = {
  reservation: Reservation;
  usage: Required<Omit<Usage, "kind">> & Pick<Usage, "kind">;
  /** Today: usage counts on the day it was spent, as Workers AI counts neurons. */
  day: string;
  expireAtMs: number;
  nowMs: number;
};

export type ReleaseInput = { reservation: Reservation; day: string };
