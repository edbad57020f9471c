import { type Emit, type EventPass, isEndMarker } from "./event-stream";
import { mergeWindow } from "./stream-window";

/**
 * `toolCallOrder` repairs, below the provider, the streamed tool calls `workers-ai-provider` 4.0.0
 * would lose. It keys calls by `index` (`src/streaming.ts`, `emitToolCallDeltas`, `tc.index ?? 0`),
 * takes a call's name from its first chunk (`const toolName = tcName || ""`, sent at once as
 * `tool-input-start`) and never updates it, and closes a call as soon as another index starts. So:
 * - a call whose arguments come before its name would be named "" and refused. Workers AI models
 *   stream tool calls that way (https://github.com/cloudflare/ai/issues/523, fixed only in the
 *   repository's tanstack-ai adapter, cloudflare/ai#572, by waiting for the name): its pieces are
 *   held until the name arrives, then go out as one entry;
 * - two native calls in one `{ tool_calls: [a, b] }` event carry no `index` and would merge into
 *   one invalid call: each call without an index and with a name gets the next free index;
 * - two OpenAI-style calls interleaved by `index` would lose the first one's later pieces: only
 *   the first call streams through; every later call is held and goes out whole at the end of
 *   the stream (`[DONE]`, or its last byte), in index order.
 * Entries that are not objects are dropped (the provider throws on `null`). Events with no
 * tool-call entry that needs any of this pass on unchanged.
 *
 * `textMerge` merges text: consecutive events that carry only a piece of text (one token each, as
 * Workers AI streams them) go to the provider as one event per `STREAM_WINDOW_MS`. Every event
 * crosses five streams before the run's own merge (the provider's SSE decoder, its mapping, its
 * stream-start, the SDK's middleware), and in workerd each crossing costs more than the JSON. The
 * first text event of a stream goes at once; merged text goes out before any other event.
 *
 * Both are passes over the stream's events (`event-stream.ts`); `providers.ts` puts them in order.
 */

type ToolCallEntry = {
  index?: number;
  id?: string | null;
  type?: string | null;
  name?: string | null;
  arguments?: unknown;
  function?: { name?: string | null; arguments?: unknown } | null;
};

type Held = { id?: string; type?: string; name?: string; args: string };

type TextEvent = {
  response?: unknown;
  choices?: { index?: number; delta?: Record<string, unknown>; finish_reason?: unknown }[];
};

/**
 * The event's text when the event is nothing but a piece of text: `{ response }` (native) or one
 * choice whose delta holds `content` (and maybe `role`), with no finish reason. Else null.
 */
function textOnly(event: TextEvent): string | null {
  const keys = Object.keys(event);
  if (typeof event.response === "string") {
    return keys.every((key) => key === "response" || key === "p") ? event.response : null;
  }
  const choice = event.choices?.length === 1 ? event.choices[0] : undefined;
  if (!choice || choice.finish_reason != null || !choice.delta) return null;
  if (!keys.every((key) => ["id", "object", "created", "model", "choices"].includes(key))) return null;
  const { content, ...rest } = choice.delta;
  if (typeof content !== "string" || !Object.keys(rest).every((key) => key === "role")) return null;
  return content;
}

/** A text event on its way: as it came (`data`), or merged with the ones after it. */
type TextPiece = { event: TextEvent; text: string; data?: string };

function withText(event: TextEvent, text: string): TextEvent {
  if (typeof event.response === "string") return { ...event, response: text };
  const [choice] = event.choices ?? [];
  return { ...event, choices: [{ ...choice, delta: { ...choice?.delta, content: text } }] };
}

/**
 * How deep a call's arguments may nest. No tool's schema goes past a few levels; a model that nests
 * thousands (`[[[[…]]]]`) would overflow every recursive reader after this one (`JSON.stringify`
 * among them) and end the run as a crash, not a refusal.
 */
const MAX_ARGUMENT_DEPTH = 32;

/** Whether `value` nests deeper than `max` levels, read without recursion. */
function deeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [node, depth] = item;
    if (!node || typeof node !== "object") continue;
    if (depth > max) return true;
    for (const child of Object.values(node)) if (child && typeof child === "object") stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * A call whose arguments nest too deep keeps its name and id, with arguments the tool's schema
 * refuses and that say why: the run goes on and the model reads a refusal it can act on.
 */
function withinDepth(entry: ToolCallEntry): ToolCallEntry {
  const args = entry.function?.arguments ?? entry.arguments;
  if (!args || typeof args !== "object" || !deeperThan(args, MAX_ARGUMENT_DEPTH)) return entry;
  const refused = JSON.stringify({ refused: `arguments nested deeper than ${MAX_ARGUMENT_DEPTH} levels` });
  return entry.function
    ? { ...entry, function: { ...entry.function, arguments: refused } }
    : { ...entry, arguments: refused };
}

const nameOf = (entry: ToolCallEntry) => entry.function?.name ?? entry.name ?? null;
const argsOf = (entry: ToolCallEntry): string => {
  const args = entry.function?.arguments ?? entry.arguments ?? null;
  if (args == null) return "";
  return typeof args === "string" ? args : JSON.stringify(args);
};
// The provider's end-of-call sentinel (no id, no name, no arguments): never held.
const isSentinel = (entry: ToolCallEntry) => !entry.id && !nameOf(entry) && argsOf(entry) === "";

/** One whole call as the provider reads it: id, name and all of its arguments in one entry. */
function wholeEntry(index: number, { id, type, name, args }: Held): ToolCallEntry {
  return {
    index,
    ...(id ? { id } : {}),
    type: type ?? "function",
    function: { ...(name ? { name } : {}), arguments: args },
  };
}

/** Streamed tool calls put back in the order and shape the provider can read (see above). */
export function toolCallOrder(): EventPass {
  const held = new Map<number, Held>();
  /** The one call streaming through to the provider as it comes. */
  let live: number | null = null;
  /** For entries with no `index`: the last index given, and the next free one. */
  let lastIndex: number | null = null;
  let nextIndex = 0;

  /** The entry's index as the provider should read it. */
  function indexOf(entry: ToolCallEntry): number {
    let index: number;
    if (typeof entry.index === "number" && Number.isInteger(entry.index) && entry.index >= 0) index = entry.index;
    else if (nameOf(entry) || lastIndex === null) index = nextIndex;
    else index = lastIndex;
    lastIndex = index;
    nextIndex = Math.max(nextIndex, index + 1);
    return index;
  }

  /** The tool-call entries as the provider should see them now, or null when nothing changes. */
  function reorder(entries: ToolCallEntry[]): ToolCallEntry[] | null {
    let changed = false;
    const out: ToolCallEntry[] = [];
    for (const raw of entries) {
      const entry = raw && typeof raw === "object" ? withinDepth(raw) : raw;
      if (entry !== raw) changed = true;
      if (!entry || typeof entry !== "object") {
        // Not a call at all (null, a number): the provider would throw on it and fail the call.
        changed = true;
        continue;
      }
      if (isSentinel(entry)) {
        out.push(entry);
        continue;
      }
      const index = indexOf(entry);
      const indexed = (entry.index ?? 0) === index ? entry : { ...entry, index };
      if (indexed !== entry) changed = true;
      if (index === live) {
        out.push(indexed);
        continue;
      }
      const name = nameOf(entry);
      const pending = held.get(index);
      if (live === null && name) {
        // The first named call streams through from here, with whatever of it was held.
        live = index;
        if (!pending) {
          out.push(indexed);
          continue;
        }
        held.delete(index);
        changed = true;
        out.push(
          wholeEntry(index, {
            id: entry.id ?? pending.id,
            type: entry.type ?? pending.type,
            name,
            args: pending.args + argsOf(entry),
          }),
        );
        continue;
      }
      held.set(index, {
        id: pending?.id ?? entry.id ?? undefined,
        type: pending?.type ?? entry.type ?? undefined,
        name: pending?.name ?? name ?? undefined,
        args: (pending?.args ?? "") + argsOf(entry),
      });
      changed = true;
    }
    return changed ? out : null;
  }

  /** The held calls, whole, in index order (one whose name never came goes out nameless). */
  function releaseHeld(emit: Emit): void {
    if (held.size === 0) return;
    const toolCalls = [...held].sort(([a], [b]) => a - b).map(([index, call]) => wholeEntry(index, call));
    held.clear();
    emit({ data: JSON.stringify({ choices: [{ index: 0, delta: { tool_calls: toolCalls } }] }) });
  }

  return {
    event(event, emit) {
      const { data } = event;
      if (isEndMarker(event)) releaseHeld(emit);
      if (data === undefined || !data.includes('"tool_calls"')) return emit(event);
      let payload: { tool_calls?: unknown; choices?: { delta?: { tool_calls?: unknown } }[] } | null;
      try {
        payload = JSON.parse(data);
      } catch {
        return emit(event);
      }
      if (!payload || typeof payload !== "object") return emit(event);
      let changed = false;
      // An event left with no entries keeps its other fields (text, finish reason, usage).
      for (const holder of [payload, payload.choices?.[0]?.delta]) {
        if (!holder || !Array.isArray(holder.tool_calls)) continue;
        const entries = reorder(holder.tool_calls);
        if (!entries) continue;
        changed = true;
        if (entries.length) holder.tool_calls = entries;
        else delete holder.tool_calls;
      }
      emit(changed ? { ...event, data: JSON.stringify(payload) } : event);
    },
    // A stream cut before [DONE] still delivers what it held.
    end: releaseHeld,
  };
}

/** Consecutive text-only events merged for `windowMs` (see above); a window of 0 merges nothing. */
export function textMerge(windowMs: number): EventPass {
  if (windowMs <= 0) return { event: (event, emit) => emit(event) };
  /** Where merged text goes: the next pass, as the last call gave it. */
  let sink: Emit = () => {};
  const merge = mergeWindow<TextPiece>(windowMs, {
    keyOf: () => "text",
    join: (held, next) => ({ event: held.event, text: held.text + next.text }),
    emit: ({ event, text, data }) => sink({ data: data ?? JSON.stringify(withText(event, text)) }),
  });
  return {
    event(event, emit) {
      sink = emit;
      const { type, data } = event;
      if (type === undefined && data !== undefined && !data.includes('"tool_calls"')) {
        const piece = textPiece(data);
        if (piece) {
          merge.hold(piece);
          merge.flushIfDue();
          return;
        }
      }
      merge.flush();
      emit(event);
    },
    end(emit) {
      sink = emit;
      merge.flush();
    },
  };
}

/** The data as a text piece when its event is nothing but a piece of text (`textOnly`). */
function textPiece(data: string): TextPiece | null {
  let event: unknown;
  try {
    event = JSON.parse(data);
  } catch {
    return null;
  }
  if (!event || typeof event !== "object" || Array.isArray(event)) return null;
  const text = textOnly(event as TextEvent);
  return text === null ? null : { event: event as TextEvent, text, data };
}
