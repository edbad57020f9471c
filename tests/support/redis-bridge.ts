// Test helpers for the quota's integration tests: the bridge in front of the run's redis-server,
// an ioredis client to inspect the database, and a quota built on the production store.
import { Redis } from "ioredis";
import { inject } from "vitest";
import { createQuota, type Quota, type QuotaLimits, upstashStore } from "@/lib/quota";
import { quotaKeys } from "@/lib/quota/keys";
import { type Bridge, startBridge } from "@/scripts/upstash-bridge";

export const TEST_TOKEN = "quota-test-token";
export const TEST_SALT = "quota-test-salt-0123456789";

// RESP2, as the bridge speaks (ioredis 6 would speak RESP3).
const inspector = (url: string) => new Redis(url, { protocol: 2, lazyConnect: true });
export type Inspector = Redis;

export type TestBridge = {
  bridge: Bridge;
  /** Direct access to Redis, to check what the quota wrote. */
  redis: Inspector;
  close(): Promise<void>;
};

/** The run's Redis (see redis-global-setup.ts); a clear failure when there is none. */
export function testRedisUrl(): string {
  const url = inject("redisUrl");
  if (!url) throw new Error(`the quota integration tests need redis-server: ${inject("redisUrlError")}`);
  return url;
}

export async function openTestBridge(redisUrl = testRedisUrl()): Promise<TestBridge> {
  const bridge = await startBridge({ redisUrl, token: TEST_TOKEN, quiet: true });
  const redis = inspector(redisUrl);
  redis.on("error", () => {});
  await redis.connect();
  return {
    bridge,
    redis,
    async close() {
      await bridge.close();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** A key prefix no other test uses: tests share one Redis and never flush it. */
export function uniquePrefix(name: string): string {
  return `test:${name}:${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

export function bridgeQuota(
  bridge: Pick<Bridge, "url">,
  options: { prefix: string; limits?: Partial<QuotaLimits>; now?: () => number; timeoutMs?: number },
): Quota {
  return createQuota({
    store: upstashStore({ url: bridge.url, token: TEST_TOKEN, prefix: options.prefix, timeoutMs: options.timeoutMs }),
    salt: TEST_SALT,
    limits: options.limits,
    now: options.now,
  });
}

export async function scanKeys(redis: Inspector, match: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const batch of redis.scanStream({ match, count: 1000 })) keys.push(...(batch as string[]));
  return keys.sort();
}

/** Today's quota keys under `prefix`, by kind. */
export async function dayKeys(redis: Inspector, prefix: string, day = new Date().toISOString().slice(0, 10)) {
  const keys = quotaKeys(prefix);
  return {
    site: keys.site(day),
    ipKeys: await scanKeys(redis, keys.ip(day, "*")),
    reservationKeys: await scanKeys(redis, keys.reservation(day, "*")),
  };
}
