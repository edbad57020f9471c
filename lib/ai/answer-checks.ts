import type { LanguageModel, StreamTextTransform, ToolSet } from "ai";
import { unverifiedAmounts } from "@/lib/agent/amounts";
import { answerTransform, closeBrokenStep, type RunRecord } from "@/lib/agent/answer-transform";
import { RunBudget } from "@/lib/agent/budget";
import { capModelCalls } from "@/lib/agent/call-cap";
import type { DoneData, DoneReason } from "@/lib/agent/types";
import type { Locale } from "@/lib/i18n/config";

/**
 * The agent's answer checks, for the chat and the reviewer: the one place they are taken from, so
 * both follow any change to them. On the streamed text: thinking leftovers stripped, links kept
 * as site paths (held back until complete), each call's usage booked (our own count when the
 * provider sends none). At the end: the money amounts nothing in `grounding` backs.
 */
export type AnswerChecks = {
  /**
   * The model under the agent's per-call cap: the call counts when it goes out, its output is cut
   * at `maxOutputTokens` in the stream (whatever the model does with `max_tokens`), its usage is
   * checked and its reasoning stays on the server.
   */
  model(model: Exclude<LanguageModel, string>): Exclude<LanguageModel, string>;
  transform: StreamTextTransform<ToolSet>;
  /** Call once the stream is over (ended, failed or aborted): books a call that broke mid-way. */
  close(): void;
  /** The checked text the visitor saw. */
  text(): string;
  /** Whether the visitor saw anything. */
  shown(): boolean;
  /** How the model call ended ("error" when its stream was cut off). */
  finishReason(): string | undefined;
  /**
   * The use's one `data-done`, in the agent's shape for a single call without tools. A timeout or
   * the visitor's stop wins over `reason`, the use's own verdict on how its call ended.
   */
  done(end: { timedOut: boolean; clientAborted: boolean; reason: DoneReason }, model: AnsweringModel): DoneData;
};

/** What a single-call Lab use (a chat message, a review) is given besides its own input. */
export type SingleCallOptions = {
  locale: Locale;
  model: Exclude<LanguageModel, string>;
  modelName: string;
  neurons?: AnsweringModel["neurons"];
  estimatedUsage?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
};

/** The model that answered, as the `data-done` reports it. */
export type AnsweringModel = {
  name: string;
  /** Workers AI's neurons for this use (the model's meter); Claude and offline programs cost none. */
  neurons?: { total(inputTokens: number, outputTokens: number): number };
  /** True when usage is our own count rather than the provider's (offline programs). */
  estimatedUsage?: boolean;
};

export function createAnswerChecks({
  estimatedInputTokens,
  grounding,
  maxOutputTokens,
  format = "markdown",
}: {
  /** "json" for structured output: thinking leftovers stripped, no Markdown filter (see answerTransform). */
  format?: "markdown" | "json";
  /** The call's output cap, enforced in the stream. */
  maxOutputTokens: number;
  /** Our own count of the call's input, booked when the provider reports none. */
  estimatedInputTokens: number;
  /** What the model was given as facts (the catalog slice): the only source of verified amounts. */
  grounding: unknown[];
}): AnswerChecks {
  // One call: no step, tool or run-budget limit applies, only the call's output cap.
  const budget = new RunBudget({
    maxSteps: 1,
    maxToolCalls: 0,
    maxTokens: maxOutputTokens,
    tokenBudget: Number.MAX_SAFE_INTEGER,
  });
  // One call, no tools: `plan` is what tells the budget our estimate of the call's input.
  budget.plan(0, { withTools: estimatedInputTokens, withoutTools: estimatedInputTokens });
  const record: RunRecord = { stepTexts: [], toolResults: [], shown: false, openStep: null };
  const text = () => record.stepTexts.join("\n");
  return {
    model: (model) =>
      capModelCalls(
        model,
        {
          startCall: () => budget.startCall(),
          countOutput: (tokens) => budget.countOutput(tokens),
          dropCall: () => {},
          cutCall: () => {
            budget.lastCallCut = true;
          },
        },
        { maxTokens: maxOutputTokens },
      ),
    transform: answerTransform(budget, record, { format }),
    close: () => {
      closeBrokenStep(record);
      budget.closeOpenCall();
    },
    text,
    shown: () => record.shown,
    finishReason: () => record.lastFinishReason,
    done: ({ timedOut, clientAborted, reason }, model) => ({
      reason: endReason(timedOut, clientAborted, reason),
      unverifiedAmounts: unverifiedAmounts(text(), [...grounding, ...record.toolResults]),
      usage: budget.usage(model),
      modelCalls: budget.modelCalls,
      toolCalls: 0,
      model: model.name,
    }),
  };
}

function endReason(timedOut: boolean, clientAborted: boolean, reason: DoneReason): DoneReason {
  if (timedOut) return "timeout";
  if (clientAborted) return "client_abort";
  return reason;
}
