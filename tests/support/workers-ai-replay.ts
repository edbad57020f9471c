/**
 * A fake `AI` binding that replays Workers AI streams, so wire tests drive the real
 * `workers-ai-provider` (its SSE parser and tool-call assembly) instead of a scripted model.
 *
 * Shapes follow what Workers AI sends and what the provider parses (`dist/index.mjs`,
 * `getMappedStream` and `emitToolCallDeltas`, from `src/streaming.ts`), as recorded in the
 * provider's own tests (cloudflare/ai `packages/workers-ai-provider/test/stream-text.test.ts`):
 * - OpenAI style, `chat.completion.chunk` events with `choices[0].delta.content` /
 *   `.delta.tool_calls` (a call's id and name first, then argument pieces, same `index`), a last
 *   `finish_reason` chunk and a usage chunk with `choices: []`;
 * - native style, `{ response }` text and `{ tool_calls: [{ name, arguments }] }` with the
 *   arguments as an object;
 * - then `data: [DONE]`, or a stream that stops early or fails.
 */

/** One SSE event's JSON payload, a raw payload sent as it is (a broken model's garbage), or raw SSE lines. */
export type SseEvent = JsonEvent | string | RawSse;
export type JsonEvent = Record<string, unknown>;

/** SSE text sent exactly as written, fields and line breaks included (`event: error\ndata: …\n\n`). */
export class RawSse {
  constructor(readonly text: string) {}
}

/** An SSE event of a type other than the default message: `event: <type>` then its data. */
export function typedEvent(type: string, data: JsonEvent | string): RawSse {
  return new RawSse(`event: ${type}\ndata: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`);
}

export type ReplayStep = {
  events: SseEvent[];
  /**
   * `done` (default) ends with `data: [DONE]`; `truncated` just closes; `error` fails the stream
   * (a connection reset); `hang` sends the events, then nothing until the request is aborted.
   */
  end?: "done" | "truncated" | "error" | "hang";
  /** SSE text sent after the end marker (`done` only): a server that keeps talking. */
  afterEnd?: SseEvent[];
  /**
   * How the binding's `run` itself behaves: `reject` fails before any stream (the request never
   * got an answer); `never` neither answers nor listens to the abort signal.
   */
  run?: "reject" | "never";
  /** What `reject` throws (default: a network failure). */
  error?: unknown;
};

export type BindingCall = {
  model: string;
  inputs: Record<string, unknown> & {
    messages?: { role: string; content?: unknown }[];
    tools?: { type: string; function: { name: string } }[];
    tool_choice?: unknown;
    chat_template_kwargs?: Record<string, unknown>;
    stream?: boolean;
  };
  options: (Record<string, unknown> & { extraHeaders?: Record<string, string>; signal?: AbortSignal }) | undefined;
};

export type ReplayScript = ReplayStep[] | ((call: number, inputs: BindingCall["inputs"]) => ReplayStep);

const MODEL = "@cf/google/gemma-4-26b-a4b-it";
const encoder = new TextEncoder();

/** The SSE text of a step, exactly as the binding would stream it. */
export function sseText(step: ReplayStep): string {
  const text = (events: SseEvent[]) =>
    events
      .map((event) =>
        event instanceof RawSse ? event.text : `data: ${typeof event === "string" ? event : JSON.stringify(event)}\n\n`,
      )
      .join("");
  const body = text(step.events);
  return (step.end ?? "done") === "done" ? `${body}data: [DONE]\n\n${text(step.afterEnd ?? [])}` : body;
}

/**
 * Cuts bytes at a fixed size, ignoring event and character boundaries, the way network reads
 * arrive: a read can end inside an event, inside a line or inside a multi-byte character.
 */
function byteChunks(text: string, size: number): Uint8Array[] {
  const bytes = encoder.encode(text);
  const chunks: Uint8Array[] = [];
  for (let start = 0; start < bytes.length; start += size) chunks.push(bytes.slice(start, start + size));
  return chunks;
}

export function replayBinding(script: ReplayScript, { chunkSize = 29 }: { chunkSize?: number } = {}) {
  const calls: BindingCall[] = [];
  const run = async (model: string, inputs: BindingCall["inputs"], options?: BindingCall["options"]) => {
    const index = calls.length;
    calls.push({ model, inputs: structuredClone(inputs), options: options && { ...options } });
    const step = typeof script === "function" ? script(index, inputs) : script[index];
    if (!step) throw new Error(`replay: no script entry for call ${index + 1}`);
    if (!inputs.stream) throw new Error("replay: only streaming runs are scripted");
    if (step.run === "reject") throw step.error ?? new Error("replay: upstream unreachable");
    if (step.run === "never") return new Promise<never>(() => {});
    const chunks = byteChunks(sseText(step), chunkSize);
    const signal = options?.signal;
    let next = 0;
    return new ReadableStream<Uint8Array>({
      start(controller) {
        // Like the real binding: an aborted request fails the body being read.
        signal?.addEventListener("abort", () => controller.error(signal.reason), { once: true });
      },
      pull(controller) {
        if (signal?.aborted) return;
        const chunk = chunks[next++];
        if (chunk) controller.enqueue(chunk);
        // Never resolves: only an abort (the listener above) ends it.
        else if (step.end === "hang") return new Promise<void>(() => {});
        else if (step.end === "error") controller.error(new Error("replay: upstream connection reset"));
        else controller.close();
      },
    });
  };
  // Only `run` is used by the provider's chat model; the rest of `Ai` is never touched.
  const binding = { run } as unknown as Ai;
  return { binding, calls };
}

// --- OpenAI-style events -------------------------------------------------------------------

type Delta = { role?: string; content?: unknown; reasoning_content?: string; tool_calls?: unknown[] };

export function chunk(delta: Delta, finishReason: string | null = null): JsonEvent {
  return {
    id: "chatcmpl-7f3a",
    object: "chat.completion.chunk",
    created: 1767225600,
    model: MODEL,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  };
}

/** Cuts a string into pieces of about `size` characters (the last one may be shorter). */
export function pieces(text: string, size: number): string[] {
  return text.match(new RegExp(`[\\s\\S]{1,${size}}`, "g")) ?? [];
}

/** `choices[0].delta.content` pieces, after the usual opening `{ role, content: "" }` chunk. */
export function textChunks(text: string, size = 12): SseEvent[] {
  return [chunk({ role: "assistant", content: "" }), ...pieces(text, size).map((content) => chunk({ content }))];
}

export type CallSpec = { index?: number; id?: string; name: string; args: unknown; size?: number };

const argsOf = (call: CallSpec) => (typeof call.args === "string" ? call.args : JSON.stringify(call.args));

/** A tool call as vLLM streams it: id, type and name first, then the arguments in pieces. */
export function toolCallChunks(call: CallSpec): SseEvent[] {
  const index = call.index ?? 0;
  const id = call.id ?? `chatcmpl-tool-${index}a7`;
  return [
    chunk({ tool_calls: [{ index, id, type: "function", function: { name: call.name, arguments: "" } }] }),
    ...pieces(argsOf(call), call.size ?? 9).map((piece) =>
      chunk({ tool_calls: [{ index, function: { arguments: piece } }] }),
    ),
  ];
}

/**
 * A tool call whose first chunk carries its index, id and a first piece of arguments but no name;
 * the name comes with the second piece (the order cloudflare/ai#523 describes).
 */
export function toolCallArgsFirstChunks(call: CallSpec): SseEvent[] {
  const index = call.index ?? 0;
  const id = call.id ?? `chatcmpl-tool-${index}b8`;
  const [first = "", second = "", ...rest] = pieces(argsOf(call), call.size ?? 9);
  return [
    chunk({ tool_calls: [{ index, id, type: "function", function: { arguments: first } }] }),
    chunk({ tool_calls: [{ index, function: { name: call.name, arguments: second } }] }),
    ...rest.map((piece) => chunk({ tool_calls: [{ index, function: { arguments: piece } }] })),
  ];
}

export function finishChunk(reason: "stop" | "tool_calls" | "length"): SseEvent {
  return chunk({}, reason);
}

/** `neurons`: what Workers AI reports it billed (any value, to replay hostile ones too). */
export type Usage = { prompt: number; completion: number; cached?: number; neurons?: unknown };

function usageOf(usage: Usage) {
  return {
    prompt_tokens: usage.prompt,
    completion_tokens: usage.completion,
    total_tokens: usage.prompt + usage.completion,
    ...(usage.cached !== undefined ? { prompt_tokens_details: { cached_tokens: usage.cached } } : {}),
    ...(usage.neurons !== undefined ? { neurons: usage.neurons } : {}),
  };
}

/** The last OpenAI-style event: no choices, the call's usage. */
export function usageChunk(usage: Usage): SseEvent {
  return { ...chunk({}), choices: [], usage: usageOf(usage) };
}

/** One OpenAI-style model call: optional text, tool calls, a finish reason, usage (or none: `null`). */
export function openAIStep({
  text,
  calls = [],
  argsFirst = false,
  usage = { prompt: 900, completion: 40 },
}: {
  text?: string;
  calls?: CallSpec[];
  argsFirst?: boolean;
  usage?: Usage | null;
}): ReplayStep {
  const events = text ? textChunks(text) : [chunk({ role: "assistant", content: "" })];
  for (const [index, call] of calls.entries()) {
    events.push(...(argsFirst ? toolCallArgsFirstChunks : toolCallChunks)({ index, ...call }));
  }
  events.push(finishChunk(calls.length ? "tool_calls" : "stop"));
  if (usage) events.push(usageChunk(usage));
  return { events };
}

// --- Native Workers AI events --------------------------------------------------------------

/** Native `{ response }` text pieces. */
export function nativeTextEvents(text: string, size = 12): SseEvent[] {
  return pieces(text, size).map((response) => ({ response }));
}

/** Native tool calls: whole calls, `arguments` as an object, in one event. */
export function nativeToolCallsEvent(calls: { name: string; arguments: Record<string, unknown> }[]): SseEvent {
  return { response: "", tool_calls: calls };
}

/** The native last event: empty text and usage. */
export function nativeUsageEvent(usage: Usage): SseEvent {
  return { response: "", usage: usageOf(usage) };
}
