import type { LabUseKind } from "@/lib/lab-uses";

/** Which limit refused a reservation: the IP's day, the site's day, or the IP's last minute. */
export type QuotaLimitName = "ip" | "site" | "burst";

export type QuotaLimits = {
  /** Units one visitor (one IP hash) may take per UTC day. */
  ipUnitsPerDay: number;
  /** Units the whole site may take per UTC day. */
  siteUnitsPerDay: number;
  /** Reservations one IP may make per minute, before the daily limits are asked; 0 turns it off. */
  burstPerMinute: number;
};

/**
 * A granted reservation. Plain data with no raw IP: keep it for the run and hand it back to
 * `record` and, if the model failed before anything was shown, to `release`.
 */
export type Reservation = Readonly<{ id: string; day: string; ipHash: string; units: number }>;

export type ReserveGranted = {
  ok: true;
  reservation: Reservation;
  /** Units left today after this reservation, for the page to show. */
  remaining: { ip: number; site: number };
  /** When today's units come back: the next UTC midnight (ISO). */
  resetAt: string;
};

export type ReserveRefused = {
  ok: false;
  code: "quota_exceeded";
  limit: QuotaLimitName;
  /** When a retry can succeed (ISO): the next UTC midnight, or the end of the burst window. */
  resetAt: string;
  /** Whole seconds until `resetAt`, for a `Retry-After` header. */
  retryAfterSeconds: number;
};

export type ReserveResult = ReserveGranted | ReserveRefused;

/** What one run really spent, as the provider reported it (or as estimated when it did not). */
export type Usage = {
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens?: number;
  neurons: number;
  model: string;
  estimated: boolean;
  /** Which Lab use spent it, for the usage view's per-kind counts; omitted, it counts in the totals only. */
  kind?: LabUseKind;
};

export type ModelTotals = {
  runs: number;
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
  neurons: number;
};

/** The site's usage today (UTC), from the recorded runs. */
export type SiteTotals = ModelTotals & {
  day: string;
  resetAt: string;
  units: { used: number; limit: number };
  reservations: number;
  releases: number;
  estimatedRuns: number;
  /** Workers AI's free allocation, to show `neurons` against. */
  neuronAllowance: number;
  byModel: Record<string, ModelTotals>;
  /** The same totals per Lab use (agent runs, chat messages, reviews). */
  byKind: Record<LabUseKind, ModelTotals>;
};

export type Quota = {
  readonly storeKind: "upstash" | "memory";
  readonly limits: Readonly<QuotaLimits>;
  /** Takes `units` from the IP's and the site's day at once, or nothing. Throws `QuotaUnavailableError`. */
  reserve(input: { ip: string; units: number }): Promise<ReserveResult>;
  /** Puts the run's real usage on its reservation and on today's site totals; once per reservation. */
  record(reservation: Reservation, usage: Usage): Promise<{ recorded: boolean }>;
  /**
   * Gives the reservation's units back, once. Call it only when the model failed before any text
   * was shown: the caller knows that, the quota does not.
   */
  release(reservation: Reservation): Promise<{ released: boolean }>;
  today(): Promise<SiteTotals>;
  /** The IP's units left today, read without taking any. Throws `QuotaUnavailableError`. */
  unitsLeft(input: { ip: string }): Promise<{ ip: number; limit: number; resetAt: string }>;
  /**
   * Units the day's limits refused from `fromMs` to `toMs` (whole UTC hours: the hours these
   * touch), and to how many addresses. Throws `QuotaUnavailableError`.
   */
  refusals(window: { fromMs: number; toMs: number }): Promise<{ units: number; addresses: number }>;
  /**
   * Remembers, for every visitor, that the model's platform refuses calls until `until` (its daily
   * allocation is used up, or it rate limits): the Lab spends nothing on it meanwhile.
   */
  pauseModel(platform: string, pause: ModelPause): Promise<void>;
  /** The platform's pause, if one is on now. Throws `QuotaUnavailableError`. */
  modelPause(platform: string): Promise<ModelPause | null>;
};

/** Why a model platform says "not now" (`lib/ai/model-unavailable.ts` tells them apart). */
export const PAUSE_REASONS = ["allocation_exhausted", "rate_limited", "overloaded"] as const;
export type PauseReason = (typeof PAUSE_REASONS)[number];
export const isPauseReason = (value: unknown): value is PauseReason => PAUSE_REASONS.includes(value as PauseReason);

/** A model platform that says "not now", why, and until when (ISO). */
export type ModelPause = { reason: PauseReason; until: string };
