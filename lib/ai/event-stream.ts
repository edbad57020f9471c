/**
 * The one byte layer under the providers: a model's server-sent event stream is read once into
 * events, each concern (the end marker, in-band errors, neurons, tool-call order, text merging) is a
 * small pass over those events, and what the last pass sends on is written back as SSE for the
 * provider. One adapter wraps the `AI` binding and one wraps `fetch` (Workers AI's REST API and the
 * other hosted models); `providers.ts` says, once, which passes a model's calls go through.
 *
 * The stream is read the way workers-ai-provider reads it (its `SSEDecoder`): line by line, each
 * `data:` line one payload, a last line with no line break still read. So each `data:` line is one
 * event here, carrying the `event:` type it was sent under. A type with no data (`event: error`
 * then a blank line) is an event too: the spec's parsers, `eventsource-parser` among them, drop it,
 * and it is how a server may say it failed. Comments, `id:` and `retry:` lines are not passed on:
 * no model provider reads them.
 *
 * The Anthropic and OpenAI-compatible providers read SSE by the spec (`eventsource-parser`), and
 * their streams go through the same reader for the checks. Their servers send each event's JSON on
 * one `data:` line. An event sent over several `data:` lines would reach them as several events
 * that do not parse, so the call fails rather than reading a payload the checks never saw whole.
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

/** An event as SSE text, one payload to an event. */
function written({ type, data }: StreamEvent): string {
  return `${type === undefined ? "" : `event: ${type}\n`}${data === undefined ? "" : `data: ${data}\n`}\n`;
}

/** SSE bytes in, through `plan`'s passes, SSE bytes out: the stream's one read and one write. */
export function eventStream(plan: CallPlan): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let out = "";
  const { push, end } = chain(plan.passes, (event) => {
    out += written(event);
  });
  let buffer = "";
  /**
   * The current event's type, until the blank line that ends it, and whether a data line went on
   * under it. A type that no data line carried (none came, or the `event:` line came after them)
   * goes on by itself when the event ends, so `data: …` then `event: error` still fails the stream.
   */
  let type: string | undefined;
  let typeSent = false;

  function line(raw: string): void {
    const text = raw.trim();
    if (text === "") {
      if (type !== undefined && !typeSent) push({ type });
      type = undefined;
      typeSent = false;
    } else if (text.startsWith("data:")) {
      typeSent = type !== undefined;
      push(type === undefined ? { data: text.slice(5).trim() } : { type, data: text.slice(5).trim() });
    } else if (text.startsWith("event:")) {
      type = text.slice(6).trim() || undefined;
      typeSent = false;
    }
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
        buffer += decoder.decode(chunk, { stream: true });
        let start = 0;
        for (let at = buffer.indexOf("\n"); at !== -1; at = buffer.indexOf("\n", start)) {
          line(buffer.slice(start, at));
          start = at + 1;
        }
        buffer = buffer.slice(start);
      }, controller);
    },
    flush(controller) {
      sending(() => {
        buffer += decoder.decode();
        // A last line with no line break, and the event it ends.
        if (buffer !== "") line(buffer);
        line("");
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
