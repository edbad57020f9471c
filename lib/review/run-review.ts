import { createUIMessageStream, type DeepPartial, Output, streamText, type UIMessageChunk } from "ai";
import { estimateTokens, TOKENS_PER_MESSAGE } from "@/lib/agent/tokens";
import type { DoneData, DoneReason } from "@/lib/agent/types";
import { type AnswerChecks, createAnswerChecks, type SingleCallOptions } from "@/lib/ai/answer-checks";
import { codeLines, wrapCode } from "./code";
import { REVIEW_LIMITS, REVIEW_TEMPERATURE, REVIEW_TIMEOUT_MS, type ReviewLanguage } from "./limits";
import { type Finding, type ReviewData, type ReviewOutput, type ReviewUIMessage, reviewOutputSchema } from "./output";
import { reviewSystemPrompt } from "./prompt";

export type ReviewSummary = DoneData & { shown: boolean; clientAborted: boolean };

export type ReviewOptions = SingleCallOptions & {
  code: string;
  language: ReviewLanguage;
  /** Awaited before the stream closes: record or release the quota here. */
  onFinish?: (summary: ReviewSummary) => Promise<void> | void;
};

/** Partial writes between two sends of the review while it streams: enough to see it grow. */
const PARTIALS_PER_SEND = 6;

/** The review as the page shows it; a line the code doesn't have becomes null, never a wrong jump. */
function reviewData(
  output: DeepPartial<ReviewOutput> | undefined,
  base: { language: ReviewLanguage; lines: number },
  final: boolean,
): ReviewData {
  const findings = (output?.findings ?? []).flatMap((finding): Partial<Finding>[] => {
    if (!finding || typeof finding !== "object") return [];
    const line = finding.line;
    const valid = typeof line === "number" && Number.isInteger(line) && line >= 1 && line <= base.lines;
    return [{ ...finding, line: valid ? line : final || line !== undefined ? null : undefined }];
  });
  return { ...base, summary: output?.summary ?? "", findings, final };
}

/** How the review's call ended, when it neither timed out nor was stopped by the visitor. */
function reviewReason(failed: boolean, valid: boolean, checks: AnswerChecks): DoneReason {
  if (checks.finishReason() === "length") return "token_budget";
  if (failed || checks.finishReason() === "error" || !valid) return "model_error";
  return "answered";
}

/**
 * One review: the code wrapped as numbered data, one model call for a structured review (zod
 * validates it), streamed as `data-review` parts as it grows, then exactly one `data-done`.
 */
export function runReview(options: ReviewOptions): ReadableStream<UIMessageChunk> {
  const base = { language: options.language, lines: codeLines(options.code).length };
  const instructions = reviewSystemPrompt(options.locale);
  const prompt = wrapCode(options.code, options.language);
  const checks = createAnswerChecks({
    estimatedInputTokens: 2 * TOKENS_PER_MESSAGE + estimateTokens(instructions) + estimateTokens(prompt),
    grounding: [options.code],
    maxOutputTokens: REVIEW_LIMITS.maxOutputTokens,
    format: "json",
  });

  return createUIMessageStream<ReviewUIMessage>({
    onError: () => "model_error",
    execute: async ({ writer }) => {
      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(new Error("timeout")), options.timeoutMs ?? REVIEW_TIMEOUT_MS);
      const signal = AbortSignal.any([timeout.signal, ...(options.signal ? [options.signal] : [])]);
      let failed = false;
      let shown = false;
      let final: ReviewOutput | null = null;
      try {
        const result = streamText({
          model: checks.model(options.model),
          instructions,
          messages: [{ role: "user", content: prompt }],
          output: Output.object({ schema: reviewOutputSchema, name: "code_review" }),
          maxOutputTokens: REVIEW_LIMITS.maxOutputTokens,
          temperature: REVIEW_TEMPERATURE,
          maxRetries: 0,
          abortSignal: signal,
          experimental_transform: checks.transform,
          onError: () => {
            failed = true;
          },
        });
        let partials = 0;
        let sentFindings = -1;
        for await (const partial of result.partialOutputStream) {
          partials += 1;
          const count = partial.findings?.length ?? 0;
          if (count === sentFindings && partials % PARTIALS_PER_SEND !== 0) continue;
          sentFindings = count;
          writer.write({ type: "data-review", id: "review", data: reviewData(partial, base, false) });
          shown = true;
        }
        final = await result.output;
      } catch {
        // An error part, an abort, or output zod refused: the reason below says which.
      } finally {
        clearTimeout(timer);
        checks.close();
      }
      if (final) {
        writer.write({ type: "data-review", id: "review", data: reviewData(final, base, true) });
        shown = true;
      }

      const clientAborted = options.signal?.aborted === true && !timeout.signal.aborted;
      const done = checks.done(
        { timedOut: timeout.signal.aborted, clientAborted, reason: reviewReason(failed, final !== null, checks) },
        { name: options.modelName, neurons: options.neurons, estimatedUsage: options.estimatedUsage },
      );
      writer.write({ type: "data-done", data: done });
      writer.write({ type: "finish" });
      // One line per review for Workers Logs: counts only, never the code or the IP.
      console.log(
        JSON.stringify({
          event: "code_review",
          reason: clientAborted ? "client_abort" : done.reason,
          model: done.model,
          language: options.language,
          lines: base.lines,
          findings: final?.findings.length ?? null,
          inputTokens: done.usage.inputTokens,
          outputTokens: done.usage.outputTokens,
          neurons: done.usage.neurons,
          estimated: done.usage.estimated,
        }),
      );
      await options.onFinish?.({ ...done, shown, clientAborted });
    },
  });
}
