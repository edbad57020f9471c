import "server-only";
import type { Redis } from "@upstash/redis/cloudflare";
import { type ClientIpSource, onWorkers, readClientIpSource } from "./client-ip";
import { QuotaConfigError } from "./errors";
import { memoryStore } from "./memory-store";
import { createQuota, DEFAULT_LIMITS } from "./quota";
import type { QuotaStore } from "./store";
import type { Quota, QuotaLimits } from "./types";
import { upstashClient, upstashStore } from "./upstash-store";

export type QuotaEnv = Readonly<Record<string, string | undefined>>;
export type QuotaLog = (level: "info" | "warn", line: string) => void;

export type QuotaSettings = {
  limits: QuotaLimits;
  salt: string;
  saltIsDefault: boolean;
  prefix: string;
  store: { kind: "upstash"; url: string; token: string } | { kind: "memory"; explicit: boolean };
  /** Where the visitor's IP is read (see `client-ip.ts`). */
  clientIp: ClientIpSource;
};

// Public on purpose: a development salt protects nothing, and says so.
const DEVELOPMENT_SALT = "lab-agent-development-salt-not-secret";
const MIN_SALT_LENGTH = 16;

/**
 * The quota's settings from the environment. Empty values count as unset (`.env.example` lists
 * every variable empty). In production a missing Upstash database or salt is an error, not a
 * silent fallback: a per-process memory quota on Workers would let every isolate grant the full
 * daily units. `QUOTA_STORE=memory` opts in anyway, for local previews and e2e runs.
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

  const prefix = get("QUOTA_KEY_PREFIX") ?? "quota";
  if (!/^[\w:-]{1,40}$/.test(prefix)) throw new QuotaConfigError("QUOTA_KEY_PREFIX: use 1-40 of A-Z a-z 0-9 _ : -");

  const salt = get("QUOTA_SALT");
  if (salt === undefined && production) {
    throw new QuotaConfigError(
      "QUOTA_SALT is not set: IPs can't be hashed safely. Set a random secret (`openssl rand -base64 32`): `wrangler secret put QUOTA_SALT --env production` on Workers, an environment variable elsewhere. To try a production build on this machine: `npm run start:local`.",
    );
  }
  if (salt !== undefined && production && (salt.length < MIN_SALT_LENGTH || salt === DEVELOPMENT_SALT)) {
    throw new QuotaConfigError(`QUOTA_SALT must be a secret of at least ${MIN_SALT_LENGTH} characters`);
  }

  const url = get("UPSTASH_REDIS_REST_URL");
  const token = get("UPSTASH_REDIS_REST_TOKEN");
  const wanted = get("QUOTA_STORE");
  if (wanted !== undefined && wanted !== "upstash" && wanted !== "memory") {
    throw new QuotaConfigError(`QUOTA_STORE must be "upstash" or "memory", got "${wanted}"`);
  }
  if (Boolean(url) !== Boolean(token)) {
    throw new QuotaConfigError("set both UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN, or neither");
  }
  if (url && !/^https?:\/\/\S+$/.test(url)) throw new QuotaConfigError("UPSTASH_REDIS_REST_URL must be an http(s) URL");

  let store: QuotaSettings["store"];
  if (url && token && wanted !== "memory") store = { kind: "upstash", url, token };
  else if (wanted === "memory" || (!production && wanted === undefined)) store = { kind: "memory", explicit: !!wanted };
  else {
    throw new QuotaConfigError(
      "the quota needs UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN in production (Upstash console > your database > REST API), or QUOTA_STORE=memory for a local preview (`npm run start:local`)",
    );
  }

  const clientIp = readClientIpSource(get("TRUSTED_IP_HEADER"), {
    workers: runtime.workers,
    production,
    memory: store.kind === "memory",
  });
  return { limits, salt: salt ?? DEVELOPMENT_SALT, saltIsDefault: salt === undefined, prefix, store, clientIp };
}

function readCount(get: (name: string) => string | undefined, name: string, fallback: number, min: number): number {
  const raw = get(name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min) {
    throw new QuotaConfigError(`${name} must be a whole number >= ${min}, got "${raw}"`);
  }
  return Number(raw);
}

/** The quota with what else the Lab needs from the same settings: the contact form shares its client. */
export type LabQuota = { quota: Quota; settings: QuotaSettings; redis: Redis | undefined };
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
  const redis = wanted.kind === "upstash" ? upstashClient({ url: wanted.url, token: wanted.token }) : undefined;
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
  const lab = { quota: createQuota({ store, salt: settings.salt, limits: settings.limits }), settings, redis };
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
