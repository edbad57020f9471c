import type { LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StreamEvent } from "@/lib/ai/event-stream";
import { PADDING_FIELD, unparsedOutput } from "@/lib/ai/unparsed-output";
import { capModelCalls } from "@/lib/lab/call-cap";
import { SingleCallMeter } from "@/lib/lab/call-meter";
import { replayModel } from "@/tests/support/agent-run";
import { through } from "@/tests/support/passes";
import {
  chunk,
  finishChunk,
  pieces,
  type SseEvent,
  textChunks,
  toolCallChunks,
  usageChunk,
} from "@/tests/support/workers-ai-replay";

// Every byte the model sends counts against the call's cap, parsed by workers-ai-provider or not:
// what the provider would drop reaches it as reasoning (counted, never shown); Workers AI's own
// padding is not the model's output and is not counted. On bare events, then through the real
// provider and the cap with a call cap under 350 (the agent's `callCap()` on a short budget).

const data = (payload: unknown): StreamEvent => ({ data: JSON.stringify(payload) });
const reasoningOf = (event: StreamEvent | undefined) =>
  (JSON.parse(event?.data ?? "{}") as { choices?: { delta?: { reasoning_content?: string } }[] }).choices?.[0]?.delta
    ?.reasoning_content;

describe("unparsedOutput, on events", () => {
  it.each([
    ["delta.thinking", { choices: [{ index: 0, delta: { thinking: "hidden words" } }] }],
    [
      "reasoning beside reasoning_content",
      { choices: [{ index: 0, delta: { reasoning_content: "", reasoning: "hidden words" } }] },
    ],
    ["a top-level field", { id: "x", choices: [], thoughts: "hidden words" }],
    ["a native event's reasoning", { response: "", reasoning: "hidden words" }],
    ["a field of the first choice", { choices: [{ index: 0, delta: {}, thinking: "hidden words" }] }],
    [
      "a second choice",
      {
        choices: [
          { index: 0, delta: {} },
          { index: 1, delta: { content: "hidden words" } },
        ],
      },
    ],
    ["content that is not a string", { choices: [{ index: 0, delta: { content: ["hidden words"] } }] }],
    ["padding that is not a string", { response: "", [PADDING_FIELD]: { text: "hidden words" } }],
  ])("%s: sent first as reasoning, and taken out of the event", (_name, payload) => {
    const { out, error } = through(unparsedOutput(), [data(payload)]);
    expect(error).toBeNull();
    expect(out).toHaveLength(2);
    expect(reasoningOf(out[0])).toContain("hidden words");
    expect(out[1]?.data).not.toContain("hidden words");
  });

  it("data that is not JSON is counted as reasoning, and still passed on", () => {
    const garbage = { data: "<think>hidden words" };
    const { out } = through(unparsedOutput(), [garbage]);
    expect(reasoningOf(out[0])).toBe("<think>hidden words");
    expect(out[1]).toBe(garbage);
  });

  it("leaves what the provider reads, metadata, padding and the end marker as they are, adding nothing", () => {
    const events = [
      data({ response: "Hola", [PADDING_FIELD]: "abcdefghijklmnopqrstuvwxyz0123" }),
      data({ ...chunk({ content: "Hola", reasoning_content: "pensar" }), [PADDING_FIELD]: "abcdefgh" }),
      data(chunk({ tool_calls: [{ index: 0, id: "a", function: { name: "search_site", arguments: "{}" } }] })),
      data({ ...chunk({}), choices: [], usage: { prompt_tokens: 9, completion_tokens: 2 } }),
      data(finishChunk("stop")),
      { data: "[DONE]" },
    ];
    const { out } = through(unparsedOutput(), events);
    expect(out).toHaveLength(events.length);
    out.forEach((event, index) => {
      expect(event).toBe(events[index]);
    });
  });
});

type Part = LanguageModelV4StreamPart;

/** One call of the real provider over `events`, under the cap with `callCap` as the call's own cap. */
async function capped(events: SseEvent[], callCap = 350) {
  const replay = replayModel([{ events }], { streamWindowMs: 0 });
  const meter = new (class extends SingleCallMeter {
    callCap = () => callCap;
  })({ inputEstimate: 100, maxOutputTokens: 350 });
  const model = capModelCalls(replay.model, meter, { maxTokens: 350 });
  const { stream } = await model.doStream({
    prompt: [{ role: "user", content: [{ type: "text", text: "Una tienda online" }] }],
    tools: [{ type: "function", name: "search_site", inputSchema: { type: "object" } }],
  });
  const parts: Part[] = [];
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) parts.push(next.value);
  const finish = parts.find((part) => part.type === "finish");
  meter.recordCall({ outputTokens: finish?.type === "finish" ? finish.usage.outputTokens.total : undefined });
  return { parts, meter };
}

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("through workers-ai-provider and the cap", () => {
  const thinking = pieces("The user wants an online store for clothes. ".repeat(135), 35);
  const call = [
    ...toolCallChunks({ name: "search_site", args: { query: "tienda" } }),
    finishChunk("tool_calls"),
    usageChunk({ prompt: 900, completion: 45 }),
  ];

  it("~1,900 tokens of delta.thinking, then a tool call: cut at the call's own cap of 120 and booked at it", async () => {
    const { parts, meter } = await capped(
      [...thinking.map((piece) => chunk({ thinking: piece } as never)), ...call],
      120,
    );
    expect(meter.cut).toBe(true);
    expect(meter.outputTokens).toBe(120);
    expect(parts.filter((part) => part.type.startsWith("tool"))).toEqual([]);
    expect(parts.find((part) => part.type === "finish")).toMatchObject({ finishReason: { raw: "output-cap" } });
  });

  it("the same thinking in an unknown top-level field of native events: cut at 350", async () => {
    const { meter } = await capped([...thinking.map((piece) => ({ response: "", notes: piece })), ...call]);
    expect(meter.cut).toBe(true);
    expect(meter.outputTokens).toBe(350);
  });

  it("Workers AI's padding on every event is not counted: the answer books what the same answer without it books", async () => {
    const answer = "Le recomiendo la tienda en línea, con catálogo y pagos. ".repeat(4);
    const plain = textChunks(answer, 4);
    const padded = plain.map((event, index) => ({
      ...(event as object),
      [PADDING_FIELD]: "x0Yq".repeat(8 + (index % 13)),
    }));
    const end = [finishChunk("stop"), usageChunk({ prompt: 900, completion: 0 })];
    const without = await capped([...plain, ...end]);
    const withPadding = await capped([...padded, ...end]);
    expect(without.meter.cut).toBe(false);
    expect(withPadding.meter.cut).toBe(false);
    expect(withPadding.meter.outputTokens).toBe(without.meter.outputTokens);
    expect(withPadding.parts.filter((part) => part.type === "reasoning-delta")).toEqual([]);
  });
});
