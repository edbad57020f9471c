// @studio demo
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { POST } from "@/app/api/agent/route";
import { agentUse } from "@/lib/agent/run-agent";
import { startLabUse } from "@/lib/lab/run-use";
import { scriptedLabModel, unitsUsedToday } from "@/tests/support/lab-request";
import { bridgeQuota, openTestBridge, type TestBridge, uniquePrefix } from "@/tests/support/redis-bridge";
import { locale } from "@/tests/support/studio";

const es = locale("es");
const en = locale("en");

// Guards the route's contract: a bad body is a 400 with a code and costs nothing, the quota is
// taken before the model and refuses with 429/503, and a model that fails before showing
// anything gives the units back. The quota runs on a real Redis behind the REST bridge.

function post(body: string, headers: Record<string, string> = {}): Request {
  return new Request("http://localhost/api/agent", {
    method: "POST",
    body,
    headers: { "content-type": "application/json", "cf-connecting-ip": "203.0.113.7", ...headers },
  });
}

const agentModel = scriptedLabModel;

describe("POST /api/agent with a bad body", () => {
  it.each([
    ["malformed JSON", "{goal:", "invalid_json"],
    ["not an object", "[1,2]", "invalid_body"],
    ["missing goal", JSON.stringify({ locale: es }), "invalid_body"],
    ["goal of spaces", JSON.stringify({ goal: "   ", locale: es }), "invalid_body"],
    ["goal too long", JSON.stringify({ goal: "a".repeat(501), locale: es }), "invalid_body"],
    ["wrong type", JSON.stringify({ goal: 42, locale: es }), "invalid_body"],
    ["unknown locale", JSON.stringify({ goal: "tienda", locale: "fr" }), "invalid_body"],
    ["extra field", JSON.stringify({ goal: "tienda", locale: es, model: "gpt" }), "invalid_body"],
    ["over 8 KiB", JSON.stringify({ goal: "tienda", locale: es, pad: "x".repeat(9000) }), "body_too_large"],
  ])("%s -> 400 %s, nothing spent", async (_name, body, code) => {
    const before = await unitsUsedToday();
    const response = await POST(post(body));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code, message: expect.any(String) } });
    expect(await unitsUsedToday()).toBe(before);
  });

  it("accepts 500 characters after trimming", async () => {
    const response = await POST(post(JSON.stringify({ goal: ` ${"a".repeat(500)} `, locale: en })));
    expect(response.status).toBe(200);
    await response.text();
  });
});

describe("POST /api/agent with a bad setting", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("refuses to spend (503 quota_unavailable) when the model's setting is unusable: nothing spent", async () => {
    const before = await unitsUsedToday();
    vi.stubEnv("AGENT_MODEL", "not a model id");
    const response = await POST(post(JSON.stringify({ goal: "tienda", locale: es })));
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: { code: "quota_unavailable" } });
    vi.unstubAllEnvs();
    expect(await unitsUsedToday()).toBe(before);
  });
});

describe("the agent route's quota", () => {
  let redis: TestBridge;
  beforeAll(async () => {
    redis = await openTestBridge();
  });
  afterAll(async () => redis?.close());

  it("answers the third run of an IP with 5 units left with 429 and resetAt", async () => {
    const quota = bridgeQuota(redis.bridge, {
      prefix: uniquePrefix("route"),
      limits: { ipUnitsPerDay: 5, burstPerMinute: 0 },
    });
    const model = agentModel(() => ({ text: "Hola." }));
    const goal = { goal: "tienda", locale: es };
    for (let run = 0; run < 2; run += 1) {
      const response = await startLabUse(post(""), agentUse(goal), { quota, model });
      expect(response.status).toBe(200);
      expect(response.headers.get("x-quota-remaining")).toBe(String(3 - run * 2));
      await response.text();
    }
    const refused = await startLabUse(post(""), agentUse(goal), { quota, model });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    const body = (await refused.json()) as { error: { resetAt: string } };
    expect(body.error).toMatchObject({ code: "quota_exceeded", limit: "ip" });
    expect(new Date(body.error.resetAt).getUTCHours()).toBe(0);
    expect(model.calls()).toHaveLength(2);
  });

  it("gives the units back when the model fails before anything was shown", async () => {
    const quota = bridgeQuota(redis.bridge, {
      prefix: uniquePrefix("route"),
      limits: { ipUnitsPerDay: 2, burstPerMinute: 0 },
    });
    const failing = agentModel([{ error: "before-text" }]);
    const response = await startLabUse(post(""), agentUse({ goal: "tienda", locale: es }), { quota, model: failing });
    expect(await response.text()).toContain('"reason":"model_error"');
    const today = await quota.today();
    expect(today.units.used).toBe(0);
    expect(today.releases).toBe(1);
    // The units are back: the same IP can run again.
    const again = await startLabUse(post(""), agentUse({ goal: "tienda", locale: es }), {
      quota,
      model: agentModel([{ text: "Hola." }]),
    });
    expect(again.status).toBe(200);
    await again.text();
  });

  it("keeps the units and records usage when the model fails after its text", async () => {
    const quota = bridgeQuota(redis.bridge, { prefix: uniquePrefix("route"), limits: { burstPerMinute: 0 } });
    const model = agentModel([{ text: "Voy a buscar. ", error: "after-text" }]);
    const response = await startLabUse(post(""), agentUse({ goal: "tienda", locale: es }), { quota, model });
    await response.text();
    const today = await quota.today();
    expect(today.units.used).toBe(2);
    expect(today.runs).toBe(1);
    expect(today.inputTokens).toBeGreaterThan(0);
  });

  it("answers 503 when the quota store can't be reached, and never calls the model", async () => {
    const quota = bridgeQuota({ url: "http://127.0.0.1:9" }, { prefix: uniquePrefix("down"), timeoutMs: 200 });
    const model = agentModel([{ text: "Hola." }]);
    const response = await startLabUse(post(""), agentUse({ goal: "tienda", locale: es }), { quota, model });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: { code: "quota_unavailable" } });
    expect(model.calls()).toHaveLength(0);
  });
});
