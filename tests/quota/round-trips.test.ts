// Measures what the quota costs a run: HTTP round trips to Redis (what Upstash bills and what
// adds latency from a Worker) and reserve's median latency over the bridge. The round trips are
// asserted; the latency is printed, with a loose bound that only catches a real regression.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Quota, Reservation } from "@/lib/quota";
import { type Bridge, startBridge } from "@/scripts/upstash-bridge";
import { bridgeQuota, TEST_TOKEN, uniquePrefix } from "../support/redis-bridge";
import { type RedisServer, startRedisServer } from "../support/redis-server";

const usage = { inputTokens: 900, outputTokens: 250, neurons: 9.5, model: "m", estimated: false };

// A Redis of its own, so "cold" means Redis has never seen the scripts.
let server: RedisServer;
let bridge: Bridge;
beforeAll(async () => {
  server = await startRedisServer();
  bridge = await startBridge({ redisUrl: server.url, token: TEST_TOKEN, quiet: true });
});
afterAll(async () => {
  await bridge?.close();
  await server?.stop();
});

async function roundTrips<T>(operation: () => Promise<T>): Promise<{ value: T; trips: number }> {
  const before = bridge.stats.requests;
  const value = await operation();
  return { value, trips: bridge.stats.requests - before };
}

async function reserveOrThrow(quota: Quota, ip: string): Promise<{ reservation: Reservation; trips: number }> {
  const { value, trips } = await roundTrips(() => quota.reserve({ ip, units: 2 }));
  if (!value.ok) throw new Error("expected a grant");
  return { reservation: value.reservation, trips };
}

describe("round trips per agent run", () => {
  it("costs reserve 2 (burst + reservation), record 1, release 1; +1 per script on a cold Redis", async () => {
    const quota = bridgeQuota(bridge, { prefix: uniquePrefix("trips") });
    const cold = await reserveOrThrow(quota, "203.0.113.60");
    expect(cold.trips).toBe(4); // EVALSHA -> NOSCRIPT -> EVAL, for each of the two scripts
    expect((await roundTrips(() => quota.record(cold.reservation, usage))).trips).toBe(2);
    expect((await roundTrips(() => quota.release(cold.reservation))).trips).toBe(2);

    const warm = await reserveOrThrow(quota, "203.0.113.61");
    expect(warm.trips).toBe(2);
    expect((await roundTrips(() => quota.record(warm.reservation, usage))).trips).toBe(1);
    expect((await roundTrips(() => quota.release(warm.reservation))).trips).toBe(1);
    expect((await roundTrips(() => quota.today())).trips).toBe(1);
  });

  it("costs reserve 1 with the burst limit off, and 0 for an IP this isolate already saw over its burst", async () => {
    const noBurst = bridgeQuota(bridge, { prefix: uniquePrefix("trips-no-burst"), limits: { burstPerMinute: 0 } });
    expect((await reserveOrThrow(noBurst, "203.0.113.62")).trips).toBe(1);

    const burst = bridgeQuota(bridge, { prefix: uniquePrefix("trips-burst"), limits: { burstPerMinute: 1 } });
    await burst.reserve({ ip: "203.0.113.63", units: 1 });
    const first = await roundTrips(() => burst.reserve({ ip: "203.0.113.63", units: 1 }));
    const again = await roundTrips(() => burst.reserve({ ip: "203.0.113.63", units: 1 }));
    expect(first).toMatchObject({ value: { ok: false, limit: "burst" }, trips: 1 });
    expect(again).toMatchObject({ value: { ok: false, limit: "burst" }, trips: 0 });
  });
});

describe("reserve latency over the bridge", () => {
  it("prints its median over 200 sequential calls, which stays well under 25 ms", async () => {
    const limits = { siteUnitsPerDay: 10_000 };
    const measure = async (quota: Quota) => {
      await quota.reserve({ ip: "203.0.113.99", units: 1 }); // warm: scripts loaded, connections open
      const times: number[] = [];
      for (let i = 0; i < 200; i++) {
        const started = performance.now();
        const result = await quota.reserve({ ip: `10.${i >> 8}.${i & 255}.1`, units: 2 });
        times.push(performance.now() - started);
        expect(result.ok).toBe(true);
      }
      times.sort((a, b) => a - b);
      return { median: times[100] ?? 0, p95: times[190] ?? 0 };
    };
    const withBurst = await measure(bridgeQuota(bridge, { prefix: uniquePrefix("latency"), limits }));
    const withoutBurst = await measure(
      bridgeQuota(bridge, { prefix: uniquePrefix("latency-nb"), limits: { ...limits, burstPerMinute: 0 } }),
    );
    console.log(
      `reserve over the bridge, 200 sequential calls: median ${withBurst.median.toFixed(2)} ms, p95 ${withBurst.p95.toFixed(2)} ms` +
        ` (burst limit off: median ${withoutBurst.median.toFixed(2)} ms, p95 ${withoutBurst.p95.toFixed(2)} ms)`,
    );
    expect(withBurst.median).toBeLessThan(25);
  }, 20_000);
});
