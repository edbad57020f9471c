import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/lab/units/route";
import { unitsLeftResponse } from "@/lib/lab/units-left";
import { trustVisitorHeader, visitor } from "@/tests/support/lab-request";
import { bridgeQuota, openTestBridge, type TestBridge, uniquePrefix } from "@/tests/support/redis-bridge";

trustVisitorHeader();

// Guards GET /api/lab/units: the visitor's units left today and what each use costs, read without
// taking any unit or burst slot; a quota that can't be read is a 503, not a guess.

const get = (ip: string) => new Request("http://localhost/api/lab/units", { headers: visitor(ip) });

describe("GET /api/lab/units", () => {
  let redis: TestBridge;
  beforeAll(async () => {
    redis = await openTestBridge();
  });
  afterAll(async () => redis?.close());

  it("says what is left and what each use costs, and spends nothing however often it is asked", async () => {
    const quota = bridgeQuota(redis.bridge, { prefix: uniquePrefix("units"), limits: { ipUnitsPerDay: 5 } });
    for (let ask = 0; ask < 5; ask += 1) {
      const response = await unitsLeftResponse(get("203.0.113.40"), quota);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.json()).toMatchObject({ remaining: 5, limit: 5, costs: { agent: 2, chat: 1, review: 1 } });
    }
    // Five reads took no burst slot: a reservation still goes through (burst limit 3 a minute).
    expect(await quota.reserve({ ip: "203.0.113.40", units: 2 })).toMatchObject({ ok: true });
    const after = (await (await unitsLeftResponse(get("203.0.113.40"), quota)).json()) as { remaining: number };
    expect(after.remaining).toBe(3);
    expect((await quota.today()).units.used).toBe(2);
  });

  it("says up front which uses' model is paused and until when, and nothing once it is back", async () => {
    const quota = bridgeQuota(redis.bridge, { prefix: uniquePrefix("paused"), limits: { ipUnitsPerDay: 5 } });
    const platforms = (use: string) => (use === "chat" ? "anthropic" : "workers-ai");
    const read = async () =>
      ((await (await unitsLeftResponse(get("203.0.113.42"), quota, platforms)).json()) as { paused: unknown }).paused;
    expect(await read()).toEqual({});
    const until = new Date(Date.now() + 60_000).toISOString();
    await quota.pauseModel("workers-ai", { reason: "allocation_exhausted", until });
    const paused = { reason: "allocation_exhausted", resetAt: until };
    expect(await read()).toEqual({ agent: paused, review: paused });
    // An offline model has no platform to pause.
    const offline = await unitsLeftResponse(get("203.0.113.42"), quota, () => undefined);
    expect(((await offline.json()) as { paused: unknown }).paused).toEqual({});
  });

  it("answers 503 when the quota store can't be reached", async () => {
    const quota = bridgeQuota({ url: "http://127.0.0.1:9" }, { prefix: uniquePrefix("down"), timeoutMs: 200 });
    const response = await unitsLeftResponse(get("203.0.113.41"), quota);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: { code: "quota_unavailable" } });
  });

  it("is wired to the route with the environment's quota", async () => {
    const response = await GET(get("203.0.113.42"));
    expect(response.status).toBe(200);
    expect(((await response.json()) as { remaining: number }).remaining).toBeGreaterThan(0);
  });
});
