import "server-only";
import { platformFrom } from "@/lib/platform";
import { onWorkers } from "@/lib/platform/client-ip";
import { QuotaConfigError } from "@/lib/platform/errors";
import { type PlatformSettings, readPlatformSettings } from "@/lib/platform/settings";
import { memoryStore } from "./memory-store";
import { createQuota, DEFAULT_LIMITS } from "./quota";
import type { QuotaStore } from "./store";
import type { Quota, QuotaLimits } from "./types";
import { upstashStore } from "./upstash-store";

export type QuotaEnv = Readonly<Record<string, string | undefined>>;
export type QuotaLog = (level: "info" | "warn", line: string) => void;

/** The platform's settings and the quota's own: its daily limits. */
export type QuotaSettings = PlatformSettings & { limits: QuotaLimits };

/**
 * The quota's settings from the environment: the platform's (`readPlatformSettings`, which refuses
 * a production deploy with no database or salt) and the daily limits.
 */
export function readQuotaSettings(
  env: QuotaEnv,
  production: boolean,
  runtime: { workers: boolean } = { workers: onWorkers() },
): QuotaSettings {
  const get = (name: string) => env[name]?.trim() || undefined;
  const limits: QuotaLimits = {
    ipUnitsPerDay: readCount(get, "QUOTA_DAILY_UNITS_PER_IP", DEFAULT_LIMITS.ipUnitsPerDay, 1),
    siteUnitsPerDay: readCount(get, "QUOTA_DAILY_UNITS_SITE", DEFAULT_LIMITS.siteUnitsPerDay, 1),
    burstPerMinute: readCount(get, "QUOTA_BURST_PER_MINUTE", DEFAULT_LIMITS.burstPerMinute, 0),
  };
  return { ...readPlatformSettings(env, production, runtime), limits };
}

function readCount(get: (name: string) => string | undefined, name: string, fallback: number, min: number): number {
  const raw = get(name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min) {
    throw new QuotaConfigError(`${name} must be a whole number >= ${min}, got "${raw}"`);
  }
  return Number(raw);
}

/** The quota with the settings it was built from. */
export type LabQuota = { quota: Quota; settings: QuotaSettings };
export type QuotaOptions = { production?: boolean; workers?: boolean; log?: QuotaLog };

const quotas = new Map<string, LabQuota>();
// On globalThis so that `next dev` reloading this module keeps today's units.
const MEMORY_STORES = Symbol.for("lab-agent.quota.memory-stores");

/**
 * The quota for an environment's variables (`quotaFromEnv(process.env)` in tests and scripts; the
 * site builds it from `lib/config.ts`'s settings with `labQuotaFrom`). Throws `QuotaConfigError` on
 * a missing or invalid setting.
 */
export function quotaFromEnv(env: QuotaEnv, options: QuotaOptions = {}): Quota {
  return labQuotaFromEnv(env, options).quota;
}

/** `quotaFromEnv`, with its settings and its Upstash client (none for the memory store). */
export function labQuotaFromEnv(env: QuotaEnv, options: QuotaOptions = {}): LabQuota {
  const production = options.production ?? env.NODE_ENV === "production";
  return labQuotaFrom(readQuotaSettings(env, production, { workers: options.workers ?? onWorkers() }), options.log);
}

/**
 * The quota for these settings. Built once per distinct settings and reused, so the memory store
 * and `@upstash/ratelimit`'s cache of blocked IPs outlive a request.
 */
export function labQuotaFrom(settings: QuotaSettings, log: QuotaLog = (level, line) => console[level](line)): LabQuota {
  const cacheKey = JSON.stringify(settings);
  const cached = quotas.get(cacheKey);
  if (cached) return cached;

  // One line, and only for what a developer should know: a deploy refuses both defaults.
  const notes: string[] = [];
  const wanted = settings.store;
  const { redis } = platformFrom(settings);
  let store: QuotaStore;
  if (redis) {
    store = upstashStore({ client: redis, prefix: settings.prefix });
  } else {
    const shared = sharedMemoryStore(settings.prefix);
    store = shared.store;
    const why =
      wanted.kind === "memory" && wanted.explicit ? "QUOTA_STORE=memory" : "UPSTASH_REDIS_REST_URL/TOKEN not set";
    if (shared.created) notes.push(`units counted in this process's memory (${why}; lost on restart, not shared)`);
  }
  if (settings.saltIsDefault) notes.push("IPs hashed with a public development salt (QUOTA_SALT not set)");
  if (notes.length) log("info", `[quota] ${notes.join("; ")}.`);
  const lab = { quota: createQuota({ store, salt: settings.salt, limits: settings.limits }), settings };
  quotas.set(cacheKey, lab);
  return lab;
}

function sharedMemoryStore(prefix: string): { store: QuotaStore; created: boolean } {
  const holder = globalThis as { [MEMORY_STORES]?: Map<string, QuotaStore> };
  holder[MEMORY_STORES] ??= new Map();
  const existing = holder[MEMORY_STORES].get(prefix);
  if (existing) return { store: existing, created: false };
  const store = memoryStore();
  holder[MEMORY_STORES].set(prefix, store);
  return { store, created: true };
}
