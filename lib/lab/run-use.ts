import "server-only";
import {
  createUIMessageStream,
  createUIMessageStreamResponse,
  type UIMessage,
  type UIMessageChunk,
  type UIMessageStreamWriter,
} from "ai";
import type { z } from "zod";
import { modelContext } from "@/lib/ai/model-table";
import type { AvailabilityWatch } from "@/lib/ai/model-unavailable";
import { resolveModel } from "@/lib/ai/providers";
import { STREAM_WINDOW_MS } from "@/lib/ai/stream-window";
import { readLabRequest } from "@/lib/api/lab-request";
import { unverifiedAmounts } from "@/lib/checks/amounts";
import { renderedText } from "@/lib/checks/rendered-text";
import { type LabUnits, reserveLabUnits, settleLabUnits } from "@/lib/lab/units";
import type { LabUseKind } from "@/lib/lab-uses";
import type { Quota } from "@/lib/quota";
import { withoutInvisible } from "@/lib/text/visible";
import { answerTransform, closeBrokenStep, type RunRecord } from "./answer-transform";
import { capModelCalls } from "./call-cap";
import { newRunId } from "./records/id";
import { type Recording, recordedStream, type UseEnd } from "./records/record-use";
import { labRecording } from "./records/recording";
import { type DoneData, UNSEEN_REASONS } from "./types";
import type { AnsweringModel, LabCall, LabUse, UseSummary } from "./use";

/**
 * The path of every Lab use (an agent run, a chat message, a review), in order:
 * 1. the request gate (`readLabRequest`): another site's page 403, not JSON 415, the route's
 *    schema 400; nothing is spent before it passes;
 * 2. the model the table picks for this use;
 * 3. units: the use's units reserved for the visitor and the site before any model call (429, 503),
 *    none while the model's platform says "not now";
 * 4. the use's own call(s), each under the per-call cap and the answer checks, within its deadline;
 * 5. exactly one `data-done`;
 * 6. one log line;
 * 7. the usage recorded on the reservation, or the units released when the model failed before
 *    the visitor saw anything, or its answer was none a person can read (`UNSEEN_REASONS`);
 * 8. the use's record (`lib/lab/records`): the stream the page was sent (with its `data-run` id),
 *    assembled as the page assembles it, with the visitor's words redacted, written in the
 *    background once the stream has closed; never the IP, and never a delay or a failure for the use.
 * Each use brings only its own parts (`LabUse`): prompt, tools or output schema, limits, model.
 */
export async function serveLabUse<Schema extends z.ZodType, M extends UIMessage, D extends Record<string, unknown>>(
  request: Request,
  schema: Schema,
  toUse: (body: z.infer<Schema>) => LabUse<M, D>,
  options: { maxBytes?: number } = {},
): Promise<Response> {
  const body = await readLabRequest(request, schema, options);
  if (body instanceof Response) return body;
  return startLabUse(request, toUse(body.data));
}

/** Steps 2 to 8 for a request that passed the gate. Tests bring their own quota, model and records. */
export async function startLabUse<M extends UIMessage, D extends Record<string, unknown>>(
  request: Request,
  use: LabUse<M, D>,
  deps: { quota?: Quota; model?: AnsweringModel; recording?: Recording | null } = {},
): Promise<Response> {
  // The run's id: its record's, its address's (`?run=`), and the model's session affinity.
  const runId = newRunId();
  // A setting the table can't use never gets here: the gate refused it (503) before anything was read.
  const model =
    deps.model ??
    resolveModel(use.kind, { locale: use.locale, runId, offline: use.offline, context: modelContext(request) });
  // While the model's platform says "not now", nothing is reserved.
  const units = await reserveLabUnits(request, use.units, { quota: deps.quota, modelPlatform: model.watch?.platform });
  if (units instanceof Response) return units;

  const facts = {
    id: runId,
    kind: use.kind,
    locale: use.locale,
    startedMs: Date.now(),
    input: use.words,
    conversationId: use.conversationId ?? null,
  };
  // The summary settles the units and gives the record its end (duration, the use's counts).
  let end: UseEnd | undefined;
  const settle = (summary: UseSummary<D>) => {
    end = useEnd(summary);
    return settleUse(units, use.kind, summary, model.watch);
  };
  const stream = streamLabUse(use, { model, runId, signal: request.signal, onFinish: settle });
  const recording = deps.recording === undefined ? labRecording() : deps.recording;
  return createUIMessageStreamResponse({
    stream: recordedStream(stream, facts, recording, () => end),
    headers: {
      "Cache-Control": "no-store",
      "X-Quota-Remaining": String(units.remaining.ip),
      "X-Agent-Model": model.name,
    },
  });
}

/** What the record keeps of a use's summary beyond its `data-done`: the duration and the use's own counts. */
function useEnd(summary: UseSummary<Record<string, unknown>>): UseEnd {
  const { reason, unverifiedAmounts, usage, modelCalls, toolCalls, model, shown, clientAborted, durationMs, ...own } =
    summary;
  const counts = Object.fromEntries(
    Object.entries(own).map(([key, value]) => [key, typeof value === "number" ? value : null]),
  );
  return { durationMs, counts };
}

/**
 * Records the use's usage on its reservation, releasing a failure nobody saw. When the model's
 * platform said "not now" (`watch`), the units come back even if something was shown (the use was
 * cut short), the platform is paused for every visitor until it comes back, and one
 * `model_unavailable` line tells the studio.
 */
async function settleUse(
  units: LabUnits,
  kind: LabUseKind,
  summary: UseSummary<Record<string, unknown>>,
  watch: AvailabilityWatch | undefined,
): Promise<void> {
  const unavailable = summary.reason === "model_error" ? watch?.unavailable : null;
  if (watch && unavailable) {
    const until = new Date(unavailable.untilMs).toISOString();
    const { reason } = unavailable;
    console.warn(
      JSON.stringify({
        event: "model_unavailable",
        reason,
        platform: watch.platform,
        use: kind,
        model: summary.model,
        until,
      }),
    );
    try {
      await units.quota.pauseModel(watch.platform, { reason, until });
    } catch (error) {
      // Not a failed booking: the next requests still reach the platform, which answers "not now" again.
      console.error(
        JSON.stringify({ event: "model_pause_failed", platform: watch.platform, message: (error as Error).message }),
      );
    }
  }
  await settleLabUnits(
    units,
    { ...summary.usage, model: summary.model, kind },
    {
      release:
        (summary.reason === "model_error" && (!summary.shown || Boolean(unavailable))) ||
        UNSEEN_REASONS.includes(summary.reason),
    },
  );
}

export type StreamUseOptions<D extends Record<string, unknown>> = {
  model: AnsweringModel;
  /** The run's id (its record's), for the use's own parts: the agent's next-step links carry it. */
  runId?: string;
  /** The request's signal: a closed tab stops the model. */
  signal?: AbortSignal;
  /** The use's own deadline unless given (tests shorten it). */
  timeoutMs?: number;
  /** How long a text's tokens are merged into one part (STREAM_WINDOW_MS); 0 sends each as it came. */
  streamWindowMs?: number;
  /** Awaited before the stream closes: record or release the quota here. */
  onFinish?: (summary: UseSummary<D>) => Promise<void> | void;
};

/** Steps 4 to 7: the use's stream, ending with its one `data-done`. */
export function streamLabUse<M extends UIMessage, D extends Record<string, unknown>>(
  use: LabUse<M, D>,
  options: StreamUseOptions<D>,
): ReadableStream<UIMessageChunk> {
  return createUIMessageStream<M>({
    onError: () => "model_error",
    execute: async ({ writer }) => {
      const started = Date.now();
      const run = use.open(options.model, { runId: options.runId });
      const record: RunRecord = { stepTexts: [], toolResults: [], shown: false, openStep: null };
      let timedOut = false;
      // The deadline aborts with a "TimeoutError"; the visitor's stop has another reason.
      const noteTimeout = (reason: unknown) => {
        if (typeof reason === "object" && reason !== null && (reason as { name?: unknown }).name === "TimeoutError") {
          timedOut = true;
        }
      };
      // Our own timer, not `streamText`'s `timeout`: the SDK merges it as `AbortSignal.timeout()`
      // inside `AbortSignal.any()`, and Node (20 and 22) can collect such a timeout signal before
      // it fires (nodejs/node#57736), so under GC pressure a model that hangs could outlive it.
      // The timer's closure holds the controller, so the deadline fires whatever the GC does.
      const deadline = new AbortController();
      const timer = setTimeout(
        () => deadline.abort(new DOMException("The use ran past its deadline", "TimeoutError")),
        options.timeoutMs ?? use.timeoutMs,
      );
      const signals = [options.signal, run.stop, deadline.signal].filter(
        (signal): signal is AbortSignal => signal !== undefined,
      );
      const call: LabCall = {
        model: capModelCalls(options.model.model, run.meter, {
          maxTokens: run.maxOutputTokens,
          coalesceMs: options.streamWindowMs ?? STREAM_WINDOW_MS,
        }),
        maxOutputTokens: run.maxOutputTokens,
        abortSignal: AbortSignal.any(signals),
        maxRetries: 0,
        experimental_transform: answerTransform(run.meter, record, { format: run.format }),
        onError: ({ error }) => noteTimeout(error),
        onAbort: ({ reason }) => noteTimeout(reason),
      };
      let thrown: unknown = null;
      try {
        await run.stream(call, writer, record);
      } catch (error) {
        thrown = error;
        noteTimeout(error);
      } finally {
        clearTimeout(timer);
        closeBrokenStep(record);
        run.meter.closeOpenCall();
      }

      const clientAborted = options.signal?.aborted === true && !timedOut;
      const verdict = run.verdict({ record, error: thrown });
      const done: DoneData = {
        reason: timedOut ? "timeout" : clientAborted ? "client_abort" : verdict.reason,
        // Read as the page shows it: the review's fields are plain text, the answers' Markdown is rendered.
        unverifiedAmounts: unverifiedAmounts(
          withoutInvisible(run.shownText?.() ?? record.stepTexts.map(renderedText).join("\n")),
          [...run.grounding, ...record.toolResults],
        ),
        usage: run.meter.usage(options.model),
        modelCalls: run.meter.modelCalls,
        toolCalls: run.meter.toolCalls,
        model: options.model.name,
      };
      // Every use's message type carries `data-done` (DESIGN.md); `M` only says which else.
      (writer as unknown as UIMessageStreamWriter<UIMessage<never, { done: DoneData }>>).write({
        type: "data-done",
        data: done,
      });
      writer.write({ type: "finish" });

      const summary = {
        ...done,
        ...run.details(),
        shown: record.shown,
        clientAborted,
        durationMs: Date.now() - started,
      } as UseSummary<D>;
      logUse(use.event, summary, errorForLog(verdict.error, run.secret));
      await options.onFinish?.(summary);
    },
  });
}

/** The model's error for the log: its name and message, with the visitor's words taken out. */
function errorForLog(
  error: unknown,
  secret: { text: string; as: string } | undefined,
): { errorName: string; errorMessage: string } | null {
  if (error === null || error === undefined) return null;
  const name = error instanceof Error ? error.name : typeof error;
  const message = error instanceof Error ? error.message : String(error);
  const words = secret?.text.trim();
  const redacted = words && secret ? message.split(words).join(secret.as) : message;
  return { errorName: name, errorMessage: redacted.slice(0, 300) };
}

/** One line per use for Workers Logs: counts and the model's error, never the visitor's words or IP. */
function logUse(event: string, summary: UseSummary<Record<string, unknown>>, error: object | null): void {
  const { reason, model, modelCalls, toolCalls, usage, shown: _shown, clientAborted: _aborted, ...rest } = summary;
  console.log(
    JSON.stringify({
      event,
      reason,
      model,
      modelCalls,
      toolCalls,
      ...rest,
      unverifiedAmounts: summary.unverifiedAmounts.length,
      inputTokens: usage.inputTokens,
      outputTokens: usage.outputTokens,
      cachedInputTokens: usage.cachedInputTokens,
      neurons: usage.neurons,
      estimated: usage.estimated,
      ...error,
    }),
  );
}
