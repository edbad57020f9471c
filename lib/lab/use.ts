import type { LanguageModelV4 } from "@ai-sdk/provider";
import type { LanguageModel, UIMessage, UIMessageStreamWriter } from "ai";
import type { AvailabilityWatch } from "@/lib/ai/model-unavailable";
import type { OfflineModel } from "@/lib/ai/providers";
import type { Locale } from "@/lib/i18n/config";
import type { LabRecord } from "@/lib/lab/records/types";
import type { LabUseKind } from "@/lib/lab-uses";
import type { AnyToolsTransform, RunRecord } from "./answer-transform";
import type { CallLedger, MeteredModel } from "./call-meter";
import type { DoneData, DoneReason } from "./types";

/** The model that answers a use, as the model table builds it (tests bring a scripted one). */
export type AnsweringModel = MeteredModel & {
  model: Exclude<LanguageModel, string>;
  /** The model's id as the page and the usage records show it. */
  name: string;
  /** A hosted model: whether its platform said "not now" (allocation used up, rate limited, overloaded). */
  watch?: AvailabilityWatch;
};

/**
 * The settings every model call of a use takes from the shared path, spread into its
 * `streamText`: the model under the per-call cap, the answer checks, the deadline and the
 * visitor's stop, no retries (a retry would spend again), and quiet errors (the SDK's default
 * prints the whole error, which can quote the visitor's words; the use's log line says how it ended).
 */
export type LabCall = {
  model: LanguageModelV4;
  maxOutputTokens: number;
  abortSignal: AbortSignal;
  maxRetries: 0;
  experimental_transform: AnyToolsTransform;
  onError: (event: { error: unknown }) => void;
  onAbort: (event: { reason?: unknown }) => void;
};

/** One use in progress: its own parts, which the shared path runs. */
export type UseRun<M extends UIMessage, Details extends Record<string, unknown>> = {
  /** Its call ledger, which the per-call cap tells about each call: the agent's run budget, or a single call's meter. */
  meter: CallLedger;
  /** Output tokens of one call, enforced in the stream whatever the model does with `max_tokens`. */
  maxOutputTokens: number;
  /** "json" for structured output: thinking leftovers stripped, no Markdown filter. */
  format?: "markdown" | "json";
  /** What the model was given as facts: with tool results, the only source of verified amounts. */
  grounding: unknown[];
  /**
   * What the visitor read, for the amounts check, when it is not the text parts as the page renders
   * their Markdown (the review's fields, shown as plain text).
   */
  shownText?: () => string;
  /** Stops the model early (the agent's budget, before a call it can't afford). */
  stop?: AbortSignal;
  /** The use's prompt, tools or output schema, streamed to the page through `writer`. */
  stream(call: LabCall, writer: UIMessageStreamWriter<M>, record: RunRecord): Promise<void>;
  /**
   * How the use ended, asked once its calls are closed, unless the deadline or the visitor's stop
   * came first: it reads the record, the use's counters and `error` (what its stream threw, if
   * anything), and changes nothing. The verdict's `error` goes to the log.
   */
  verdict(end: { record: RunRecord; error: unknown }): { reason: DoneReason; error?: unknown };
  /** Its own fields of the summary and the log line: counts, never the visitor's words. */
  details(): Details;
  /** The visitor's words, replaced by `as` in an error message before it is logged. */
  secret?: { text: string; as: string };
};

/** A Lab use: what it costs, how long it may take, its visitor's language, and its own parts. */
export type LabUse<M extends UIMessage, Details extends Record<string, unknown> = Record<string, never>> = {
  kind: LabUseKind;
  /** The `event` of its log line. */
  event: string;
  units: number;
  timeoutMs: number;
  /** The visitor's language: the model table builds the use's offline model in it. */
  locale: Locale;
  /** The use's own offline model, which answers when no model is configured (labelled as such). */
  offline: OfflineModel;
  /** The visitor's words, for the use's record (redacted there): the goal, the new question, the code. */
  words: LabRecord["input"];
  /** A chat's thread, from the page: every message of one conversation is kept under it. */
  conversationId?: string | null;
  /** Opens the use for one run; `runId` is its record's id (the agent's next steps carry it). */
  open(model: AnsweringModel, run?: { runId?: string }): UseRun<M, Details>;
};

/** What a finished use reports to its `onFinish` (the quota's books) and to its log line. */
export type UseSummary<Details extends Record<string, unknown> = Record<string, never>> = DoneData &
  Details & {
    /** Whether the visitor saw anything before it ended. */
    shown: boolean;
    clientAborted: boolean;
    durationMs: number;
  };
