import { createParser, type EventSourceMessage } from "eventsource-parser";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { eventStream, type StreamEvent } from "@/lib/ai/event-stream";
import { serviceIds } from "@/lib/quote/estimate";
import { playRun, replayModel } from "@/tests/support/agent-run";
import {
  finishChunk,
  openAIStep,
  RawSse,
  type ReplayStep,
  sseText,
  textChunks,
  toolCallChunks,
  usageChunk,
} from "@/tests/support/workers-ai-replay";

// The model's stream is read as the Server-Sent Events spec says, in the one reader under every
// provider (lib/ai/event-stream.ts): every line ending (LF, CRLF, a lone CR), one event's data over
// several `data:` lines, a last event with no blank line after it. `eventsource-parser` is the
// reference: on any stream, cut anywhere, the reader finds the events it finds. Then the same
// streams through the real workers-ai-provider, in an agent run.

const SERVICE = serviceIds()[0] ?? "";

/** What the reader hands its passes for `text` arriving in pieces of `size` bytes. */
async function readEvents(text: string, size: number): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  const bytes = new TextEncoder().encode(text);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += size) controller.enqueue(bytes.slice(at, at + size));
      controller.close();
    },
  }).pipeThrough(eventStream({ passes: [{ event: (event) => events.push(event) }] }));
  await new Response(stream).arrayBuffer();
  return events;
}

/** The events eventsource-parser finds in `text`, with the stream's last event flushed as the reader does. */
function referenceEvents(text: string): StreamEvent[] {
  const events: StreamEvent[] = [];
  const parser = createParser({
    onEvent: (event: EventSourceMessage) =>
      events.push(event.event === undefined ? { data: event.data } : { type: event.event, data: event.data }),
  });
  // The stream's bytes are decoded as TextDecoder does, which drops a leading BOM.
  parser.feed(text.replace(/^\ufeff/, ""));
  // The end of the stream ends its last line and its last event.
  parser.feed("\n\n");
  return events;
}

/** A small random generator, so a failure replays. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function generatedStream(next: () => number): string {
  const eol = () => ["\n", "\r", "\r\n"][Math.floor(next() * 3)] ?? "\n";
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)] as T;
  let text = next() < 0.2 ? "\ufeff" : "";
  const events = 1 + Math.floor(next() * 6);
  for (let k = 0; k < events; k++) {
    if (next() < 0.3) text += `: keep-alive${eol()}`;
    if (next() < 0.3) text += `event:${pick(["", " message", " error", "delta"])}${eol()}`;
    const lines = Math.floor(next() * 4);
    for (let line = 0; line < lines; line++) {
      text += `${pick(["data: ", "data:", "data:  "])}${pick(['{"a":', '"ñ 😀 \u202e"', "}", "", "[DONE]", "x:y"])}${eol()}`;
    }
    if (next() < 0.2) text += `id: ${k}${eol()}retry: 10${eol()}`;
    // The last event may lack its blank line.
    if (k < events - 1 || next() < 0.5) text += eol();
  }
  return text;
}

describe("the reader finds the events eventsource-parser finds", () => {
  it("on 400 generated streams, every line ending, cut at any byte", async () => {
    const next = random(59);
    for (let run = 0; run < 400; run++) {
      const text = generatedStream(next);
      const expected = referenceEvents(text);
      for (const size of [1, 2, 3, 7, 64]) {
        const events = (await readEvents(text, size)).filter((event) => event.data !== undefined);
        expect(events, JSON.stringify(text)).toEqual(expected);
      }
    }
  });

  it("joins an event's data lines with a line break, and keeps a typed event with no data", async () => {
    const text = 'data: {"a":\r\ndata: 1}\r\n\r\nevent: error\r\rdata: last';
    expect(await readEvents(text, 1)).toEqual([{ data: '{"a":\n1}' }, { type: "error" }, { data: "last" }]);
  });
});

describe("through workers-ai-provider, an agent run reads", () => {
  beforeEach(() => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    return () => vi.restoreAllMocks();
  });

  /** A step's SSE with its line endings replaced, sent as written. */
  const withEndings = (step: ReplayStep, eol: string): ReplayStep => ({
    events: [new RawSse(sseText(step).replace(/\n/g, eol))],
    end: "truncated",
  });

  const toolThenAnswer = (n: number): ReplayStep =>
    n === 0
      ? openAIStep({ calls: [{ name: "get_service", args: { serviceId: SERVICE } }] })
      : openAIStep({ text: "Ok, that is the service." });

  it.each([
    ["CR", "\r"],
    ["CRLF", "\r\n"],
    ["LF", "\n"],
  ])("a stream whose lines end in %s", async (_label, eol) => {
    const { model } = replayModel((n) => withEndings(toolThenAnswer(n), eol), { streamWindowMs: 0 });
    const run = await playRun({ model, streamWindowMs: 0, goal: SERVICE });
    expect(run.done).toMatchObject({ reason: "answered", toolCalls: 1 });
    expect(run.text).toBe("Ok, that is the service.");
  });

  it("a tool call whose event's data comes over several data: lines", async () => {
    const split = (step: ReplayStep): ReplayStep => {
      const sse = sseText(step);
      // Each JSON payload cut into three data lines, at commas.
      const text = sse.replace(/^data: (\{.*\})$/gm, (_line, json: string) =>
        json
          .split(/(?<=,)/)
          .map((piece) => `data: ${piece}`)
          .join("\n"),
      );
      return { events: [new RawSse(text)], end: "truncated" };
    };
    const { model } = replayModel((n) => split(toolThenAnswer(n)), { streamWindowMs: 0 });
    const run = await playRun({ model, streamWindowMs: 0, goal: SERVICE });
    expect(run.tools.map((tool) => [tool.name, tool.input])).toEqual([["get_service", { serviceId: SERVICE }]]);
    expect(run.done).toMatchObject({ reason: "answered", toolCalls: 1 });
  });

  it("a last event with no blank line after it (its usage)", async () => {
    const step = (n: number): ReplayStep => {
      const events =
        n === 0
          ? [...toolCallChunks({ name: "get_service", args: { serviceId: SERVICE } }), finishChunk("tool_calls")]
          : [...textChunks("Ok."), finishChunk("stop")];
      const body = sseText({ events, end: "truncated" });
      const usage = JSON.stringify(usageChunk({ prompt: 1234, completion: 56 }));
      return { events: [new RawSse(`${body}data: ${usage}`)], end: "truncated" };
    };
    const { model } = replayModel(step, { streamWindowMs: 0 });
    const run = await playRun({ model, streamWindowMs: 0, goal: SERVICE });
    expect(run.done).toMatchObject({ reason: "answered", toolCalls: 1 });
    expect(run.done.usage.inputTokens).toBe(2 * 1234);
    expect(run.done.usage.estimated).toBe(false);
  });
});

describe("arguments of any depth or size are refused as invalid, never a crash", () => {
  beforeEach(() => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    return () => vi.restoreAllMocks();
  });

  const arrays = `${"[".repeat(10_000)}1${"]".repeat(10_000)}`;
  const objects = `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`;
  it.each([
    [
      "10,000 levels of arrays, native",
      `{"response":"","tool_calls":[{"name":"search_site","arguments":{"query":${arrays}}}]}`,
    ],
    [
      "10,000 levels of objects, native",
      `{"response":"","tool_calls":[{"name":"search_site","arguments":${objects}}]}`,
    ],
    [
      "10,000 levels, OpenAI-style, whole in one event",
      `{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c1","type":"function","function":{"name":"search_site","arguments":{"query":${arrays}}}}]},"finish_reason":null}]}`,
    ],
    [
      "a megabyte of one string",
      `{"response":"","tool_calls":[{"name":"search_site","arguments":{"query":"${"a".repeat(1_000_000)}"}}]}`,
    ],
  ])("%s", async (_label, payload) => {
    const { model } = replayModel(
      (n) => (n === 0 ? { events: [new RawSse(`data: ${payload}\n\n`)] } : openAIStep({ text: "Ok." })),
      { streamWindowMs: 0 },
    );
    const run = await playRun({ model, streamWindowMs: 0, goal: SERVICE });
    expect(run.done.reason).toBe("answered");
    expect(run.done.toolCalls).toBe(0);
    expect(run.tools).toHaveLength(1);
    expect(run.tools[0]?.error).toBeTruthy();
    expect(run.text).toBe("Ok.");
  });
});
