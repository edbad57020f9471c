// Guards the quota against the client's own retries. @upstash/redis sends a command again when
// its reply was lost; when Redis had already run it, a non-idempotent script would take the units
// twice. The bridge drops one reply after Redis ran the command, the production client (retry on)
// sends it again, and the real redis-server must end up as if it ran once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upstashClient } from "@/lib/platform/redis";
import { quotaKeys } from "@/lib/quota/keys";
import { bridgeQuota, openTestBridge, TEST_TOKEN, type TestBridge, uniquePrefix } from "../support/redis-bridge";

let redis: TestBridge;
beforeAll(async () => {
  redis = await openTestBridge();
});
afterAll(() => redis?.close());

async function warmQuota(prefix: string) {
  const quota = bridgeQuota(redis.bridge, { prefix, limits: { ipUnitsPerDay: 4, burstPerMinute: 0 } });
  // Redis learns the scripts first, so the dropped reply is the script's own (not a NOSCRIPT).
  const warm = await quota.reserve({ ip: "192.0.2.200", units: 1 });
  if (!warm.ok) throw new Error("expected a grant");
  await quota.record(warm.reservation, usage);
  await quota.release(warm.reservation);
  return quota;
}
const usage = { inputTokens: 100, outputTokens: 20, neurons: 1, model: "m", estimated: false };

describe("a reply lost after Redis ran the command", () => {
  it("is really retried by the client (a plain INCR counts twice)", async () => {
    const client = upstashClient({ url: redis.bridge.url, token: TEST_TOKEN });
    const key = `${uniquePrefix("retry")}:incr`;
    redis.bridge.dropNextReply("INCR");
    await client.incr(key);
    expect(await redis.redis.get(key)).toBe("2");
  });

  it("takes a reservation's units once, and the retry still answers the grant", async () => {
    const quota = await warmQuota(uniquePrefix("retry"));
    const before = redis.bridge.stats.requests;
    redis.bridge.dropNextReply("EVALSHA");
    // The IP has 4 units: a doubled 2-unit reservation would leave it none.
    const granted = await quota.reserve({ ip: "198.51.100.77", units: 2 });
    expect(granted).toMatchObject({ ok: true, remaining: { ip: 2 } });
    expect(redis.bridge.stats.requests - before).toBe(2);
    expect((await quota.today()).units.used).toBe(2);
    expect((await quota.today()).reservations).toBe(2);
    expect(await quota.reserve({ ip: "198.51.100.77", units: 2 })).toMatchObject({ ok: true, remaining: { ip: 0 } });
  });

  it("grants the last units once: the retry is not refused for the units the first call took", async () => {
    const quota = await warmQuota(uniquePrefix("retry"));
    redis.bridge.dropNextReply("EVALSHA");
    expect(await quota.reserve({ ip: "198.51.100.78", units: 4 })).toMatchObject({ ok: true, remaining: { ip: 0 } });
    expect((await quota.today()).units.used).toBe(4);
  });

  it("records usage once and releases the units once", async () => {
    const quota = await warmQuota(uniquePrefix("retry"));
    const granted = await quota.reserve({ ip: "198.51.100.79", units: 2 });
    if (!granted.ok) throw new Error("expected a grant");
    redis.bridge.dropNextReply("EVALSHA");
    await quota.record(granted.reservation, usage);
    redis.bridge.dropNextReply("EVALSHA");
    await quota.release(granted.reservation);
    const today = await quota.today();
    // The warm-up's run and this one: one each.
    expect(today.runs).toBe(2);
    expect(today.inputTokens).toBe(200);
    expect(today.units.used).toBe(0);
    expect(today.releases).toBe(2);
  });

  it("records once the usage of a run whose reservation expired at midnight", async () => {
    const prefix = uniquePrefix("retry");
    const quota = await warmQuota(prefix);
    const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    // Yesterday's reservation hash is gone with its day: the script writes today's marker.
    const expired = { id: crypto.randomUUID(), day, ipHash: "b".repeat(64), units: 2 };
    redis.bridge.dropNextReply("EVALSHA");
    await quota.record(expired, usage);
    expect(await quota.record(expired, usage)).toEqual({ recorded: false });
    expect((await quota.today()).runs).toBe(2);
    // The marker expires with today, like every key the quota writes.
    const ttl = await redis.redis.ttl(quotaKeys(prefix).reservation(day, expired.id));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(86_400);
  });
});
