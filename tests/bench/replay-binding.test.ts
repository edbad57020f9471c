// @studio demo
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import recorded from "@/bench/replay/gemma-bakery-es.json" with { type: "json" };
import {
  BENCH_RECORDING,
  BENCH_REPLAY_SERVICE,
  replayBinding,
  servedReplayBinding,
  withReplayBinding,
} from "@/bench/replay/replay-binding";
import { sseEventsOf } from "@/bench/replay/replay-stream";
import { runAgent } from "@/lib/agent/run-agent";
import type { DoneData } from "@/lib/agent/types";
import { DEFAULT_AGENT_MODEL } from "@/lib/ai/default-models";
import { resolveModel, workersAIModel } from "@/lib/ai/providers";
import { contextOf, OFFLINE } from "@/tests/support/model-context";
import { readChunks } from "@/tests/support/scripted-model";
import { locale } from "@/tests/support/studio";

const es = locale("es");

// The bench's replayed Gemma stream: handed to the deploy bundle as its `AI` binding, it must reach
// the product as the real binding does, and still drive a good run through the real provider (else
// the bench measures a broken run).

beforeEach(() => {
  vi.spyOn(console, "log").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The recorded goal run through the model the table builds for this `AI` binding. */
async function recordedRun(ai: Ai) {
  const chosen = resolveModel("agent", {
    offline: OFFLINE.agent,
    locale: es,
    runId: "r",
    context: contextOf({}, { ai }),
  });
  const chunks = await readChunks(
    runAgent({
      goal: recorded.goal,
      locale: es,
      studio: "Taller Norte",
      model: chosen.model,
      modelName: chosen.name,
    }),
  );
  const done = (chunks.find((c) => c.type === "data-done") as { data: DoneData }).data;
  return { chosen, chunks, done };
}

describe("the bench's Worker entry", () => {
  it("hands the bundle's entry its env with a fresh replaying AI binding on each request", async () => {
    const seen: Record<string, unknown>[] = [];
    const entry = withReplayBinding({
      async fetch(_request, env) {
        seen.push(env);
        return new Response("ok");
      },
    });
    const env = { ASSETS: "assets", QUOTA_STORE: "memory" };
    await entry.fetch(new Request("http://bench/"), env, {});
    await entry.fetch(new Request("http://bench/"), env, {});
    expect(seen[0]).toMatchObject(env);
    expect(seen[0]?.AI).toHaveProperty("run", expect.any(Function));
    expect(seen[1]?.AI).not.toBe(seen[0]?.AI);
    expect(env).not.toHaveProperty("AI");
  });

  it("replays from the bench's server when it has the service binding", async () => {
    const asked: string[] = [];
    const service = {
      async fetch(url: string) {
        asked.push(new URL(url).pathname);
        const index = Number(url.split("/").pop());
        const call = BENCH_RECORDING.calls[index];
        return new Response(call ? sseEventsOf(call, index).join("") : "", { status: call ? 200 : 404 });
      },
    };
    let ai: Ai | undefined;
    const entry = withReplayBinding({
      async fetch(_request, env) {
        ai = env.AI as Ai;
        return new Response("ok");
      },
    });
    await entry.fetch(new Request("http://bench/"), { [BENCH_REPLAY_SERVICE]: service }, {});
    const { done } = await recordedRun(ai as Ai);
    expect(done).toMatchObject({ reason: "answered", modelCalls: 4, toolCalls: 4 });
    expect(asked).toEqual(["/calls/0", "/calls/1", "/calls/2", "/calls/3"]);
  });

  it("fails a call whose recording the server doesn't have, as a model error", async () => {
    const service = { fetch: async () => new Response("", { status: 404 }) };
    const { done } = await recordedRun(servedReplayBinding(service));
    expect(done.reason).toBe("model_error");
  });
});

describe("bench replay binding: the recorded stream", () => {
  it("replays a Gemma run through workers-ai-provider to the recorded answer", async () => {
    const { chosen, chunks, done } = await recordedRun(replayBinding(BENCH_RECORDING));
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

  it("each binding replays from its first call", async () => {
    const first = workersAIModel(replayBinding(BENCH_RECORDING), DEFAULT_AGENT_MODEL, "a");
    const second = workersAIModel(replayBinding(BENCH_RECORDING), DEFAULT_AGENT_MODEL, "b");
    for (const model of [first, second]) {
      const chunks = await readChunks(
        runAgent({ goal: recorded.goal, locale: es, studio: "Taller Norte", model, modelName: DEFAULT_AGENT_MODEL }),
      );
      expect((chunks.find((c) => c.type === "data-done") as { data: DoneData }).data.reason).toBe("answered");
    }
  });
});
