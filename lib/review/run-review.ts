import { type DeepPartial, Output, streamText } from "ai";
import { draftWithin } from "@/lib/checks/structured-draft";
import { stripTextToolCalls } from "@/lib/checks/text-tool-calls";
import type { Locale } from "@/lib/i18n/config";
import { SingleCallMeter } from "@/lib/lab/call-meter";
import type { LabUse } from "@/lib/lab/use";
import { estimateTokens, TOKENS_PER_MESSAGE } from "@/lib/text/tokens";
import { displayedText, visibleText } from "@/lib/text/visible";
import { codeLines, detectLanguage, wrapCode } from "./code";
import { REVIEW_LIMITS, REVIEW_TEMPERATURE, REVIEW_TIMEOUT_MS, REVIEW_UNITS, type ReviewLanguage } from "./limits";
import { createOfflineReviewer } from "./offline-reviewer";
import { type Finding, type ReviewData, type ReviewOutput, type ReviewUIMessage, reviewOutputSchema } from "./output";
import { reviewSystemPrompt } from "./prompt";

export type ReviewDetails = { language: ReviewLanguage; lines: number; findings: number | null };

/** The review's words as the page shows them (plain text): what its amounts are read from. */
function reviewText(review: ReviewData | null): string {
  if (!review) return "";
  return [review.summary, ...review.findings.flatMap((f) => [f.title ?? "", f.why ?? "", f.fix ?? ""])].join("\n");
}

/**
 * A field as the page shows it, which the checks read: no invisible or bidi control characters (a
 * JSON escape can spell them), and no tool call written as text (the review is JSON: its fields are
 * read once parsed).
 */
const shownField = (value: string) => stripTextToolCalls(displayedText(value)).text;

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
    // Each field as the page shows it (no invisible or bidi control characters), which the checks read.
    const text = (value: string | undefined) => (typeof value === "string" ? shownField(value) : value);
    return [
      {
        ...finding,
        title: text(finding.title),
        why: text(finding.why),
        fix: text(finding.fix),
        line: valid ? line : final || line !== undefined ? null : undefined,
      },
    ];
  });
  return { ...base, summary: shownField(output?.summary ?? ""), findings, final };
}

/**
 * A review as a Lab use: the code wrapped as numbered data, one model call for a structured review
 * (zod validates it), streamed as `data-review` parts as it grows. The shared path
 * (lib/lab/run-use.ts) does the rest.
 */
export function reviewUse({
  code,
  language: asked,
  locale,
}: {
  code: string;
  /** Omitted (or "other"): detected from the code. */
  language?: ReviewLanguage;
  locale: Locale;
}): LabUse<ReviewUIMessage, ReviewDetails> {
  const language = asked && asked !== "other" ? asked : detectLanguage(code);
  return {
    kind: "review",
    event: "code_review",
    units: REVIEW_UNITS,
    timeoutMs: REVIEW_TIMEOUT_MS,
    locale,
    offline: createOfflineReviewer,
    words: { code, language: asked ?? null },
    open: () => {
      const base = { language, lines: codeLines(code).length };
      const instructions = reviewSystemPrompt(locale);
      const prompt = wrapCode(code, language);
      const meter = new SingleCallMeter({
        inputEstimate: 2 * TOKENS_PER_MESSAGE + estimateTokens(instructions) + estimateTokens(prompt),
        maxOutputTokens: REVIEW_LIMITS.maxOutputTokens,
      });
      let failed = false;
      let final: ReviewOutput | null = null;
      let shown: ReviewData | null = null;
      return {
        meter,
        maxOutputTokens: REVIEW_LIMITS.maxOutputTokens,
        format: "json",
        grounding: [code],
        shownText: () => reviewText(shown),
        stream: async (call, writer, record) => {
          const result = streamText({
            ...call,
            instructions,
            messages: [{ role: "user", content: prompt }],
            output: Output.object({ schema: reviewOutputSchema, name: "code_review" }),
            temperature: REVIEW_TEMPERATURE,
            onError: (event) => {
              failed = true;
              call.onError(event);
            },
          });
          const show = (data: ReviewData) => {
            shown = data;
            writer.write({ type: "data-review", id: "review", data });
            record.shown = true;
          };
          let partials = 0;
          let sentFindings = -1;
          let broken: { error: unknown } | null = null;
          try {
            for await (const partial of result.partialOutputStream) {
              partials += 1;
              // Each draft within the schema's limits: never 9 findings where 8 are allowed.
              const draft = draftWithin(reviewOutputSchema, partial);
              const count = draft.findings?.length ?? 0;
              if (count === sentFindings && partials % PARTIALS_PER_SEND !== 0) continue;
              sentFindings = count;
              show(reviewData(draft, base, false));
            }
          } catch (error) {
            broken = { error };
          }
          if (!broken) {
            try {
              final = await result.output;
            } catch {
              // Output zod refused, an error part or an abort: the verdict says which.
            }
          }
          if (final) show(reviewData(final, base, true));
          // A review that failed leaves none of its drafts on the page: nothing it said was checked.
          // One cut at its cap keeps them, and says it was cut.
          else if (shown && !(meter.cut || record.lastFinishReason === "length")) {
            show({ ...base, summary: "", findings: [], final: false });
          }
          if (broken) throw broken.error;
        },
        verdict: ({ record, error }) => {
          // Cut at its cap, a review is cut short, not failed: it says so.
          if (meter.cut || record.lastFinishReason === "length") return { reason: "token_budget" };
          if (failed || error !== null || record.lastFinishReason === "error" || final === null) {
            return { reason: "model_error", error };
          }
          // A review whose every field shows nothing (invisible characters only) is none.
          if (visibleText(reviewText(reviewData(final, base, true))) === "") return { reason: "no_answer" };
          return { reason: "answered" };
        },
        details: () => ({ ...base, findings: final?.findings.length ?? null }),
      };
    },
  };
}
