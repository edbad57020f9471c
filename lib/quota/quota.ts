import "server-only";
import { LAB_USE_KINDS } from "@/lib/lab-uses";
import { QuotaConfigError } from "@/lib/platform/errors";
import { createIpHasher } from "@/lib/platform/ip-hash";
import { utcHours } from "@/lib/platform/studio-clock";
import { nextUtcMidnight, utcDay } from "@/lib/platform/utc-day";
import { DEFAULT_LIMITS } from "./settings";
import { parseSiteTotals } from "./site-totals";
import type { QuotaStore, RecordInput } from "./store";
import {
  isPauseReason,
  type Quota,
  type QuotaLimitName,
  type QuotaLimits,
  type Reservation,
  type ReserveRefused,
  type Usage,
} from "./types";

/** Workers AI's free allocation per UTC day, which the site's totals are shown against. */
export const WORKERS_AI_FREE_NEURONS_PER_DAY = 10_000;

const BURST_WINDOW_MS = 60_000;

export type QuotaConfig = {
  store: QuotaStore;
  /** Secret for the IP's HMAC: without it a hash could be reversed by hashing every IPv4 address. */
  salt: string;
  limits?: Partial<QuotaLimits>;
  /** The clock, in ms; tests set it to a day's last second. */
  now?: () => number;
};

export function createQuota(config: QuotaConfig): Quota {
  const limits = checkLimits({ ...DEFAULT_LIMITS, ...config.limits });
  if (!config.salt) throw new QuotaConfigError("the quota needs a salt for the IP hash");
  const { store } = config;
  const now = config.now ?? Date.now;
  const hashIp = createIpHasher(config.salt);

  return {
    storeKind: store.kind,
    limits,

    async reserve({ ip, units }) {
      checkUnits(units);
      const nowMs = now();
      const ipHash = await hashIp(ip);
      if (limits.burstPerMinute > 0) {
        const burst = await store.takeBurst({ ipHash, limit: limits.burstPerMinute, windowMs: BURST_WINDOW_MS, nowMs });
        if (!burst.ok) return refused("burst", burst.resetAtMs, nowMs);
      }
      const day = utcDay(nowMs);
      const expireAtMs = nextUtcMidnight(nowMs);
      const id = crypto.randomUUID();
      const outcome = await store.reserve({
        day,
        ipHash,
        id,
        units,
        ipLimit: limits.ipUnitsPerDay,
        siteLimit: limits.siteUnitsPerDay,
        expireAtMs,
        nowMs,
      });
      if (!outcome.granted) return refused(outcome.refusedBy, expireAtMs, nowMs);
      return {
        ok: true,
        reservation: { id, day, ipHash, units },
        remaining: {
          ip: Math.max(0, limits.ipUnitsPerDay - outcome.ipUsed),
          site: Math.max(0, limits.siteUnitsPerDay - outcome.siteUsed),
        },
        resetAt: new Date(expireAtMs).toISOString(),
      };
    },

    async record(reservation, usage) {
      const nowMs = now();
      const recorded = await store.record({
        reservation,
        usage: checkUsage(usage),
        day: utcDay(nowMs),
        expireAtMs: nextUtcMidnight(nowMs),
        nowMs,
      });
      return { recorded };
    },

    async release(reservation: Reservation) {
      return { released: await store.release({ reservation, day: utcDay(now()) }) };
    },

    async unitsLeft({ ip }) {
      const nowMs = now();
      const used = await store.ipUnits({ day: utcDay(nowMs), ipHash: await hashIp(ip) });
      return {
        ip: Math.max(0, limits.ipUnitsPerDay - used),
        limit: limits.ipUnitsPerDay,
        resetAt: new Date(nextUtcMidnight(nowMs)).toISOString(),
      };
    },

    async pauseModel(platform, pause) {
      const untilMs = Date.parse(pause.until);
      if (!Number.isFinite(untilMs)) throw new RangeError(`a pause needs a time to end, got ${pause.until}`);
      await store.pauseModel({ platform, reason: pause.reason, untilMs, nowMs: now() });
    },

    async modelPause(platform) {
      const pause = await store.modelPause({ platform, nowMs: now() });
      if (!pause || !isPauseReason(pause.reason)) return null;
      return { reason: pause.reason, until: new Date(pause.untilMs).toISOString() };
    },

    async refusals({ fromMs, toMs }) {
      return store.refusals({ hours: utcHours(fromMs, toMs) });
    },

    async today() {
      const nowMs = now();
      const day = utcDay(nowMs);
      return parseSiteTotals(await store.siteTotals({ day }), {
        day,
        resetAt: new Date(nextUtcMidnight(nowMs)).toISOString(),
        unitsLimit: limits.siteUnitsPerDay,
        neuronAllowance: WORKERS_AI_FREE_NEURONS_PER_DAY,
      });
    },
  };
}

function refused(limit: QuotaLimitName, resetAtMs: number, nowMs: number): ReserveRefused {
  return {
    ok: false,
    code: "quota_exceeded",
    limit,
    resetAt: new Date(resetAtMs).toISOString(),
    retryAfterSeconds: Math.max(1, Math.ceil((resetAtMs - nowMs) / 1000)),
  };
}

function checkLimits(limits: QuotaLimits): QuotaLimits {
  for (const [name, value] of Object.entries(limits)) {
    const min = name === "burstPerMinute" ? 0 : 1;
    if (!Number.isInteger(value) || value < min) {
      throw new QuotaConfigError(`quota limit ${name} must be a whole number >= ${min}, got ${value}`);
    }
  }
  return Object.freeze(limits);
}

function checkUnits(units: number): void {
  if (!Number.isInteger(units) || units < 1) throw new RangeError(`units must be a whole number >= 1, got ${units}`);
}

function checkUsage(usage: Usage): RecordInput["usage"] {
  const counts = { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens };
  const cachedInputTokens = usage.cachedInputTokens ?? 0;
  for (const [name, value] of Object.entries({ ...counts, cachedInputTokens })) {
    if (!Number.isInteger(value) || value < 0) throw new RangeError(`usage.${name} must be a whole number >= 0`);
  }
  if (!Number.isFinite(usage.neurons) || usage.neurons < 0) throw new RangeError("usage.neurons must be >= 0");
  if (!usage.model || usage.model.length > 200) throw new RangeError("usage.model must be 1 to 200 characters");
  if (usage.kind !== undefined && !LAB_USE_KINDS.includes(usage.kind))
    throw new RangeError("usage.kind is not a Lab use");
  return { ...usage, cachedInputTokens };
}
