import { afterEach, describe, expect, it, vi } from "vitest";
import type { StreamEvent } from "@/lib/ai/event-stream";
import { textMerge, toolCallOrder } from "@/lib/ai/workers-ai-passes";
import { through } from "@/tests/support/passes";

// The two passes Workers AI's streams go through before workers-ai-provider reads them, on bare
// events: what each sends on for a stream of data lines. The wire suite (tests/agent/wire.test.ts)
// runs them over bytes, through the binding's adapter and the real provider.

type Entry = Record<string, unknown>;
const calls = (...entries: unknown[]): StreamEvent => ({
  data: JSON.stringify({ choices: [{ index: 0, delta: { tool_calls: entries } }] }),
});
const native = (...entries: unknown[]): StreamEvent => ({
  data: JSON.stringify({ response: "", tool_calls: entries }),
});
const done: StreamEvent = { data: "[DONE]" };
const text = (value: string): StreamEvent => ({ data: JSON.stringify({ response: value }) });

/** A call's name, native (`name`) or OpenAI-style (`function.name`). */
const nameOf = (entry: Entry) => (entry.function as { name?: string } | undefined)?.name ?? entry.name;

/** The tool-call entries each event sent on carries (none for an event without any). */
function entriesOf(out: StreamEvent[]): Entry[][] {
  return out.map((event) => {
    if (event.data === undefined || event.data === "[DONE]") return [];
    const payload = JSON.parse(event.data) as {
      tool_calls?: Entry[];
      choices?: { delta?: { tool_calls?: Entry[] } }[];
    };
    return payload.tool_calls ?? payload.choices?.[0]?.delta?.tool_calls ?? [];
  });
}

describe("toolCallOrder, on events", () => {
  it("holds a call's arguments that come before its name, then sends the call whole", () => {
    const { out, error } = through(toolCallOrder(), [
      calls({ index: 0, function: { arguments: '{"query":' } }),
      calls({ index: 0, function: { arguments: '"tienda"}' } }),
      calls({ index: 0, id: "a", function: { name: "search_site", arguments: "" } }),
      done,
    ]);
    expect(error).toBeNull();
    expect(entriesOf(out).flat()).toEqual([
      { index: 0, id: "a", type: "function", function: { name: "search_site", arguments: '{"query":"tienda"}' } },
    ]);
    expect(out.at(-1)).toEqual(done);
  });

  it("gives each native call without an index the next free one (the provider reads none as 0)", () => {
    const { out } = through(toolCallOrder(), [
      native({ name: "get_service", arguments: { serviceId: "landing-page" } }, { name: "search_site", arguments: {} }),
    ]);
    expect(
      entriesOf(out)
        .flat()
        .map((entry) => [entry.index ?? 0, nameOf(entry)]),
    ).toEqual([
      [0, "get_service"],
      [1, "search_site"],
    ]);
  });

  it("streams the first call through and sends an interleaved later one whole, before [DONE]", () => {
    const { out } = through(toolCallOrder(), [
      calls({ index: 0, id: "a", function: { name: "get_service", arguments: '{"serviceId":' } }),
      calls({ index: 1, id: "b", function: { name: "search_site", arguments: '{"query":' } }),
      calls({ index: 0, function: { arguments: '"landing-page"}' } }),
      calls({ index: 1, function: { arguments: '"blog"}' } }),
      done,
    ]);
    const sent = entriesOf(out);
    // The live call's two pieces as they came; the held one goes out whole just before the marker.
    expect(sent.flat().filter((entry) => entry.index === 0)).toHaveLength(2);
    expect(sent.at(-2)).toEqual([
      { index: 1, id: "b", type: "function", function: { name: "search_site", arguments: '{"query":"blog"}' } },
    ]);
    expect(out.at(-1)).toEqual(done);
  });

  it("still sends what it holds when the stream stops before [DONE]", () => {
    const { out } = through(toolCallOrder(), [
      calls({ index: 0, id: "a", function: { name: "get_service", arguments: "{}" } }),
      calls({ index: 1, id: "b", function: { name: "search_site", arguments: "{}" } }),
    ]);
    expect(
      entriesOf(out)
        .flat()
        .map((entry) => entry.id),
    ).toEqual(["a", "b"]);
  });

  it("drops entries that are not calls, keeping the event's other fields", () => {
    const event = {
      data: JSON.stringify({ choices: [{ index: 0, delta: { content: "ok", tool_calls: [null, 3] } }] }),
    };
    const { out } = through(toolCallOrder(), [event]);
    expect(JSON.parse(out[0]?.data ?? "")).toEqual({ choices: [{ index: 0, delta: { content: "ok" } }] });
  });

  it("sends every other event on as it came, the same object", () => {
    const events = [text("Hola"), { type: "error" }, { data: "not json, tool_calls" }, done];
    const { out } = through(toolCallOrder(), events);
    expect(out).toHaveLength(events.length);
    for (const [i, event] of out.entries()) expect(event).toBe(events[i]);
  });
});

describe("textMerge, on events", () => {
  afterEach(() => vi.useRealTimers());

  it("sends every event as it came with a window of 0", () => {
    const events = [text("Ho"), text("la"), done];
    const { out } = through(textMerge(0), events);
    for (const [i, event] of out.entries()) expect(event).toBe(events[i]);
  });

  it("sends the first text at once and merges the rest until the window has passed", () => {
    vi.useFakeTimers();
    const pass = textMerge(50);
    const out: StreamEvent[] = [];
    const push = (event: StreamEvent) => pass.event(event, (sent) => out.push(sent));
    push(text("Ho"));
    expect(out).toEqual([text("Ho")]);
    push(text("la"));
    vi.advanceTimersByTime(20);
    push(text(", "));
    expect(out).toHaveLength(1);
    vi.advanceTimersByTime(40);
    push(text("¿qué"));
    expect(out.map((event) => JSON.parse(event.data ?? "").response)).toEqual(["Ho", "la, ¿qué"]);
  });

  it("sends merged text before any other event, and what it holds at the end", () => {
    vi.useFakeTimers();
    const call = calls({ index: 0, id: "a", function: { name: "search_site", arguments: "{}" } });
    const { out } = through(textMerge(50), [text("Ho"), text("la"), text(" y"), call, text("Listo"), text("."), done]);
    const responses = out.map((event) => (event.data?.startsWith("{") ? JSON.parse(event.data).response : event.data));
    expect(responses).toEqual(["Ho", "la y", undefined, "Listo.", "[DONE]"]);
    expect(out[2]).toBe(call);
  });

  it("leaves typed events and text with other fields alone", () => {
    vi.useFakeTimers();
    const finish = {
      data: JSON.stringify({ choices: [{ index: 0, delta: { content: "." }, finish_reason: "stop" }] }),
    };
    const typed = { type: "message", data: JSON.stringify({ response: "x" }) };
    const { out } = through(textMerge(50), [text("a"), text("b"), finish, typed]);
    expect(out.slice(1)).toEqual([text("b"), finish, typed]);
  });
});
