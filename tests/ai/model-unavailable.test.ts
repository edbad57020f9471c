// @studio demo
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { agentUse } from "@/lib/agent/run-agent";
import { DEFAULT_AGENT_MODEL } from "@/lib/ai/default-models";
import { AvailabilityWatch, modelUnavailable } from "@/lib/ai/model-unavailable";
import { WORKERS_AI_PLATFORM, workersAIModel, workersAIRestModel } from "@/lib/ai/providers";
import { chatUse } from "@/lib/chat/run-chat";
import { startLabUse } from "@/lib/lab/run-use";
import type { AnsweringModel } from "@/lib/lab/use";
import { createQuota, memoryStore, type Quota } from "@/lib/quota";
import { reviewUse } from "@/lib/review/run-review";
import { labPost, trustVisitorHeader } from "@/tests/support/lab-request";
import { locale } from "@/tests/support/studio";
import { openAIStep, type ReplayScript, replayBinding } from "@/tests/support/workers-ai-replay";

const es = locale("es");
const en = locale("en");

trustVisitorHeader();

// Workers AI saying "not now" (the day's free neurons used up, a rate limit, no capacity) is told
// apart from a real model error, on the binding and over REST, for all three uses: the units of
// the use it cut short come back, the platform is paused for every visitor until it comes back
// (nothing reserved, no model call, a 503 with the reset time), and one log line says so.

const ALLOCATION =
  "4006: you have used up your daily free allocation of 10,000 neurons, please upgrade to Cloudflare's Workers Paid plan if you would like to continue usage.";

const quotaOf = (): Quota =>
  createQuota({ store: memoryStore(), salt: "not-now-salt-0123456789", limits: { burstPerMinute: 0 } });

/** Workers AI on a replayed binding, as the model table builds it (with its watch). */
function bindingModel(script: ReplayScript): AnsweringModel & { calls: () => number } {
  const fake = replayBinding(script);
  const watch = new AvailabilityWatch(WORKERS_AI_PLATFORM);
  const model = workersAIModel(fake.binding, DEFAULT_AGENT_MODEL, "run-1", undefined, {
    streamWindowMs: 0,
    onFailure: watch.note,
  });
  return { model, name: DEFAULT_AGENT_MODEL, estimatedUsage: false, watch, calls: () => fake.calls.length };
}

/** Workers AI over REST whose every answer is `response`. */
function restModel(response: () => Response): AnsweringModel & { calls: () => number } {
  let calls = 0;
  const watch = new AvailabilityWatch(WORKERS_AI_PLATFORM);
  const fetcher = (async () => {
    calls += 1;
    return response();
  }) as typeof fetch;
  const model = workersAIRestModel(
    { accountId: "acct", apiKey: "key", fetch: fetcher },
    DEFAULT_AGENT_MODEL,
    "run-1",
    undefined,
    watch.note,
  );
  return { model, name: DEFAULT_AGENT_MODEL, estimatedUsage: false, watch, calls: () => calls };
}

const post = () => labPost("/api/agent", "", "203.0.113.44");
type Deps = { quota: Quota; model: AnsweringModel };
const USES: Record<"agent" | "chat" | "review", (request: Request, deps: Deps) => Promise<Response>> = {
  agent: (request, deps) => startLabUse(request, agentUse({ goal: "Quiero una tienda online", locale: es }), deps),
  chat: (request, deps) =>
    startLabUse(request, chatUse({ turns: [{ role: "user", text: "¿Hacen tiendas?" }], locale: es }), deps),
  review: (request, deps) => startLabUse(request, reviewUse({ code: "const a = 1;", locale: en }), deps),
};

async function doneOf(response: Response): Promise<{ reason: string }> {
  const text = await response.text();
  const done = [...text.matchAll(/^data: (\{"type":"data-done".*\})$/gm)].map((m) => JSON.parse(m[1] ?? "{}"));
  expect(done).toHaveLength(1);
  return done[0].data;
}

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.spyOn(console, "log").mockImplementation(() => {});
  warn = vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const alerts = (): { event: string }[] =>
  warn.mock.calls
    .map((args: unknown[]) => JSON.parse(String(args[0])) as { event: string })
    .filter((line: { event: string }) => line.event === "model_unavailable");

describe("modelUnavailable", () => {
  const now = Date.parse("2026-12-01T09:00:00Z");
  it.each<[string, unknown, string | null]>([
    ["the binding's 4006", new Error(ALLOCATION), "allocation_exhausted"],
    [
      "a wrapped 4006",
      Object.assign(new Error("AI_APICallError"), { cause: new Error(`InferenceUpstreamError: ${ALLOCATION}`) }),
      "allocation_exhausted",
    ],
    [
      "REST's 4006 body",
      {
        statusCode: 429,
        responseBody: JSON.stringify({ errors: [{ code: 4006, message: "AiError: used up" }], success: false }),
      },
      "allocation_exhausted",
    ],
    ["the table's 3036", { code: 3036, message: "Account limited" }, "allocation_exhausted"],
    ["a rate limit", { statusCode: 429, responseBody: "Too Many Requests" }, "rate_limited"],
    ["out of capacity", new Error("3040: Capacity temporarily exceeded, please try again."), "overloaded"],
    ["a 503", { statusCode: 503, responseBody: "" }, "overloaded"],
    [
      "Anthropic's overload",
      { type: "error", error: { type: "overloaded_error", message: "Overloaded" } },
      "overloaded",
    ],
    ["no such model", new Error("5007: No such model @cf/x"), null],
    ["a bad request", { statusCode: 400, responseBody: '{"errors":[{"code":5004,"message":"Invalid data"}]}' }, null],
    ["a network failure", new TypeError("fetch failed"), null],
    ["a made-up 4006 inside a number", new Error("request 140062: failed"), null],
  ])("%s", (_name, error, reason) => {
    expect(modelUnavailable(error, now)?.reason ?? null).toBe(reason);
  });

  it("keeps the allocation until the next UTC midnight, a back-off within bounds", () => {
    expect(modelUnavailable(new Error(ALLOCATION), now)?.untilMs).toBe(Date.parse("2026-12-02T00:00:00Z"));
    const hostile = { statusCode: 429, responseHeaders: { "retry-after": "999999" } };
    expect(modelUnavailable(hostile, now)?.untilMs).toBe(now + 15 * 60_000);
    expect(modelUnavailable({ statusCode: 429, responseHeaders: { "retry-after": "20" } }, now)?.untilMs).toBe(
      now + 20_000,
    );
  });
});

describe.each(Object.entries(USES))("the %s when Workers AI's allocation is used up", (_kind, use) => {
  it("ends as a model error, gives its units back, pauses the platform and says so once", async () => {
    const quota = quotaOf();
    const model = bindingModel([{ events: [], run: "reject", error: new Error(ALLOCATION) }]);
    expect((await doneOf(await use(post(), { quota, model }))).reason).toBe("model_error");
    expect((await quota.today()).units.used).toBe(0);
    expect(await quota.modelPause(WORKERS_AI_PLATFORM)).toMatchObject({ reason: "allocation_exhausted" });
    expect(alerts()).toEqual([expect.objectContaining({ reason: "allocation_exhausted", platform: "workers-ai" })]);

    // The next visitor: a 503 with the reset time, nothing reserved, no model call.
    const next = bindingModel([openAIStep({ text: "Hola." })]);
    const refused = await use(labPost("/api/agent", "", "203.0.113.45"), { quota, model: next });
    expect(refused.status).toBe(503);
    const body = (await refused.json()) as { error: { resetAt: string } };
    expect(body).toMatchObject({ error: { code: "model_unavailable", reason: "allocation_exhausted" } });
    expect(Date.parse(body.error.resetAt)).toBeGreaterThan(Date.now());
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(next.calls()).toBe(0);
    expect((await quota.today()).reservations).toBe(1);
  });
});

describe("a use cut short by the platform", () => {
  it("gives back the units of an agent run that had shown its plan", async () => {
    const quota = quotaOf();
    const model = bindingModel((call) =>
      call === 0
        ? openAIStep({
            text: "Busco el servicio. ",
            calls: [{ name: "search_site", args: { query: "tienda", locale: es } }],
          })
        : { events: [], run: "reject", error: new Error(ALLOCATION) },
    );
    expect((await doneOf(await USES.agent(post(), { quota, model }))).reason).toBe("model_error");
    expect((await quota.today()).units.used).toBe(0);
  });

  it("over REST: a 429 pauses the platform briefly, a 400 is a model error that pauses nothing", async () => {
    const quota = quotaOf();
    const limited = restModel(
      () => new Response("Too Many Requests", { status: 429, headers: { "retry-after": "30" } }),
    );
    expect((await doneOf(await USES.chat(post(), { quota, model: limited }))).reason).toBe("model_error");
    const pause = await quota.modelPause(WORKERS_AI_PLATFORM);
    expect(pause?.reason).toBe("rate_limited");
    expect(Date.parse(pause?.until ?? "") - Date.now()).toBeLessThanOrEqual(30_000);

    const other = quotaOf();
    const bad = restModel(() => Response.json({ errors: [{ code: 5004, message: "Invalid data" }] }, { status: 400 }));
    expect((await doneOf(await USES.chat(post(), { quota: other, model: bad }))).reason).toBe("model_error");
    expect(await other.modelPause(WORKERS_AI_PLATFORM)).toBeNull();
  });

  it("an in-band 4006 in a stream that had started is the same", async () => {
    const quota = quotaOf();
    const model = bindingModel([
      {
        events: [
          ...openAIStep({ text: "Le recomiendo" }).events.slice(0, 2),
          { errors: [{ code: 4006, message: ALLOCATION }] },
        ],
      },
    ]);
    expect((await doneOf(await USES.chat(post(), { quota, model }))).reason).toBe("model_error");
    expect(await quota.modelPause(WORKERS_AI_PLATFORM)).toMatchObject({ reason: "allocation_exhausted" });
    expect((await quota.today()).units.used).toBe(0);
  });

  it("a real model error after text was shown keeps the units and pauses nothing", async () => {
    const quota = quotaOf();
    const model = bindingModel([{ events: openAIStep({ text: "Le recomiendo la tienda." }).events, end: "error" }]);
    expect((await doneOf(await USES.chat(post(), { quota, model }))).reason).toBe("model_error");
    expect(await quota.modelPause(WORKERS_AI_PLATFORM)).toBeNull();
    expect((await quota.today()).units.used).toBe(1);
    expect(alerts()).toEqual([]);
  });
});
