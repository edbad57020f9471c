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

async function streamed(timed: Timed[], { coalesceMs = 50, maxTokens = 350 } = {}) {
  const clock = { now: 0 };
  vi.spyOn(Date, "now").mockImplementation(() => clock.now);
  const m = meter();
  const model = capModelCalls(timedModel(timed, clock), m, { maxTokens, coalesceMs });
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

describe("the cap merges a call's deltas within its window", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("sends the tokens of one window as one part, in order, and the whole text", async () => {
    const tokens = "Reviso el servicio y estimo el precio de su sitio con blog.".split(/(?<= )/);
    const timed: Timed[] = [
      { at: 0, part: { type: "text-start", id: "t" } },
      ...tokens.map((token, i) => text(i * 20, token)),
      { at: tokens.length * 20, part: { type: "text-end", id: "t" } },
      { at: tokens.length * 20, part: finish },
    ];
    const { parts } = await streamed(timed);
    const deltas = parts.filter((p) => p.type === "text-delta");
    // The first token goes at once; then, 20 ms a token and 50 ms windows, a part closes with the
    // token that arrives 50 ms or more after its first (20, 40, 60, 80 ms): four tokens a part.
    expect(tokens.length).toBe(12);
    expect(deltas.map((p) => p.delta)).toEqual([
      tokens[0],
      tokens.slice(1, 5).join(""),
      tokens.slice(5, 9).join(""),
      tokens.slice(9).join(""),
    ]);
    expect(deltas.map((p) => p.delta).join("")).toBe(tokens.join(""));
    expect(shape(parts)[0]).toBe("text-start");
    expect(shape(parts).slice(-2)).toEqual(["text-end", "finish"]);
  });

  it("sends each token alone with a window of 0", async () => {
    const timed = [text(0, "a"), text(0, "b"), text(0, "c"), { at: 0, part: finish }];
    const { parts } = await streamed(timed, { coalesceMs: 0 });
    expect(shape(parts)).toEqual(["text-delta:a", "text-delta:b", "text-delta:c", "finish"]);
  });

  it("lets no part overtake a held delta, merges only deltas of the same text, and sends a call's arguments whole", async () => {
    const timed: Timed[] = [
      text(0, "Busco "),
      text(1, "el "),
      text(2, "servicio."),
      { at: 3, part: { type: "tool-input-start", id: "c1", toolName: "f" } },
      args(4, "c1", "{"),
      args(5, "c1", '"q":'),
      args(6, "c1", '"blog"}'),
      { at: 6, part: { type: "tool-input-end", id: "c1" } },
      { at: 7, part: { type: "tool-input-start", id: "c2", toolName: "f" } },
      args(8, "c2", "{"),
      args(9, "c2", "}"),
      { at: 9, part: { type: "tool-input-end", id: "c2" } },
      text(10, "x", "t2"),
      text(11, "y", "t2"),
      text(12, "z", "t3"),
      { at: 13, part: finish },
    ];
    const { parts } = await streamed(timed);
    expect(shape(parts)).toEqual([
      "text-delta:Busco ",
      "text-delta:el servicio.",
      "tool-input-start",
      'tool-input-delta:{"q":"blog"}',
      "tool-input-end",
      "tool-input-start",
      "tool-input-delta:{}",
      "tool-input-end",
      "text-delta:x",
      "text-delta:y",
      "text-delta:z",
      "finish",
    ]);
  });

  it("delivers held text before the error of a stream that fails", async () => {
    const timed: Timed[] = [
      text(0, "Hola, "),
      text(5, "su "),
      text(6, "sitio"),
      { at: 10, error: new Error("connection reset") },
    ];
    const { parts, error } = await streamed(timed);
    expect(shape(parts)).toEqual(["text-delta:Hola, ", "text-delta:su sitio"]);
    expect((error as Error).message).toBe("connection reset");
  });

  it("still cuts the call at its cap inside a merged part", async () => {
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

describe("a call cut in the middle of its arguments", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("hands on only the arguments that fit under the cap, never what came past it", async () => {
    const past = "PAST-THE-CAP ".repeat(200);
    const timed: Timed[] = [
      { at: 0, part: { type: "tool-input-start", id: "c1", toolName: "f" } },
      args(1, "c1", '{"query":"tienda '),
      args(2, "c1", past),
      { at: 3, part: { type: "tool-input-end", id: "c1" } },
      { at: 3, part: { type: "tool-call", toolCallId: "c1", toolName: "f", input: `{"query":"tienda ${past}"}` } },
      { at: 4, part: finish },
    ];
    const { parts, meter: m } = await streamed(timed, { maxTokens: 40 });
    const call = parts.find((p) => p.type === "tool-call");
    const input = call?.type === "tool-call" ? call.input : "";
    expect(input.startsWith('{"query":"tienda ')).toBe(true);
    expect(input.length).toBeLessThan('{"query":"tienda '.length + past.length);
    expect(m.output).toBe(40);
    const streamedInput = parts.flatMap((p) => (p.type === "tool-input-delta" ? [p.delta] : [])).join("");
    expect(streamedInput).toBe(input);
    expect(parts.at(-1)).toMatchObject({ type: "finish", finishReason: { raw: "output-cap" } });
  });
});
