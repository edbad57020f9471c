import "server-only";
import type { Redis } from "@upstash/redis/cloudflare";
import { clientIpFrom } from "./client-ip";
import { ConfigError, QuotaConfigError, QuotaUnavailableError } from "./errors";
import { createIpHasher } from "./ip-hash";
import { upstashClient } from "./redis";
import type { PlatformSettings } from "./settings";

/**
 * What every feature of a deployment shares, built once from its settings: the database (Upstash,
 * or none, and then each store keeps to this process's memory) with its key prefix, and who the
 * visitor is. The quota, the Lab's records, the contact form and the inbox all take it from here,
 * so none of them reaches another for its client or its visitor.
 */
export type Platform = {
  redis: Redis | undefined;
  prefix: string;
  /**
   * The visitor's IP: `CF-Connecting-IP` on Workers, elsewhere only the header named by
   * `TRUSTED_IP_HEADER` (see `client-ip.ts`). For the quota's own hashing; never stored.
   */
  visitorIp(headers: Pick<Headers, "get">): string;
  /** The visitor as anything is stored under: an HMAC of the IP with the secret salt, never the IP. */
  visitorHash(headers: Pick<Headers, "get">): Promise<string>;
};

const platforms = new Map<string, Platform>();

/** The platform for these settings, built once per distinct settings (one Upstash client each). */
export function platformFrom(settings: PlatformSettings): Platform {
  const { salt, prefix, store, clientIp } = settings;
  const key = JSON.stringify([salt, prefix, store, clientIp]);
  const cached = platforms.get(key);
  if (cached) return cached;
  const hash = createIpHasher(salt);
  const visitorIp = (headers: Pick<Headers, "get">) => clientIpFrom(headers, clientIp);
  const platform: Platform = {
    redis: store.kind === "upstash" ? upstashClient({ url: store.url, token: store.token }) : undefined,
    prefix,
    visitorIp,
    visitorHash: (headers) => hash(visitorIp(headers)),
  };
  platforms.set(key, platform);
  return platform;
}

export type PlatformFailure = QuotaUnavailableError | QuotaConfigError | ConfigError;

/** What makes a feature refuse to spend or keep (503) rather than fail: a store it can't reach, a bad setting. */
export function isPlatformFailure(error: unknown): error is PlatformFailure {
  return error instanceof QuotaUnavailableError || error instanceof QuotaConfigError || error instanceof ConfigError;
}

/** One log line an operator can act on: a configuration error says which setting to fix. */
export function logPlatformFailure(error: PlatformFailure): void {
  const event =
    error instanceof QuotaConfigError
      ? "quota_config_error"
      : error instanceof ConfigError
        ? "config_error"
        : "quota_unavailable";
  console.error(JSON.stringify({ event, message: error.message }));
}
