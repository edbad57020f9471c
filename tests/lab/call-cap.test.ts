import type { LanguageModelV4, LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type CallMeter, capModelCalls, checkedUsage } from "@/lib/lab/call-cap";

// The cap hands the SDK only counts it can add: a provider's usage strings would be concatenated.
describe("checkedUsage", () => {
  it("keeps finite non-negative counts and drops everything else", () => {
    const usage = checkedUsage({
      inputTokens: { total: "0900", noCache: -3, cacheRead: Number.POSITIVE_INFINITY, cacheWrite: 12.2 },
      outputTokens: { total: Number.NaN, text: 40, reasoning: { n: 1 } },
    });
    expect(usage).toEqual({
      inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: 13 },
      outputTokens: { total: undefined, text: 40, reasoning: undefined },
    });
  });

  it("reads no usage at all as unknown", () => {
    expect(checkedUsage(null).inputTokens.total).toBeUndefined();
    expect(checkedUsage("garbage").outputTokens.total).toBeUndefined();
  });
});

type Part = LanguageModelV4StreamPart;
type Timed = { at: number; part: Part } | { at: number; error: Error };

const meter = (): CallMeter & { output: number } => {
  const m = {
    output: 0,
    startCall() {},
    countOutput(tokens: number) {
      m.output = tokens;
    },
    dropCall() {},
    cutCall() {},
  };
  return m;
};

/** A model whose one call streams `timed`, each part arriving at its `at` (ms, Date.now). */
function timedModel(timed: Timed[], clock: { now: number }): LanguageModelV4 {
  return {
    specificationVersion: "v4",
    provider: "test",
    modelId: "timed",
    supportedUrls: {},
    doGenerate: () => Promise.reject(new Error("stream only")),
    async doStream() {
      let index = 0;
      return {
        stream: new ReadableStream<Part>({
          pull(controller) {
            const next = timed[index++];
            if (!next) return controller.close();
            clock.now = next.at;
            if ("error" in next) controller.error(next.error);
            else controller.enqueue(next.part);
          },
        }),
      };
    },
  };
}

const text = (at: number, delta: string, id = "t"): Timed => ({ at, part: { type: "text-delta", id, delta } });
const args = (at: number, id: string, delta: string): Timed => ({ at, part: { type: "tool-input-delta", id, delta } });
const finish: Part = {
  type: "finish",
  finishReason: { unified: "stop", raw: undefined },
  usage: checkedUsage(undefined),
};

async function streamed(timed: Timed[], { maxTokens = 350 } = {}) {
  const clock = { now: 0 };
  vi.spyOn(Date, "now").mockImplementation(() => clock.now);
  const m = meter();
  const model = capModelCalls(timedModel(timed, clock), m, { maxTokens });
  const { stream } = await model.doStream({
    prompt: [],
    tools: [{ type: "function", name: "f", inputSchema: { type: "object" } }],
  });
  const parts: Part[] = [];
  let error: unknown = null;
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
    }
  } catch (caught) {
    error = caught;
  }
  return { parts, error, meter: m };
}

const shape = (parts: Part[]) =>
  parts.map((p) => (p.type === "text-delta" || p.type === "tool-input-delta" ? `${p.type}:${p.delta}` : p.type));

describe("the cap passes a call's parts through as they come", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("sends each delta on its own, in the order the model streamed it, texts and inputs apart", async () => {
    const timed: Timed[] = [
      text(0, "Busco "),
      text(1, "el "),
      text(2, "servicio."),
      { at: 3, part: { type: "tool-input-start", id: "c1", toolName: "f" } },
      args(4, "c1", "{"),
      args(5, "c1", '"q":'),
      args(6, "c1", '"blog"}'),
      { at: 7, part: { type: "tool-input-start", id: "c2", toolName: "f" } },
      args(8, "c2", "{"),
      args(9, "c2", "}"),
      text(10, "x", "t2"),
      text(11, "y", "t2"),
      { at: 13, part: finish },
    ];
    const { parts } = await streamed(timed);
    expect(shape(parts)).toEqual([
      "text-delta:Busco ",
      "text-delta:el ",
      "text-delta:servicio.",
      "tool-input-start",
      "tool-input-delta:{",
      'tool-input-delta:"q":',
      'tool-input-delta:"blog"}',
      "tool-input-start",
      "tool-input-delta:{",
      "tool-input-delta:}",
      "text-delta:x",
      "text-delta:y",
      "finish",
    ]);
  });

  it("delivers the text it had before the error of a stream that fails", async () => {
    const timed: Timed[] = [
      text(0, "Hola, "),
      text(5, "su "),
      text(6, "sitio"),
      { at: 10, error: new Error("connection reset") },
    ];
    const { parts, error } = await streamed(timed);
    expect(shape(parts)).toEqual(["text-delta:Hola, ", "text-delta:su ", "text-delta:sitio"]);
    expect((error as Error).message).toBe("connection reset");
  });

  it("cuts the call at its cap inside a delta, and sends the part that fits", async () => {
    const words = Array.from({ length: 400 }, (_, i) => `palabra${i} `);
    const timed: Timed[] = [...words.map((word) => text(0, word)), { at: 0, part: finish }];
    const { parts, meter: m } = await streamed(timed, { maxTokens: 100 });
    expect(m.output).toBeLessThanOrEqual(100);
    const finishPart = parts.at(-1) as Extract<Part, { type: "finish" }>;
    expect(finishPart.finishReason.raw).toBe("output-cap");
    const sent = parts.flatMap((p) => (p.type === "text-delta" ? [p.delta] : [])).join("");
    expect(sent.length).toBeGreaterThan(0);
    expect(words.join("").startsWith(sent)).toBe(true);
  });
});
