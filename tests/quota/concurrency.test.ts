// Guards the atomic two-limit reservation: many requests at the same instant never take more
// than the limits, and never take one limit's units without the other's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bridgeQuota, dayKeys, openTestBridge, type TestBridge, uniquePrefix } from "../support/redis-bridge";

// Reservations in flight at once. The clients, the bridge and its Redis connection share this one
// process: with all 1,000 in flight, each request waited for the whole batch (measured: p50
// 10 s on 2 loaded cores) and hit the store's 3 s deadline, a QuotaUnavailableError that says
// nothing about the quota. 16 in flight, from 100 clients over as many connections, still
// interleave in Redis (atomicity is what is tested); each request then waits for its own turn only.
// The batch takes 2-11 s on 2 loaded cores: the test's own timeout allows for that.
const IN_FLIGHT = 16;

/** Runs `count` tasks, at most `limit` at a time, and returns their results in order. */
async function inFlight<T>(
  count: number,
  limit: number,
  task: (index: number) => Promise<T> | undefined,
): Promise<(T | undefined)[]> {
  const results: (T | undefined)[] = new Array(count);
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const index = next++;
      results[index] = await task(index);
    }
  };
  await Promise.all(Array.from({ length: limit }, lane));
  return results;
}

let redis: TestBridge;
beforeAll(async () => {
  redis = await openTestBridge();
});
afterAll(() => redis?.close());

describe("1,000 concurrent 2-unit reservations from 50 IPs (per IP 20, site 120)", () => {
  it("grants exactly 120 units, no IP over 20, and every key agrees with the grants", async () => {
    const prefix = uniquePrefix("concurrency");
    const limits = { ipUnitsPerDay: 20, siteUnitsPerDay: 120, burstPerMinute: 0 };
    // 100 quota instances stand for 100 Worker isolates, each with its own client and connection.
    const isolates = Array.from({ length: 100 }, () => bridgeQuota(redis.bridge, { prefix, limits }));
    const ips = Array.from({ length: 50 }, (_, i) => `198.51.100.${i + 1}`);

    const results = await inFlight(1000, IN_FLIGHT, (i) => {
      const ip = ips[i % ips.length] ?? "";
      return isolates[i % isolates.length]?.reserve({ ip, units: 2 }).then((result) => ({ ip, result }));
    });

    const granted = results.filter((r) => r?.result.ok);
    const refused = results.filter((r) => r && !r.result.ok);
    expect(granted.length * 2).toBe(120);
    expect(refused.length).toBe(1000 - 60);

    const grantsPerIp = new Map<string, number>();
    for (const r of granted) if (r) grantsPerIp.set(r.ip, (grantsPerIp.get(r.ip) ?? 0) + 1);
    for (const count of grantsPerIp.values()) expect(count * 2).toBeLessThanOrEqual(20);
    // The site ran out first; an IP limit can only be named for an IP that really used its 20.
    for (const r of refused) {
      if (!r || r.result.ok) continue;
      expect(r.result.limit === "site" || (grantsPerIp.get(r.ip) ?? 0) * 2 === 20).toBe(true);
    }

    // The database agrees: site counter, every IP counter, and one reservation hash per grant.
    const { site, ipKeys, reservationKeys } = await dayKeys(redis.redis, prefix);
    expect(Number(await redis.redis.hget(site, "units"))).toBe(120);
    expect(Number(await redis.redis.hget(site, "reservations"))).toBe(60);
    let ipUnits = 0;
    for (const key of ipKeys) {
      const units = Number(await redis.redis.get(key));
      expect(units).toBeLessThanOrEqual(20);
      ipUnits += units;
    }
    expect(ipUnits).toBe(120);
    expect(reservationKeys).toHaveLength(60);
    const byIp = new Map<string, number>();
    for (const key of reservationKeys) {
      const { ip = "", units } = await redis.redis.hgetall(key);
      expect(units).toBe("2");
      byIp.set(ip, (byIp.get(ip) ?? 0) + 2);
    }
    // Each IP counter equals the units of that IP's reservations: nothing half taken.
    for (const key of ipKeys) {
      const ipHash = key.split(":").at(-1) ?? "";
      expect(Number(await redis.redis.get(key))).toBe(byIp.get(ipHash));
    }
  }, 60_000);

  it("never lets one IP past its limit when only that IP is racing", async () => {
    const prefix = uniquePrefix("one-ip");
    const limits = { ipUnitsPerDay: 20, siteUnitsPerDay: 120, burstPerMinute: 0 };
    const isolates = Array.from({ length: 20 }, () => bridgeQuota(redis.bridge, { prefix, limits }));
    const sizes = Array.from({ length: 200 }, (_, i) => (i % 3 === 0 ? 1 : 2));
    const results = await inFlight(sizes.length, IN_FLIGHT, (i) =>
      isolates[i % isolates.length]?.reserve({ ip: "2001:db8::1", units: sizes[i] ?? 1 }),
    );
    const taken = results.reduce((sum, r, i) => sum + (r?.ok ? (sizes[i] ?? 0) : 0), 0);
    // 1-unit requests fill any gap a refused 2-unit request leaves, so the IP ends exactly full.
    expect(taken).toBe(20);
    expect((await isolates[0]?.today())?.units.used).toBe(20);
  }, 60_000);
});
