import "server-only";
import { onWorkers } from "@/lib/platform/client-ip";
import { QuotaConfigError } from "@/lib/platform/errors";
import { type PlatformSettings, readPlatformSettings } from "@/lib/platform/settings";
import type { QuotaLimits } from "./types";

// The quota's settings apart from the quota itself: the configuration module reads them without
// taking in the stores, the Upstash rate limiter or the Lua scripts.

export type QuotaEnv = Readonly<Record<string, string | undefined>>;

export const DEFAULT_LIMITS: Readonly<QuotaLimits> = { ipUnitsPerDay: 20, siteUnitsPerDay: 120, burstPerMinute: 3 };

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
