// Guards the daily reset: every key the quota writes goes away at the end of its UTC day, the
// moment Workers AI gives the free neurons back. Nothing stays without an expiry.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bridgeQuota, openTestBridge, scanKeys, type TestBridge, uniquePrefix } from "../support/redis-bridge";

const DAY_MS = 86_400_000;

let redis: TestBridge;
beforeAll(async () => {
  redis = await openTestBridge();
});
afterAll(() => redis?.close());

async function exerciseAt(nowMs: number, prefix: string): Promise<void> {
  const quota = bridgeQuota(redis.bridge, { prefix, now: () => nowMs, limits: { burstPerMinute: 5 } });
  const a = await quota.reserve({ ip: "203.0.113.30", units: 2 });
  const b = await quota.reserve({ ip: "2001:db8:1::30", units: 1 });
  if (!a.ok || !b.ok) throw new Error("expected grants");
  await quota.record(a.reservation, {
    inputTokens: 10,
    outputTokens: 5,
    neurons: 1,
    model: "m",
    estimated: false,
  });
  await quota.release(b.reservation);
}

describe("key expiry", () => {
  it("puts the next UTC midnight on every daily key, now", async () => {
    const prefix = uniquePrefix("ttl-now");
    await exerciseAt(Date.now(), prefix);
    const midnight = (Math.floor(Date.now() / DAY_MS) + 1) * DAY_MS;
    const keys = await scanKeys(redis.redis, `${prefix}:*`);
    const daily = keys.filter((key) => !key.startsWith(`${prefix}:burst:`));
    expect(daily.length).toBe(5); // the site, 2 IPs, 2 reservations
    for (const key of daily) {
      expect(await redis.redis.call("EXPIRETIME", key), key).toBe(midnight / 1000);
    }
  });

  it("does the same for a reservation in the day's last second", async () => {
    const prefix = uniquePrefix("ttl-last-second");
    // Two days ahead, so the expiry is still in the future for Redis.
    const midnight = (Math.floor(Date.now() / DAY_MS) + 2) * DAY_MS;
    await exerciseAt(midnight - 1, prefix);
    const day = new Date(midnight - 1).toISOString().slice(0, 10);
    const keys = (await scanKeys(redis.redis, `${prefix}:*`)).filter((key) => !key.includes(":burst:"));
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key.startsWith(`${prefix}:${day}:`), key).toBe(true);
      expect(await redis.redis.call("EXPIRETIME", key), key).toBe(midnight / 1000);
    }
  });

  it("gives the burst window's keys a short expiry of their own", async () => {
    const prefix = uniquePrefix("ttl-burst");
    await exerciseAt(Date.now(), prefix);
    const burstKeys = await scanKeys(redis.redis, `${prefix}:burst:*`);
    expect(burstKeys.length).toBe(2);
    for (const key of burstKeys) {
      const ttl = Number(await redis.redis.pttl(key));
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    }
  });
});
