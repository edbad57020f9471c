/**
 * The one byte layer under the providers: a model's server-sent event stream is read once into
 * events, each concern (the end marker, in-band errors, neurons, tool-call order, text merging) is a
 * small pass over those events, and what the last pass sends on is written back as SSE for the
 * provider. One adapter wraps the `AI` binding and one wraps `fetch` (Workers AI's REST API and the
 * other hosted models); `providers.ts` says, once, which passes a model's calls go through.
 *
 * The stream is read as the Server-Sent Events spec says (html.spec.whatwg.org, "Parsing an event
 * stream"): lines end in CRLF, LF or a lone CR; a field's value loses one leading space; the `data:`
 * lines of one event are joined with "\n" and the event goes at its blank line; comments, `id:` and
 * `retry:` are not passed on (no model provider reads them). Two things beyond the spec's parsers
 * (`eventsource-parser` among them, which the tests compare this reader with): a last event that
 * lacks its blank line still goes when the stream ends, and a typed event with no data
 * (`event: error` then a blank line) is an event too, since it is how a server may say it failed.
 * What a pass sends on is written back with one `data:` line an event, a JSON payload that came over
 * several lines re-serialised on one: the provider under it (workers-ai-provider's `SSEDecoder`)
 * reads each `data:` line as a payload of its own.
 */

/** One payload of the stream: a `data:` line's text, or a typed event that had none. */
export type StreamEvent = { type?: string; data?: string };

export type Emit = (event: StreamEvent) => void;

/**
 * One concern of the stream, as a pass over its events: `event` sends on whatever should follow
 * (nothing, the event, a changed one, several), `end` what is still held when the stream ends.
 * A pass that throws fails the stream there; what later passes still hold (merged text, held
 * calls) is dropped with the failed call.
 */
export type EventPass = {
  event(event: StreamEvent, emit: Emit): void;
  end?(emit: Emit): void;
};

/** The end marker Workers AI and OpenAI-compatible servers send as their last data line. */
const END_MARKER = "[DONE]";

/** Whatever its type: the provider reads every data line alike. */
export const isEndMarker = (event: StreamEvent) => event.data === END_MARKER;

/** Told of every failure of a call: thrown by the binding, an HTTP error, an in-band error. */
export type FailureListener = (error: unknown) => void;

/**
 * What one model call's stream goes through, made fresh for each call (passes hold state):
 * the passes in order, who hears of a failure, and who reads the neurons of a response that was
 * not streamed (the binding's output object, REST's `cf-ai-neurons` header).
 */
export type CallPlan = {
  passes: EventPass[];
  onFailure?: FailureListener;
  unstreamedNeurons?: (value: unknown) => void;
};

/** The events of `passes`, in order: each pass's output is the next one's input. */
function chain(passes: EventPass[], last: Emit): { push: Emit; end: () => void } {
  const links: { pass: EventPass; next: Emit }[] = [];
  let push = last;
  for (const pass of [...passes].reverse()) {
    const next = push;
    links.unshift({ pass, next });
    push = (event) => pass.event(event, next);
  }
  return {
    push,
    end() {
      for (const { pass, next } of links) pass.end?.(next);
    },
  };
}

/** An event as SSE text, its payload on one `data:` line (a JSON payload sent over several, re-serialised). */
function written({ type, data }: StreamEvent): string {
  return `${type === undefined ? "" : `event: ${type}\n`}${data === undefined ? "" : dataLines(data)}\n`;
}

function dataLines(data: string): string {
  if (!/[\r\n]/.test(data)) return `data: ${data}\n`;
  try {
    return `data: ${JSON.stringify(JSON.parse(data))}\n`;
  } catch {
    // Not JSON: each line goes as the provider would read it, and fails there like any garbage.
    return data
      .split(/\r\n|\r|\n/)
      .map((line) => `data: ${line}\n`)
      .join("");
  }
}

/**
 * The spec's event stream reader (see above): `line` takes each line without its end, `end` the
 * stream's end. Pushes `{ type?, data? }` events.
 */
function eventReader(push: Emit): { line(text: string): void; end(): void } {
  let type: string | undefined;
  let data: string[] = [];
  function dispatch(): void {
    if (data.length > 0) push(type === undefined ? { data: data.join("\n") } : { type, data: data.join("\n") });
    else if (type !== undefined) push({ type });
    type = undefined;
    data = [];
  }
  return {
    line(text) {
      if (text === "") return dispatch();
      if (text.startsWith(":")) return;
      const colon = text.indexOf(":");
      const field = colon === -1 ? text : text.slice(0, colon);
      let value = colon === -1 ? "" : text.slice(colon + 1);
      if (value.startsWith(" ")) value = value.slice(1);
      if (field === "data") data.push(value);
      else if (field === "event") type = value || undefined;
    },
    end: dispatch,
  };
}

/** SSE bytes in, through `plan`'s passes, SSE bytes out: the stream's one read and one write. */
export function eventStream(plan: CallPlan): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let out = "";
  const { push, end } = chain(plan.passes, (event) => {
    out += written(event);
  });
  const reader = eventReader(push);
  // The text after the last line end, in the pieces it came in: a long line arriving in many reads
  // is joined once, when its end comes, not copied again on every read.
  let pieces: string[] = [];
  let openCR = false;
  const ends = /\r\n|\r|\n/g;

  /** Reads every whole line of what came; a CR at the very end waits (an LF may follow it). */
  function read(text: string, final: boolean): void {
    if (!final && !openCR && !/[\r\n]/.test(text)) {
      if (text) pieces.push(text);
      return;
    }
    const buffer = pieces.join("") + text;
    let start = 0;
    ends.lastIndex = 0;
    for (let match = ends.exec(buffer); match; match = ends.exec(buffer)) {
      if (match[0] === "\r" && match.index === buffer.length - 1 && !final) break;
      reader.line(buffer.slice(start, match.index));
      start = match.index + match[0].length;
    }
    const rest = buffer.slice(start);
    pieces = rest ? [rest] : [];
    openCR = rest.endsWith("\r");
  }

  /** Runs `step`, then sends what the passes wrote, even when a pass failed the stream. */
  function sending(step: () => void, controller: TransformStreamDefaultController<Uint8Array>): void {
    try {
      step();
    } catch (error) {
      plan.onFailure?.(error);
      throw error;
    } finally {
      if (out) controller.enqueue(encoder.encode(out));
      out = "";
    }
  }

  return new TransformStream({
    transform(chunk, controller) {
      sending(() => {
        read(decoder.decode(chunk, { stream: true }), false);
      }, controller);
    },
    flush(controller) {
      sending(() => {
        read(decoder.decode(), true);
        // A last line with no line break, and the event it ends.
        const last = pieces.join("");
        if (last !== "") reader.line(last);
        pieces = [];
        reader.end();
        end();
      }, controller);
    },
  });
}

type Run = (model: string, inputs: Record<string, unknown>, options?: AiOptions) => Promise<unknown>;

/** The `AI` binding, each call's stream read through `planCall()`'s passes; everything else is the binding's. */
export function bindingWithPasses(binding: Ai, planCall: () => CallPlan): Ai {
  const run: Run = async (model, inputs, options) => {
    const plan = planCall();
    let output: unknown;
    try {
      output = await (binding.run as unknown as Run)(model, inputs, options);
    } catch (error) {
      plan.onFailure?.(error);
      throw error;
    }
    if (output instanceof ReadableStream) return output.pipeThrough(eventStream(plan));
    if (output && typeof output === "object") {
      plan.unstreamedNeurons?.((output as { usage?: { neurons?: unknown } }).usage?.neurons);
    }
    return output;
  };
  return new Proxy(binding, {
    get(target, property) {
      if (property === "run") return run;
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** `fetch` for a model's REST API, each response's event stream read through `planCall()`'s passes. */
export function fetchWithPasses(fetcher: typeof fetch, planCall: () => CallPlan): typeof fetch {
  return async (input, init) => {
    const plan = planCall();
    const response = await fetcher(input, init);
    if (!response.ok && plan.onFailure) {
      // What the provider will read as an APICallError, told here in the same terms.
      const responseBody = await response
        .clone()
        .text()
        .catch(() => "");
      plan.onFailure({
        statusCode: response.status,
        responseBody: responseBody.slice(0, 20_000),
        responseHeaders: { "retry-after": response.headers.get("retry-after") ?? undefined },
      });
    }
    const streamed = response.headers.get("content-type")?.includes("text/event-stream");
    if (!streamed || !response.body) {
      const header = response.headers.get("cf-ai-neurons");
      if (header !== null && header.trim() !== "") plan.unstreamedNeurons?.(Number(header));
      return response;
    }
    return new Response(response.body.pipeThrough(eventStream(plan)), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
