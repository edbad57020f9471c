import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import recorded from "@/bench/replay/gemma-bakery-es.json" with { type: "json" };
import { runAgent } from "@/lib/agent/run-agent";
import type { DoneData } from "@/lib/agent/types";
import { DEFAULT_AGENT_MODEL, resolveAgentModel, workersAIModel } from "@/lib/ai/providers";
import {
  BENCH_RECORDING,
  BENCH_REPLAY_SERVICE,
  BENCH_REPLAY_VALUE,
  BENCH_REPLAY_VARIABLE,
  benchReplayBinding,
} from "@/lib/ai/replay-binding";
import { sseEventsOf } from "@/lib/ai/replay-stream";
import { readChunks } from "@/tests/support/scripted-model";

// The bench's replayed Gemma stream: a seam into the model choice that must never answer a real
// visitor, and a recording that must still drive a good run through the real provider (else the
// bench measures a broken run).

const cloudflare = vi.hoisted(() => ({ env: undefined as Record<string, unknown> | undefined }));
vi.mock("@opennextjs/cloudflare", () => ({
  getCloudflareContext: () => {
    if (!cloudflare.env) throw new Error("not in a Cloudflare context");
    return { env: cloudflare.env };
  },
}));

const BENCH_ENV = { [BENCH_REPLAY_VARIABLE]: BENCH_REPLAY_VALUE, QUOTA_STORE: "memory" };

beforeEach(() => {
  cloudflare.env = undefined;
  vi.spyOn(console, "log").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("bench replay binding: the guard", () => {
  it("is off unless the variable holds its exact value", () => {
    expect(benchReplayBinding({ QUOTA_STORE: "memory" })).toBeUndefined();
    expect(benchReplayBinding({ ...BENCH_ENV, [BENCH_REPLAY_VARIABLE]: "1" })).toBeUndefined();
    expect(benchReplayBinding(BENCH_ENV)).toBeDefined();
  });

  it("is off on a Worker with a real quota store or real model credentials", () => {
    expect(benchReplayBinding({ ...BENCH_ENV, QUOTA_STORE: "upstash" })).toBeUndefined();
    expect(benchReplayBinding({ [BENCH_REPLAY_VARIABLE]: BENCH_REPLAY_VALUE })).toBeUndefined();
    expect(benchReplayBinding({ ...BENCH_ENV, UPSTASH_REDIS_REST_URL: "https://x.upstash.io" })).toBeUndefined();
    expect(benchReplayBinding({ ...BENCH_ENV, CLOUDFLARE_API_TOKEN: "t" })).toBeUndefined();
    expect(
      benchReplayBinding({ ...BENCH_ENV, OPENAI_COMPATIBLE_BASE_URL: "http://127.0.0.1:11434/v1" }),
    ).toBeUndefined();
  });

  it("never replaces the AI binding: with one, the variable changes nothing", async () => {
    const run = vi.fn(async () => {
      throw new Error("the real binding was called");
    });
    cloudflare.env = { AI: { run } };
    const chosen = resolveAgentModel({ locale: "es", runId: "r", env: BENCH_ENV });
    expect(chosen.kind).toBe("workers-ai-binding");
    const chunks = await readChunks(
      runAgent({
        goal: "una tienda",
        locale: "es",
        studio: "Taller Norte",
        model: chosen.model,
        modelName: chosen.name,
      }),
    );
    expect(run).toHaveBeenCalled();
    expect((chunks.find((c) => c.type === "data-done") as { data: DoneData }).data.reason).toBe("model_error");
  });

  it("is set by no wrangler environment; the deployed one has the AI binding", () => {
    const toml = readFileSync("wrangler.toml", "utf8");
    const settings = toml.replace(/#.*$/gm, "");
    expect(settings).not.toContain(BENCH_REPLAY_VARIABLE);
    const production = settings.slice(settings.indexOf("[env.production]"), settings.indexOf("[env.local]"));
    expect(production).toMatch(/^\[env\.production\.ai\]\s*\nbinding = "AI"/m);
    expect(production).not.toMatch(/QUOTA_STORE/);
  });
});

/** The recorded goal run through the model the bench's environment resolves to. */
async function recordedRun() {
  const chosen = resolveAgentModel({ locale: "es", runId: "r", env: BENCH_ENV });
  const chunks = await readChunks(
    runAgent({
      goal: recorded.goal,
      locale: "es",
      studio: "Taller Norte",
      model: chosen.model,
      modelName: chosen.name,
    }),
  );
  const done = (chunks.find((c) => c.type === "data-done") as { data: DoneData }).data;
  return { chosen, chunks, done };
}

describe("bench replay binding: served by the bench's server", () => {
  it("fetches each call in turn from the service binding and replays it to the recorded answer", async () => {
    const asked: string[] = [];
    const service = {
      async fetch(url: string) {
        asked.push(new URL(url).pathname);
        const index = Number(url.split("/").pop());
        const call = BENCH_RECORDING.calls[index];
        return new Response(call ? sseEventsOf(call, index).join("") : "", { status: call ? 200 : 404 });
      },
    };
    cloudflare.env = { [BENCH_REPLAY_SERVICE]: service };
    const { done } = await recordedRun();
    expect(done).toMatchObject({ reason: "answered", modelCalls: 4, toolCalls: 4 });
    expect(asked).toEqual(["/calls/0", "/calls/1", "/calls/2", "/calls/3"]);
  });

  it("is off without the variable, the service notwithstanding", () => {
    const service = { fetch: vi.fn() };
    expect(benchReplayBinding({ QUOTA_STORE: "memory" }, service)).toBeUndefined();
    expect(benchReplayBinding({ ...BENCH_ENV, QUOTA_STORE: "upstash" }, service)).toBeUndefined();
    expect(service.fetch).not.toHaveBeenCalled();
  });
});

describe("bench replay binding: the recorded stream", () => {
  it("replays a Gemma run through workers-ai-provider to the recorded answer", async () => {
    const { chosen, chunks, done } = await recordedRun();
    expect(chosen).toMatchObject({ kind: "workers-ai-binding", name: DEFAULT_AGENT_MODEL });
    expect(done).toMatchObject({ reason: "answered", modelCalls: 4, toolCalls: 4, unverifiedAmounts: [] });
    // The recorded usage is believed, as the real model's is: the run keeps its own count nowhere.
    expect(done.usage.estimated).toBe(false);
    const tools = chunks.flatMap((c) => (c.type === "tool-output-available" ? [c.output as { ok: boolean }] : []));
    expect(tools.map((output) => output.ok)).toEqual([true, true, true, true]);
    const text = chunks.flatMap((c) => (c.type === "text-delta" ? [c.delta] : [])).join("");
    expect(text).toContain((recorded.calls.at(-1)?.text ?? []).join(""));
  });

  it("streams one SSE event per token: the per-chunk cost the bench is after", () => {
    const events = recorded.calls.reduce(
      (sum, call) => sum + call.text.length + call.toolCalls.reduce((s, c) => s + c.args.length + 1, 0),
      0,
    );
    expect(recorded.calls).toHaveLength(4);
    // Four calls, each as long as the loop's per-call cap lets a call through whole.
    expect(events).toBeGreaterThan(500);
  });

  it("each run replays from its first call", async () => {
    const first = workersAIModel(benchReplayBinding(BENCH_ENV) as Ai, DEFAULT_AGENT_MODEL, "a");
    const second = workersAIModel(benchReplayBinding(BENCH_ENV) as Ai, DEFAULT_AGENT_MODEL, "b");
    for (const model of [first, second]) {
      const chunks = await readChunks(
        runAgent({ goal: recorded.goal, locale: "es", studio: "Taller Norte", model, modelName: DEFAULT_AGENT_MODEL }),
      );
      expect((chunks.find((c) => c.type === "data-done") as { data: DoneData }).data.reason).toBe("answered");
    }
  });
});
