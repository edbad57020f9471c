/** What the checks do with each chunk of the raw stream and at its end: `emit` sends bytes on. */
type StreamPass = {
  transform(chunk: Uint8Array, emit: (chunk: Uint8Array) => void): void;
  flush?(emit: (chunk: Uint8Array) => void): void;
};

/** `pass` as a `TransformStream`, so it composes with the binding's other passes by `pipeThrough`. */
function asTransform(pass: StreamPass): TransformStream<Uint8Array, Uint8Array> {
  return new TransformStream({
    transform: (chunk, controller) => pass.transform(chunk, (out) => controller.enqueue(out)),
    flush: (controller) => pass.flush?.((out) => controller.enqueue(out)),
  });
}

/**
 * An error the model's server sent inside a stream that had started well (HTTP 200): an SSE
 * `event: error`, or a data payload that is an error object. `body` is the payload as sent (its
 * JSON when it parses), `code` and `status` what it names, for `modelUnavailable` to read.
 */
export class ModelStreamError extends Error {
  override readonly name = "ModelStreamError";
  readonly code: number | undefined;
  readonly status: number | undefined;

  constructor(
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    const { code, status } = codesOf(body);
    this.code = code;
    this.status = status;
  }
}

/** What an error payload has in its raw JSON, for `isErrorPayload` to decide (see it). */
const ERROR_HINT = /"errors?"\s*:|"(?:type|object)"\s*:\s*"error"|"success"\s*:\s*false/;

/**
 * Whether an event's payload is an error object, in any shape the servers behind the Lab's
 * models use: `{ error: … }` (OpenAI-compatible servers, vLLM, llama.cpp, Ollama),
 * `{ errors: [ … ] }` or `{ success: false }` (Cloudflare's API envelope), `{ type: "error" }`
 * (Anthropic-style events) and `{ object: "error" }` (vLLM, Mistral). A field that is present but
 * empty (`error: null`, `errors: []`) is no error.
 */
export function isErrorPayload(payload: unknown): boolean {
  if (!payload || typeof payload !== "object" || Array.isArray(payload)) return false;
  const event = payload as Record<string, unknown>;
  const { error, errors } = event;
  if (error !== undefined && error !== null && error !== false && error !== "") return true;
  if (Array.isArray(errors) && errors.length > 0) return true;
  return event.type === "error" || event.object === "error" || event.success === false;
}

/**
 * The stream as it should be read: nothing after its end marker (`data: [DONE]`), and a stream
 * error at the first in-band error, after the events before it have gone on. Without this the
 * provider skips both (it ignores the SSE event type, and an error object has no text), so an
 * answer cut by an error would end as answered, and events after the end would still count.
 */
function streamChecks(onFailure?: (error: unknown) => void): StreamPass {
  const checked = inBand();
  if (!onFailure) return checked;
  const noted =
    <A extends unknown[]>(step: (...args: A) => void) =>
    (...args: A) => {
      try {
        step(...args);
      } catch (error) {
        onFailure(error);
        throw error;
      }
    };
  return { transform: noted(checked.transform), flush: checked.flush && noted(checked.flush) };
}

function inBand(): StreamPass {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let line = "";
  /** The current event's type (`event:` field), until the blank line that ends it. */
  let eventType = "";
  let ended = false;

  /** Checks one whole line; true when it is the end marker. */
  function check(text: string): boolean {
    const trimmed = text.trim();
    if (trimmed === "") {
      if (eventType === "error") throw new ModelStreamError("the model's stream sent an error event", null);
      eventType = "";
      return false;
    }
    if (trimmed.startsWith("event:")) {
      eventType = trimmed.slice(6).trim();
      return false;
    }
    if (!trimmed.startsWith("data:")) return false;
    const data = trimmed.slice(5).trim();
    if (data === "[DONE]") return true;
    if (eventType === "error") {
      const payload = parsed(data);
      throw new ModelStreamError(errorMessage(payload), payload);
    }
    // Only a payload that could be an error is parsed here: every chunk has an "object" or a
    // "type" key, so the values are what tell (text inside a string has its quotes escaped).
    if (!ERROR_HINT.test(data)) return false;
    const payload = parsed(data);
    if (isErrorPayload(payload)) throw new ModelStreamError(errorMessage(payload), payload);
    return false;
  }

  /** Sends `text` on, line by line, up to the end marker and its line break. */
  function pass(text: string, emit: (chunk: Uint8Array) => void): void {
    let out = "";
    let start = 0;
    try {
      for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", start)) {
        const whole = line + text.slice(start, at);
        line = "";
        const end = at + 1;
        if (check(whole)) {
          ended = true;
          out += text.slice(start, end);
          return;
        }
        out += text.slice(start, end);
        start = end;
      }
      line += text.slice(start);
      out += text.slice(start);
    } finally {
      if (out) emit(encoder.encode(out));
    }
  }

  return {
    transform(chunk, emit) {
      if (ended) return;
      pass(decoder.decode(chunk, { stream: true }), emit);
    },
    flush(emit) {
      if (ended) return;
      const rest = decoder.decode();
      if (rest) pass(rest, emit);
      // A last line with no line break, or an error event the stream ended inside.
      if (!ended && (line !== "" || eventType === "error")) check(line);
      if (!ended && eventType === "error") check("");
    },
  };
}

function parsed(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

/** The error's own message, where the payload has one (cut short: it goes to the log). */
function errorMessage(payload: unknown): string {
  const texts: string[] = [];
  const visit = (value: unknown, depth: number) => {
    if (depth > 3 || texts.length > 2) return;
    if (typeof value === "string") texts.push(value);
    else if (Array.isArray(value)) for (const item of value) visit(item, depth + 1);
    else if (value && typeof value === "object") {
      const record = value as Record<string, unknown>;
      for (const key of ["message", "error", "errors", "detail"]) visit(record[key], depth + 1);
    }
  };
  visit(payload, 0);
  const message = texts.join("; ").slice(0, 300);
  return message ? `the model's stream sent an error: ${message}` : "the model's stream sent an error";
}

/** The numeric `code` and HTTP `status` an error payload names, at its top or one level down. */
function codesOf(body: unknown): { code: number | undefined; status: number | undefined } {
  const places: Record<string, unknown>[] = [];
  const add = (value: unknown) => {
    if (value && typeof value === "object" && !Array.isArray(value)) places.push(value as Record<string, unknown>);
  };
  add(body);
  if (body && typeof body === "object") {
    const { error, errors } = body as { error?: unknown; errors?: unknown };
    add(error);
    if (Array.isArray(errors)) errors.forEach(add);
  }
  const numberAt = (key: string) => {
    for (const place of places) {
      const value = place[key];
      const number = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value;
      if (typeof number === "number" && Number.isInteger(number)) return number;
    }
    return undefined;
  };
  return { code: numberAt("code"), status: numberAt("status") ?? numberAt("status_code") };
}

type Run = (model: string, inputs: Record<string, unknown>, options?: AiOptions) => Promise<unknown>;

/** Told of every failure of a call: thrown by the binding, an HTTP error, an in-band error. */
export type FailureListener = (error: unknown) => void;

/** The `AI` binding, its streams read as `streamChecks` says; everything else is the binding's. */
export function withStreamChecks(binding: Ai, onFailure?: FailureListener): Ai {
  const run: Run = async (model, inputs, options) => {
    let output: unknown;
    try {
      output = await (binding.run as unknown as Run)(model, inputs, options);
    } catch (error) {
      onFailure?.(error);
      throw error;
    }
    return output instanceof ReadableStream ? output.pipeThrough(asTransform(streamChecks(onFailure))) : output;
  };
  return new Proxy(binding, {
    get(target, property) {
      if (property === "run") return run;
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** `fetch` for a model's REST API, its event streams read as `streamChecks` says. */
export function fetchWithStreamChecks(fetcher: typeof fetch = fetch, onFailure?: FailureListener): typeof fetch {
  return async (input, init) => {
    const response = await fetcher(input, init);
    if (!response.ok && onFailure) {
      // What the provider will read as an APICallError, told here in the same terms.
      const responseBody = await response
        .clone()
        .text()
        .catch(() => "");
      onFailure({
        statusCode: response.status,
        responseBody: responseBody.slice(0, 20_000),
        responseHeaders: { "retry-after": response.headers.get("retry-after") ?? undefined },
      });
    }
    const streamed = response.headers.get("content-type")?.includes("text/event-stream");
    if (!streamed || !response.body) return response;
    return new Response(response.body.pipeThrough(asTransform(streamChecks(onFailure))), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
