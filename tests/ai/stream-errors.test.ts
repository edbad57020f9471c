import { describe, expect, it, vi } from "vitest";
import { fetchWithPasses, type StreamEvent } from "@/lib/ai/event-stream";
import { endMarker, inBandErrors, isErrorPayload, ModelStreamError } from "@/lib/ai/stream-errors";
import { through } from "@/tests/support/passes";

// The model's stream as the providers should read it: nothing after the end marker, and a stream
// error at an in-band error. First on events (the passes), then over REST however the bytes are
// cut (the binding's adapter runs the same passes; the wire and adversarial suites replay them
// through the real provider).

const encoder = new TextEncoder();
const text = (value: string) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: value } }] })}\n\n`;

/** `body` served as an event stream in reads of `size` bytes. */
function server(body: string, size: number): typeof fetch {
  const bytes = encoder.encode(body);
  return async () =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < bytes.length; at += size) controller.enqueue(bytes.slice(at, at + size));
          controller.close();
        },
      }),
      { headers: { "content-type": "text/event-stream" } },
    );
}

async function read(body: string, size: number): Promise<{ text: string; error: unknown }> {
  const checked = fetchWithPasses(server(body, size), () => ({ passes: [endMarker(), inBandErrors()] }));
  const response = await checked("https://api.example/run");
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let out = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { text: out + decoder.decode(), error: null };
      out += decoder.decode(value, { stream: true });
    }
  } catch (error) {
    return { text: out, error };
  }
}

const sizes = [1, 2, 3, 5, 7, 11, 64, 4096];

const hola = { data: JSON.stringify({ response: "Hola" }) };

describe("the passes, on events", () => {
  it("endMarker sends the marker on and nothing after it, whatever comes", () => {
    const after = [{ data: '{"error":"late"}' }, { type: "error" }, hola, { data: "[DONE]" }];
    expect(through(endMarker(), [hola, { data: "[DONE]" }, ...after])).toEqual({
      out: [hola, { data: "[DONE]" }],
      error: null,
    });
  });

  it.each<[string, StreamEvent]>([
    ["an error event with data", { type: "error", data: '{"code":4006}' }],
    ["an error event with no data", { type: "error" }],
    ["an error event with plain text", { type: "error", data: "Internal error" }],
    ["an error payload", { data: '{"errors":[{"code":3040}],"success":false}' }],
  ])("inBandErrors fails at %s, after the events before it", (_label, error) => {
    const { out, error: thrown } = through(inBandErrors(), [hola, error, hola]);
    expect(out).toEqual([hola]);
    expect(thrown).toBeInstanceOf(ModelStreamError);
  });

  it("inBandErrors passes typed events that are no error, and text that names one", () => {
    const events = [
      { type: "message_start", data: '{"type":"message_start"}' },
      { type: "ping" },
      { data: '{"response":""error""}' },
    ];
    expect(through(inBandErrors(), events)).toEqual({ out: events, error: null });
  });
});

describe("the checks over REST", () => {
  it("fails the stream at an in-band error, after what came before it, at any read size", async () => {
    const body = `${text("Hola, ")}event: error\ndata: {"code":4006,"message":"AiError: used up"}\n\n${text("más")}data: [DONE]\n\n`;
    for (const size of sizes) {
      const { text: out, error } = await read(body, size);
      expect(error, `size ${size}`).toBeInstanceOf(ModelStreamError);
      expect((error as ModelStreamError).code).toBe(4006);
      expect(out).not.toContain("más");
    }
  });

  it("ends at the end marker: what follows never reaches the provider, at any read size", async () => {
    const body = `${text("Hola é ✓")}data: [DONE]\n\n${text("después")}{"error":"late"}\n\ndata: {"error":"late"}\n\n`;
    for (const size of sizes) {
      const { text: out, error } = await read(body, size);
      expect(error, `size ${size}`).toBeNull();
      expect(out).toBe(`${text("Hola é ✓")}data: [DONE]\n\n`);
    }
  });

  it("passes a stream with no error or end marker on, event for event (comments are not passed on)", async () => {
    const events = `${text("uno")}${text('dos "error" tres')}`;
    const body = `${events}: comment\n\n${text("cuatro")}`;
    for (const size of sizes) {
      expect(await read(body, size)).toEqual({ text: `${events}${text("cuatro")}`, error: null });
    }
  });

  it("reads a last line with no line break, and an error event the stream ends inside", async () => {
    for (const size of sizes) {
      const cut = `${text("uno")}data: {"response":"dos"}`;
      expect(await read(cut, size)).toEqual({ text: `${text("uno")}data: {"response":"dos"}\n\n`, error: null });
      expect((await read(`${text("uno")}event: error`, size)).error).toBeInstanceOf(ModelStreamError);
      // The type after the data, in one event: still an error event.
      const late = `${text("uno")}data: {"message":"overloaded"}\nevent: error\n\n${text("dos")}data: [DONE]\n\n`;
      expect((await read(late, size)).error, `size ${size}`).toBeInstanceOf(ModelStreamError);
    }
  });

  it.each([
    '{"error":{"message":"AiError: used up"}}',
    '{"errors":[{"code":3040,"message":"capacity"}],"success":false}',
    '{"type":"error","error":{"type":"overloaded_error"}}',
    '{"object" : "error","message":"bad"}',
    '{"success":false,"result":null}',
    // The same keys and values written with JSON escapes: what the payload says, not how it spells it.
    '{"\\u0065rror":{"message":"upstream failed","code":3043}}',
    '{"type":"\\u0065rror","error":{"type":"overloaded_error"}}',
    '{"\\u0073uccess":false,"result":null}',
  ])("fails the stream at an error payload on a plain data line: %s", async (payload) => {
    const { error } = await read(`${text("Hola")}data: ${payload}\n\n${text("más")}`, 7);
    expect(error).toBeInstanceOf(ModelStreamError);
  });

  it("parses no ordinary event: only a line that names an error is read as JSON", async () => {
    // What Workers AI streams for Gemma (OpenAI's chunk shape, with "object" and tool "type" keys).
    const chunk = (content: string) =>
      `data: ${JSON.stringify({ id: "c1", object: "chat.completion.chunk", choices: [{ index: 0, delta: { content, tool_calls: [{ index: 0, type: "function" }] } }] })}\n\n`;
    const body = Array.from({ length: 50 }, (_, i) => chunk(`palabra ${i} `)).join("");
    const parse = vi.spyOn(JSON, "parse");
    try {
      expect(await read(body, 64)).toEqual({ text: body, error: null });
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
  });

  it("leaves a response that is not an event stream alone", async () => {
    const heard: unknown[] = [];
    const fetcher = fetchWithPasses(
      async () => Response.json({ errors: [{ code: 4006 }] }, { status: 429 }),
      () => ({ passes: [endMarker(), inBandErrors()], onFailure: (error) => heard.push(error) }),
    );
    const response = await fetcher("https://api.example/run");
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({ errors: [{ code: 4006 }] });
    expect(heard).toEqual([expect.objectContaining({ statusCode: 429 })]);
  });
});

describe("isErrorPayload", () => {
  it.each([
    { error: "x" },
    { error: { message: "x" } },
    { errors: [{ code: 3040 }] },
    { type: "error" },
    { object: "error" },
    { success: false },
  ])("%j is an error", (payload) => {
    expect(isErrorPayload(payload)).toBe(true);
  });

  it.each([
    { error: null },
    { error: "" },
    { errors: [] },
    { response: "error" },
    { type: "message" },
    { success: true },
    "error",
    null,
    [{ error: "x" }],
  ])("%j is no error", (payload) => {
    expect(isErrorPayload(payload)).toBe(false);
  });
});
