// @studio demo
import { afterEach, describe, expect, it, vi } from "vitest";
import { type AgentRunSummary, agentUse, runAgent } from "@/lib/agent/run-agent";
import { DEFAULT_AGENT_MODEL } from "@/lib/ai/default-models";
import { fetchWithPasses } from "@/lib/ai/event-stream";
import { FALLBACK_NEURON_RATE, NEURON_RATES, neuronsFor } from "@/lib/ai/neurons";
import { resolveModel, workersAICall, workersAIModel, workersAIRestModel } from "@/lib/ai/providers";
import { NeuronMeter } from "@/lib/ai/workers-ai-usage";
import { startLabUse } from "@/lib/lab/run-use";
import { createQuota, memoryStore } from "@/lib/quota";
import { contextOf, OFFLINE } from "@/tests/support/model-context";
import { readChunks } from "@/tests/support/scripted-model";
import { locale } from "@/tests/support/studio";
import {
  nativeTextEvents,
  nativeUsageEvent,
  openAIStep,
  type ReplayStep,
  replayBinding,
  sseText,
  type Usage,
  usageChunk,
} from "@/tests/support/workers-ai-replay";

const es = locale("es");

// Neurons as Workers AI reports them (`usage.neurons` on the stream's usage event), replayed
// through the real workers-ai-provider and the real loop; the rates only when a call reports none.

const search = { name: "search_site", args: { query: "tienda online" } };

/** Two calls: a tool call, then the answer; each reports `usage` as given. */
function twoCalls(first: Usage, second: Usage): ReplayStep[] {
  return [
    openAIStep({ text: "Busco. ", calls: [search], usage: first }),
    openAIStep({ text: "La tienda en línea es lo que buscas.", usage: second }),
  ];
}

async function bindingRun(steps: ReplayStep[], model = DEFAULT_AGENT_MODEL) {
  const fake = replayBinding(steps);
  const meter = new NeuronMeter(model);
  let summary: AgentRunSummary | undefined;
  await readChunks(
    runAgent({
      goal: "Quiero una tienda online",
      locale: es,
      studio: "Taller Norte",
      model: workersAIModel(fake.binding, model, "run-1", meter),
      modelName: model,
      neurons: meter,
      onFinish: (s) => {
        summary = s;
      },
    }),
  );
  if (!summary) throw new Error("run did not finish");
  return { usage: summary.usage, meter };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("neurons reported by Workers AI", () => {
  it("records the sum of what each call reported, not the rate", async () => {
    const { usage, meter } = await bindingRun(
      twoCalls(
        { prompt: 900, completion: 30, neurons: 3.1000002957880497 },
        { prompt: 1000, completion: 20, neurons: 1.5 },
      ),
    );
    expect(meter.reported).toEqual({ calls: 2, reportedCalls: 2, neurons: 4.6000002957880497 });
    expect(usage.neurons).toBe(4.6);
    expect(usage.neurons).not.toBe(neuronsFor(DEFAULT_AGENT_MODEL, usage.inputTokens, usage.outputTokens));
  });

  it("counts nothing a stream reports after its end marker", async () => {
    const [first, second] = twoCalls({ prompt: 900, completion: 30, neurons: 2.5 }, { prompt: 1000, completion: 20 });
    const late = usageChunk({ prompt: 6000, completion: 340, neurons: 9000 });
    const { meter } = await bindingRun([first as ReplayStep, { ...(second as ReplayStep), afterEnd: [late] }]);
    expect(meter.reported).toEqual({ calls: 2, reportedCalls: 1, neurons: 2.5 });
  });

  it("reads it from native-style streams too", async () => {
    const { usage } = await bindingRun([
      {
        events: [
          ...nativeTextEvents("La tienda en línea."),
          nativeUsageEvent({ prompt: 800, completion: 9, neurons: 2.25 }),
        ],
      },
    ]);
    expect(usage.neurons).toBe(2.25);
  });

  it("falls back to the model's rate when no call reports neurons", async () => {
    const { usage, meter } = await bindingRun(
      twoCalls({ prompt: 900, completion: 30 }, { prompt: 1000, completion: 20 }),
    );
    expect(meter.reported.reportedCalls).toBe(0);
    expect(usage.inputTokens).toBe(1900);
    expect(usage.neurons).toBe(neuronsFor(DEFAULT_AGENT_MODEL, 1900, 50));
    expect(usage.neurons).toBeGreaterThan(0);
  });

  it("uses the rate for the run when only some calls report, and never less than reported", async () => {
    const { usage } = await bindingRun(
      twoCalls({ prompt: 900, completion: 30, neurons: 500 }, { prompt: 1000, completion: 20 }),
    );
    expect(usage.neurons).toBe(500);
    const { usage: low } = await bindingRun(
      twoCalls({ prompt: 900, completion: 30, neurons: 0.5 }, { prompt: 1000, completion: 20 }),
    );
    expect(low.neurons).toBe(neuronsFor(DEFAULT_AGENT_MODEL, 1900, 50));
  });

  it.each([
    ["a string", "3.1"],
    ["a negative number", -4],
    ["null", null],
    ["an object", { value: 3 }],
    ["a boolean", true],
    ["more than a day's allocation", 1e12],
  ])("ignores %s and falls back to the rate", async (_label, neurons) => {
    const { usage, meter } = await bindingRun(
      twoCalls({ prompt: 900, completion: 30, neurons }, { prompt: 1000, completion: 20, neurons }),
    );
    expect(meter.reported.reportedCalls).toBe(0);
    expect(usage.neurons).toBe(neuronsFor(DEFAULT_AGENT_MODEL, 1900, 50));
  });

  it("counts a call that fails before its stream as unreported", async () => {
    const meter = new NeuronMeter(DEFAULT_AGENT_MODEL);
    const failing = { run: async () => Promise.reject(new Error("upstream 500")) } as unknown as Ai;
    const chunks = await readChunks(
      runAgent({
        goal: "Quiero una tienda online",
        locale: es,
        studio: "Taller Norte",
        model: workersAIModel(failing, DEFAULT_AGENT_MODEL, "run-1", meter),
        modelName: DEFAULT_AGENT_MODEL,
        neurons: meter,
      }),
    );
    expect(chunks.some((c) => c.type === "data-done")).toBe(true);
    expect(meter.reported).toEqual({ calls: 1, reportedCalls: 0, neurons: 0 });
  });
});

describe("the agent route", () => {
  it("records the neurons Workers AI reported on the run's quota", async () => {
    const quota = createQuota({ store: memoryStore(), salt: "test-salt" });
    const fake = replayBinding(
      twoCalls({ prompt: 900, completion: 30, neurons: 2.5 }, { prompt: 1000, completion: 20, neurons: 4 }),
    );
    const meter = new NeuronMeter(DEFAULT_AGENT_MODEL);
    const model = workersAIModel(fake.binding, DEFAULT_AGENT_MODEL, "run-1", meter);
    const request = new Request("http://localhost/api/agent", {
      method: "POST",
      headers: { "cf-connecting-ip": "203.0.113.9" },
    });
    const response = await startLabUse(request, agentUse({ goal: "Quiero una tienda online", locale: es }), {
      quota,
      model: { model, name: DEFAULT_AGENT_MODEL, estimatedUsage: false, neurons: meter },
    });
    await response.text();
    expect((await quota.today()).neurons).toBe(6.5);
  });
});

describe("a model with no known rate", () => {
  it("is counted at the documented fallback rate and says so, never as free", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const model = "@cf/acme/unpriced-model";
    expect(NEURON_RATES[model]).toBeUndefined();
    const { usage } = await bindingRun(
      twoCalls({ prompt: 900, completion: 30 }, { prompt: 1000, completion: 20 }),
      model,
    );
    expect(usage.neurons).toBe(
      Math.round(((1900 * FALLBACK_NEURON_RATE.input + 50 * FALLBACK_NEURON_RATE.output) / 1_000_000) * 100) / 100,
    );
    expect(usage.neurons).toBeGreaterThan(neuronsFor(DEFAULT_AGENT_MODEL, 1900, 50));
    expect(warn.mock.calls.map(([line]) => JSON.parse(String(line)))).toContainEqual(
      expect.objectContaining({ event: "neuron_rate_unknown", model }),
    );
  });

  it("uses what Workers AI reported when it reports", async () => {
    const { usage } = await bindingRun(
      twoCalls({ prompt: 900, completion: 30, neurons: 7 }, { prompt: 1000, completion: 20, neurons: 8 }),
      "@cf/acme/another-unpriced-model",
    );
    expect(usage.neurons).toBe(15);
  });

  it("gets a meter for an AGENT_MODEL override on REST, the fallback rate included", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const agent = resolveModel("agent", {
      offline: OFFLINE.agent,
      locale: es,
      runId: "run-1",
      context: contextOf({
        AGENT_MODEL: "@cf/acme/override",
        CLOUDFLARE_ACCOUNT_ID: "acc",
        CLOUDFLARE_API_TOKEN: "key",
      }),
    });
    expect(agent.kind).toBe("workers-ai-rest");
    expect(agent.neurons?.model).toBe("@cf/acme/override");
    expect(agent.neurons?.total(1000, 100)).toBeGreaterThan(0);
  });

  it("leaves models that are not Workers AI without neurons", () => {
    expect(
      resolveModel("agent", { offline: OFFLINE.agent, locale: es, runId: "run-1", context: contextOf({}) }).neurons,
    ).toBeUndefined();
  });
});

describe("over REST", () => {
  const restRun = async (bodies: string[]) => {
    const meter = new NeuronMeter(DEFAULT_AGENT_MODEL);
    let call = 0;
    const fakeFetch: typeof fetch = async () =>
      new Response(bodies[call++] ?? sseText(openAIStep({ text: "…" })), {
        headers: { "content-type": "text/event-stream" },
      });
    let summary: AgentRunSummary | undefined;
    await readChunks(
      runAgent({
        goal: "Quiero una tienda online",
        locale: es,
        studio: "Taller Norte",
        model: workersAIRestModel(
          { accountId: "acc", apiKey: "key", fetch: fakeFetch },
          DEFAULT_AGENT_MODEL,
          "run-1",
          meter,
        ),
        modelName: DEFAULT_AGENT_MODEL,
        neurons: meter,
        onFinish: (s) => {
          summary = s;
        },
      }),
    );
    return { summary, meter };
  };

  it("records reported neurons", async () => {
    const { summary } = await restRun(
      twoCalls({ prompt: 900, completion: 30, neurons: 2 }, { prompt: 1000, completion: 20, neurons: 3 }).map(sseText),
    );
    expect(summary?.usage.neurons).toBe(5);
  });

  it("ignores a figure that parses to Infinity", async () => {
    const [first = "", second = ""] = twoCalls(
      { prompt: 900, completion: 30, neurons: 2 },
      { prompt: 1000, completion: 20, neurons: 3 },
    )
      .map(sseText)
      .map((text) => text.replace(/"neurons":\d+/, '"neurons":1e999'));
    expect(first).toContain('"neurons":1e999');
    const { summary, meter } = await restRun([first, second]);
    expect(meter.reported.reportedCalls).toBe(0);
    expect(summary?.usage.neurons).toBe(neuronsFor(DEFAULT_AGENT_MODEL, 1900, 50));
  });
});

describe("the stream's events", () => {
  it("pass on as they came, however the bytes are cut", async () => {
    const text = sseText(
      openAIStep({ text: "Hola, ñandú €. ", calls: [search], usage: { prompt: 9, completion: 3, neurons: 1.25 } }),
    );
    const bytes = new TextEncoder().encode(text);
    const meter = new NeuronMeter(DEFAULT_AGENT_MODEL);
    const fetcher = fetchWithPasses(
      async () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              for (let i = 0; i < bytes.length; i += 7) controller.enqueue(bytes.slice(i, i + 7));
              controller.close();
            },
          }),
          { headers: { "content-type": "text/event-stream" } },
        ),
      workersAICall({ meter, streamWindowMs: 0 }),
    );
    const out = new Uint8Array(await (await fetcher("https://example.invalid")).arrayBuffer());
    expect(out).toEqual(bytes);
    expect(meter.reported).toEqual({ calls: 1, reportedCalls: 1, neurons: 1.25 });
  });

  it("reads the cf-ai-neurons header of a response that is not streamed", async () => {
    const meter = new NeuronMeter(DEFAULT_AGENT_MODEL);
    const fetcher = fetchWithPasses(
      async () => new Response("{}", { headers: { "content-type": "application/json", "cf-ai-neurons": "0.75" } }),
      workersAICall({ meter }),
    );
    await fetcher("https://example.invalid");
    expect(meter.reported.neurons).toBe(0.75);
  });
});
