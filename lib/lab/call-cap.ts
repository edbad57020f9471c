import type { LanguageModelV4, LanguageModelV4StreamPart, LanguageModelV4Usage } from "@ai-sdk/provider";
import { type LanguageModel, wrapLanguageModel } from "ai";
import { mergeWindow } from "@/lib/ai/stream-window";
import { withoutThoughts } from "@/lib/checks/tool-input";
import { TokenCounter } from "@/lib/text/tokens";

/** A tool call the model made on a call that offered no tools: never run, shown as refused. */
export type DroppedCall = { toolCallId: string; toolName: string; input: string };

/** What the cap tells the run about each model call. */
export type CallMeter = {
  /** A call goes out: it counts from here, even if it fails or hangs before its first part. */
  startCall(): void;
  /** The call's output so far, our own count of everything it streamed (reasoning included). */
  countOutput(tokens: number): void;
  dropCall(call: DroppedCall): void;
  /** The call reached the cap and was cut. */
  cutCall(): void;
  /** The next call's own output cap, when the use's policy sets one under `maxTokens` (the agent's budget). */
  callCap?(): number;
};

type Part = LanguageModelV4StreamPart;

/** A count the provider reported, if it is one: anything else is left to our own count. */
function count(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? Math.ceil(value) : undefined;
}

/**
 * Usage as the SDK expects it, with every field checked: a provider that sends `"0900"` must not
 * reach the SDK's sums (it would concatenate them).
 */
export function checkedUsage(usage: unknown): LanguageModelV4Usage {
  const u = (usage ?? {}) as {
    inputTokens?: Record<string, unknown>;
    outputTokens?: Record<string, unknown>;
    raw?: unknown;
  };
  return {
    inputTokens: {
      total: count(u.inputTokens?.total),
      noCache: count(u.inputTokens?.noCache),
      cacheRead: count(u.inputTokens?.cacheRead),
      cacheWrite: count(u.inputTokens?.cacheWrite),
    },
    outputTokens: {
      total: count(u.outputTokens?.total),
      text: count(u.outputTokens?.text),
      reasoning: count(u.outputTokens?.reasoning),
    },
  };
}

const UNKNOWN_USAGE: LanguageModelV4Usage = checkedUsage(undefined);

/** Resolves like `promise`, or rejects as soon as `signal` aborts (a hung provider can't hold the run). */
function untilAbort<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener("abort", abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

/**
 * One call's stream with the cap applied: every part that costs output tokens is counted as it
 * arrives; at `maxTokens` the call is cut (the rest is never read) and ends as `length`, or as
 * `tool-calls` when it had made calls by then.
 * Reasoning counts but never goes further. On a call that offered no tools, tool calls are
 * dropped and handed to the meter instead of the SDK, which would fail the run over them.
 */
function capStream(
  source: ReadableStream<Part>,
  {
    maxTokens,
    toolsOffered,
    signal,
    meter,
    coalesceMs,
  }: {
    maxTokens: number;
    toolsOffered: boolean;
    signal: AbortSignal | undefined;
    meter: CallMeter;
    coalesceMs: number;
  },
): ReadableStream<Part> {
  const reader = source.getReader();
  const counter = new TokenCounter();
  const openTexts = new Set<string>();
  // Tool inputs streaming in, by id: their name and the input so far.
  const openInputs = new Map<string, { toolName: string; input: string; ended?: boolean }>();
  let ended = false;
  let closed = false;
  let emitted = 0;
  let toolCallsOut = 0;
  let failed: { error: unknown } | null = null;
  let sink: ReadableStreamDefaultController<Part>;
  function emit(part: Part) {
    emitted += 1;
    sink.enqueue(part);
  }
  // A call's consecutive deltas of one text or tool input go out merged (see STREAM_WINDOW_MS): every
  // part crosses a dozen streams on its way to the page, and in workerd that crossing is most of a
  // run's CPU.
  const deltas = mergeWindow<Delta>(coalesceMs, {
    keyOf: (part) => `${part.type}:${part.id}`,
    join: (held, next) => ({ ...held, delta: held.delta + next.delta }),
    emit,
  });

  // Every part goes out through `out`: a held delta goes first, so each part keeps its place.
  const out = {
    enqueue(part: Part) {
      deltas.flush();
      emit(part);
    },
    close() {
      deltas.flush();
      sink.close();
    },
  };

  /** Counts `text`; returns the part of it that fits under the cap. */
  function take(text: string): { fits: string; cut: boolean } {
    const fits = counter.take(text, maxTokens);
    meter.countOutput(counter.tokens);
    return { fits, cut: fits.length < text.length };
  }

  function toolCall(call: DroppedCall) {
    const checked = { ...call, input: withoutThoughts(call.input) };
    if (!toolsOffered) return meter.dropCall(checked);
    toolCallsOut += 1;
    out.enqueue({ type: "tool-call", ...checked });
  }

  /**
   * A call's arguments go to the page once they are whole, with any thought taken out: a draft of
   * them could show a thought, or more than the tool's schema allows, before the SDK checks them.
   */
  function endInput(id: string) {
    const open = openInputs.get(id);
    if (!toolsOffered || !open || open.ended) return;
    open.ended = true;
    const input = withoutThoughts(open.input);
    if (input) out.enqueue({ type: "tool-input-delta", id, delta: input });
    out.enqueue({ type: "tool-input-end", id });
  }

  /** Ends the call at the cap: what is open is closed, and the provider is not read any further. */
  function cut() {
    ended = true;
    // A call cut in the middle of its arguments goes to the SDK as it is: it refuses it as invalid.
    for (const [toolCallId, { toolName, input }] of openInputs) {
      endInput(toolCallId);
      toolCall({ toolCallId, toolName, input });
    }
    for (const id of openTexts) out.enqueue({ type: "text-end", id });
    meter.cutCall();
    // The SDK runs a step's tools only after "tool-calls" (or "stop"): the calls the model
    // finished before the cap run (or are refused) like any others; a call of text only ends.
    const unified = toolCallsOut > 0 ? "tool-calls" : "length";
    out.enqueue({ type: "finish", finishReason: { unified, raw: "output-cap" }, usage: UNKNOWN_USAGE });
    out.close();
    closed = true;
    reader.cancel(new Error("output cap")).catch(() => {});
  }

  function handle(part: Part) {
    switch (part.type) {
      case "text-start":
        openTexts.add(part.id);
        out.enqueue(part);
        return;
      case "text-end":
        openTexts.delete(part.id);
        out.enqueue(part);
        return;
      case "text-delta": {
        const { fits, cut: over } = take(part.delta);
        if (fits) deltas.hold({ ...part, delta: fits });
        if (over) cut();
        return;
      }
      case "reasoning-delta":
        if (take(part.delta).cut) cut();
        return;
      case "reasoning-start":
      case "reasoning-end":
      case "reasoning-file":
        return;
      case "tool-input-start":
        if (take(part.toolName).cut) return cut();
        openInputs.set(part.id, { toolName: part.toolName, input: "" });
        if (toolsOffered) out.enqueue(part);
        return;
      case "tool-input-delta": {
        const open = openInputs.get(part.id);
        const { fits, cut: over } = take(part.delta);
        if (open) open.input += fits;
        if (over) cut();
        return;
      }
      case "tool-input-end":
        if (openInputs.has(part.id)) endInput(part.id);
        else if (toolsOffered) out.enqueue(part);
        return;
      case "tool-call": {
        const streamed = openInputs.get(part.toolCallId);
        openInputs.delete(part.toolCallId);
        // Its input was counted as it streamed; a call that arrives whole is counted here.
        if (!streamed) {
          const name = take(part.toolName);
          const input = name.cut ? { fits: "", cut: true } : take(part.input);
          if (input.cut) {
            toolCall({ toolCallId: part.toolCallId, toolName: part.toolName, input: input.fits });
            return cut();
          }
        }
        toolCall({ toolCallId: part.toolCallId, toolName: part.toolName, input: part.input });
        return;
      }
      case "finish": {
        ended = true;
        // Its calls were dropped: to the SDK this call only answered.
        const finishReason =
          !toolsOffered && part.finishReason?.unified === "tool-calls"
            ? { ...part.finishReason, unified: "stop" as const }
            : part.finishReason;
        out.enqueue({ ...part, finishReason, usage: checkedUsage(part.usage) });
        return;
      }
      default:
        out.enqueue(part);
    }
  }

  return new ReadableStream<Part>({
    start(controller) {
      sink = controller;
    },
    async pull() {
      // An error that came while a delta was held: the delta went out first, the error now.
      if (failed) throw failed.error;
      // Reads until something goes out: a pull that enqueues nothing is not called again.
      const before = emitted;
      while (emitted === before) {
        let next: ReadableStreamReadResult<Part>;
        try {
          next = await untilAbort(reader.read(), signal);
        } catch (error) {
          reader.cancel(error).catch(() => {});
          if (!deltas.flush()) throw error;
          failed = { error };
          return;
        }
        if (next.done) {
          if (!closed) out.close();
          return;
        }
        if (!ended || next.value.type === "error") handle(next.value);
        if (closed) return;
        deltas.flushIfDue();
      }
    },
    cancel(reason) {
      deltas.drop();
      return reader.cancel(reason);
    },
  });
}

/** This call's cap: the use's `maxTokens`, or less where the meter's policy says so. */
function capOf(meter: CallMeter, maxTokens: number): number {
  return Math.min(maxTokens, meter.callCap?.() ?? maxTokens);
}

type Delta = Extract<Part, { type: "text-delta" | "tool-input-delta" }>;

/**
 * Wraps whatever model the provider resolved so the run's limits hold whatever it streams: each
 * call is counted when it goes out, its output is capped at `maxTokens` in the stream itself
 * (a model may ignore `max_tokens`), its usage is checked, and its reasoning stays on the server.
 */
export function capModelCalls(
  model: Exclude<LanguageModel, string>,
  meter: CallMeter,
  { maxTokens, coalesceMs = 0 }: { maxTokens: number; coalesceMs?: number },
): LanguageModelV4 {
  return wrapLanguageModel({
    model,
    middleware: {
      specificationVersion: "v4",
      // The provider is asked for no more than the call may write; the stream's cap holds it anyway.
      transformParams: async ({ params }) => ({ ...params, maxOutputTokens: capOf(meter, maxTokens) }),
      wrapStream: async ({ doStream, params }) => {
        // A call the run stopped before it went out (the budget can't afford it) never reached the model.
        if (params.abortSignal?.aborted) throw params.abortSignal.reason;
        meter.startCall();
        const toolsOffered = (params.tools?.length ?? 0) > 0 && params.toolChoice?.type !== "none";
        const result = await untilAbort(Promise.resolve(doStream()), params.abortSignal);
        return {
          ...result,
          stream: capStream(result.stream, {
            maxTokens: capOf(meter, maxTokens),
            toolsOffered,
            signal: params.abortSignal,
            meter,
            coalesceMs,
          }),
        };
      },
    },
  });
}
