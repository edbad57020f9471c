import { type EventPass, isEndMarker } from "./event-stream";

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

/**
 * What an error payload has in its raw JSON, for `isErrorPayload` to decide (see it); or a JSON
 * escape (`"\u0065rror"` is the key "error"), which only a parse reads.
 */
const ERROR_HINT = /"errors?"\s*:|"(?:type|object)"\s*:\s*"error"|"success"\s*:\s*false|\\u/;

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
 * Nothing after the stream's end marker (`data: [DONE]`): the marker goes on, and no event after
 * it reaches the other passes or the provider (more text, a tool call, usage, an error).
 */
export function endMarker(): EventPass {
  let ended = false;
  return {
    event(event, emit) {
      if (ended) return;
      ended = isEndMarker(event);
      emit(event);
    },
  };
}

/**
 * A stream error at the first in-band error (an `event: error`, with or without data, or a
 * payload that is an error object), after the events before it have gone on. Without it the
 * provider skips both (it ignores the SSE event type, and an error object has no text), so an
 * answer cut by an error would end as answered.
 */
export function inBandErrors(): EventPass {
  return {
    event(event, emit) {
      const { type, data } = event;
      if (type === "error") {
        if (data === undefined) throw new ModelStreamError("the model's stream sent an error event", null);
        const payload = parsed(data);
        throw new ModelStreamError(errorMessage(payload), payload);
      }
      // Only a payload that could be an error is parsed here: every chunk has an "object" or a
      // "type" key, so the values are what tell (text inside a string has its quotes escaped).
      if (data !== undefined && ERROR_HINT.test(data)) {
        const payload = parsed(data);
        if (isErrorPayload(payload)) throw new ModelStreamError(errorMessage(payload), payload);
      }
      emit(event);
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
