import { type EventPass, isEndMarker, type StreamEvent } from "./event-stream";

/**
 * `unparsedOutput` makes whatever a Workers AI event carries that `workers-ai-provider` 4.0.0 would
 * not read reach it as reasoning, so the call's cap (lib/lab/call-cap.ts) counts it and the ledger
 * books it like any thinking: every byte the model sends counts against the call's cap, parsed by
 * the provider or not. Reasoning never reaches the visitor.
 *
 * What the provider reads (`src/streaming.ts`, `getMappedStream`): `usage`, `finish_reason` (top
 * level or of `choices[0]`), a native `response` and `tool_calls`, and in `choices[0].delta` the
 * `content`, the `tool_calls` and `reasoning_content ?? reasoning`. So it drops, among others:
 * thinking under another name (`delta.thinking`, a top-level `reasoning` on a native event), the
 * `reasoning` of a delta whose `reasoning_content` is there (even `""`), every choice but the first,
 * data that is not JSON, and text or reasoning that is not a string (an array would even reach the
 * stream as a delta that is not text). Those are taken out of the event and sent first, in an event
 * of their own, as `reasoning_content`.
 *
 * Not output: the event's metadata and Workers AI's padding `p`, a random string the service adds
 * to every streamed event so that an event's size does not tell its token's length
 * (blog.cloudflare.com/ai-side-channel-attack-mitigated); the model never writes it.
 */

/** Workers AI's padding field (see above). */
export const PADDING_FIELD = "p";

/** Top-level fields the provider reads, or that carry no output (metadata, padding). */
const EVENT_FIELDS = new Set([
  "id",
  "object",
  "created",
  "model",
  "system_fingerprint",
  "usage",
  "finish_reason",
  "choices",
  "response",
  "tool_calls",
  PADDING_FIELD,
]);
const CHOICE_FIELDS = new Set(["index", "delta", "finish_reason", "stop_reason", "logprobs", PADDING_FIELD]);
const DELTA_FIELDS = new Set(["role", "content", "tool_calls", "reasoning_content", "reasoning", PADDING_FIELD]);

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => !!value && typeof value === "object" && !Array.isArray(value);
const textOf = (value: unknown): string => (typeof value === "string" ? value : JSON.stringify(value));

/** Moves the fields of `holder` that are not in `known` (padding aside) to `hidden`. */
function takeUnknown(holder: Json, known: Set<string>, hidden: string[]): boolean {
  let changed = false;
  for (const key of Object.keys(holder)) {
    if (known.has(key) || holder[key] == null) continue;
    hidden.push(textOf(holder[key]));
    delete holder[key];
    changed = true;
  }
  // Padding is only padding as a string; anything else under its name is counted.
  if (PADDING_FIELD in holder && typeof holder[PADDING_FIELD] !== "string" && holder[PADDING_FIELD] != null) {
    hidden.push(textOf(holder[PADDING_FIELD]));
    delete holder[PADDING_FIELD];
    changed = true;
  }
  return changed;
}

/** Moves `holder[key]` to `hidden` when it is there and not a string. */
function takeNonString(holder: Json, key: string, hidden: string[]): boolean {
  const value = holder[key];
  if (value == null || typeof value === "string") return false;
  hidden.push(textOf(value));
  delete holder[key];
  return true;
}

/** The delta's reasoning as the provider reads it (`reasoning_content ?? reasoning`); the other goes to `hidden`. */
function takeUnreadReasoning(delta: Json, hidden: string[]): boolean {
  let changed = takeNonString(delta, "reasoning_content", hidden);
  changed = takeNonString(delta, "reasoning", hidden) || changed;
  if (delta.reasoning_content != null && delta.reasoning != null) {
    hidden.push(delta.reasoning as string);
    delete delta.reasoning;
    changed = true;
  }
  return changed;
}

/** What of `payload` the provider would not read, taken out of it; `changed` when `payload` lost any. */
function unread(payload: unknown): { hidden: string[]; changed: boolean } {
  const hidden: string[] = [];
  if (!isObject(payload)) return { hidden: [textOf(payload)], changed: false };
  let changed = takeUnknown(payload, EVENT_FIELDS, hidden);
  changed = takeNonString(payload, "response", hidden) || changed;
  const { choices } = payload;
  if (choices != null && !Array.isArray(choices)) {
    hidden.push(textOf(choices));
    delete payload.choices;
    changed = true;
  } else if (Array.isArray(choices) && choices.length > 0) {
    for (const other of choices.splice(1)) {
      hidden.push(textOf(other));
      changed = true;
    }
    const [first] = choices;
    if (isObject(first)) {
      changed = takeUnknown(first, CHOICE_FIELDS, hidden) || changed;
      const { delta } = first;
      if (isObject(delta)) {
        changed = takeUnknown(delta, DELTA_FIELDS, hidden) || changed;
        changed = takeNonString(delta, "content", hidden) || changed;
        changed = takeUnreadReasoning(delta, hidden) || changed;
      } else if (delta != null) {
        hidden.push(textOf(delta));
        delete first.delta;
        changed = true;
      }
    } else if (first != null) {
      hidden.push(textOf(first));
      choices.length = 0;
      changed = true;
    }
  }
  return { hidden: hidden.filter((text) => text !== ""), changed };
}

/** An event the provider reads as reasoning: `text`, counted by the cap and never shown. */
const reasoningEvent = (text: string): StreamEvent => ({
  data: JSON.stringify({ choices: [{ index: 0, delta: { reasoning_content: text } }] }),
});

/** Everything the provider would drop, sent to it as reasoning first (see above). */
export function unparsedOutput(): EventPass {
  return {
    event(event, emit) {
      const { data } = event;
      if (data === undefined || data === "" || isEndMarker(event)) return emit(event);
      let payload: unknown;
      try {
        payload = JSON.parse(data);
      } catch {
        // Not JSON: the provider warns and drops it; the model wrote it all the same.
        emit(reasoningEvent(data));
        return emit(event);
      }
      const { hidden, changed } = unread(payload);
      if (hidden.length > 0) emit(reasoningEvent(hidden.join("\n")));
      emit(changed ? { ...event, data: JSON.stringify(payload) } : event);
    },
  };
}
