import "server-only";
import { platformFrom } from "@/lib/platform";
import { onWorkers } from "@/lib/platform/client-ip";
import { memoryStore } from "./memory-store";
import { createQuota } from "./quota";
import { type QuotaEnv, type QuotaSettings, readQuotaSettings } from "./settings";
import type { QuotaStore } from "./store";
import type { Quota } from "./types";
import { upstashStore } from "./upstash-store";

export type QuotaLog = (level: "info" | "warn", line: string) => void;

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

/** `quotaFromEnv`, with the settings it was built from. */
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
