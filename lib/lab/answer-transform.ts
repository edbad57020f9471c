import type { StreamTextTransform, TextStreamPart, ToolSet } from "ai";
import { type AnswerFilter, createAnswerFilter } from "./answer-filter";
import type { CallLedger } from "./call-meter";
import { isSitePath } from "./site-paths";
import { createThinkingStripper } from "./thinking";

/** What the transform learns about the run while it streams. */
export type RunRecord = {
  /** Text of each step, after the checks, in order. */
  stepTexts: string[];
  toolResults: unknown[];
  /** Whether the visitor has seen anything yet (text or a tool step). */
  shown: boolean;
  /** How the last model call ended ("error" when its stream was cut off). */
  lastFinishReason?: string;
  /** The model call in progress: what it has shown so far, and whether it wrote any text at all. */
  openStep: { text: string; wrote?: boolean } | null;
  /** Whether the last finished call wrote any text, before the checks (reasoning and thinking are no text). */
  lastCallWrote?: boolean;
};

/**
 * Keeps the text of a call whose stream broke before its step finished. Its cost is the meter's
 * (`CallLedger.closeOpenCall`): the call was counted when it went out.
 */
export function closeBrokenStep(record: RunRecord): void {
  if (!record.openStep) return;
  record.stepTexts.push(record.openStep.text);
  record.openStep = null;
}

/** A `streamText` transform for whatever tools a use offers: parts it doesn't check pass unchanged. */
export type AnyToolsTransform = <TOOLS extends ToolSet>(
  options: Parameters<StreamTextTransform<TOOLS>>[0],
) => ReturnType<StreamTextTransform<TOOLS>>;

/**
 * Runs the answer checks on text as it streams: drops every thought of a call (lib/lab/thinking.ts),
 * keeps links within the link policy and drops raw HTML (lib/lab/answer-filter.ts), and settles
 * each call's usage with the use's meter at its step's end.
 */
export function answerTransform(
  meter: Pick<CallLedger, "recordCall">,
  record: RunRecord,
  // "json": structured output (the reviewer's), which the Markdown filter would corrupt; its
  // fields are checked after parsing and rendered as plain text.
  { format = "markdown" }: { format?: "markdown" | "json" } = {},
): AnyToolsTransform {
  return <TOOLS extends ToolSet>() => {
    // One per model call: a thought left open in one text part stays open in the next.
    let stripper = createThinkingStripper();
    const openTexts = new Set<string>();
    const filters = new Map<string, AnswerFilter>();

    // The WhatsApp links the tools returned this run: the only absolute URLs an answer may keep.
    // Collected as results arrive, not on every text delta.
    const allowedUrls: string[] = [];

    function release(id: string, text: string, final: boolean): string {
      let filter = filters.get(id);
      if (!filter) {
        filter = createAnswerFilter({ sitePaths: isSitePath, allowedUrls });
        filters.set(id, filter);
      }
      const out = format === "json" ? text : filter.push(text) + (final ? filter.flush() : "");
      if (final) filters.delete(id);
      if (record.openStep) record.openStep.text += out;
      // Structured output reaches the page as the use's own parts (the review's), not as this text:
      // the use says when the visitor saw it.
      if (format !== "json" && out.trim()) record.shown = true;
      return out;
    }

    // Text the call wrote, once its thinking is stripped (Gemma 4 can think in the text itself),
    // before the checks: a call whose words the checks removed still answered.
    const noteWritten = (kept: string) => {
      if (record.openStep && /\S/.test(kept)) record.openStep.wrote = true;
    };

    return new TransformStream<TextStreamPart<TOOLS>, TextStreamPart<TOOLS>>({
      transform(part, controller) {
        switch (part.type) {
          case "text-start":
            openTexts.add(part.id);
            controller.enqueue(part);
            return;
          case "text-delta": {
            openTexts.add(part.id);
            const kept = stripper.push(part.text);
            noteWritten(kept);
            const out = release(part.id, kept, false);
            if (out) controller.enqueue({ ...part, text: out });
            return;
          }
          case "text-end": {
            const kept = stripper.flush();
            noteWritten(kept);
            const out = release(part.id, kept, true);
            openTexts.delete(part.id);
            if (out) controller.enqueue({ type: "text-delta", id: part.id, text: out });
            controller.enqueue(part);
            return;
          }
          case "tool-input-start":
            record.shown = true;
            controller.enqueue(part);
            return;
          case "tool-result":
            record.toolResults.push(part.output);
            allowedUrls.push(...(JSON.stringify(part.output ?? null).match(/https:\/\/wa\.me\/[^"\s]+/g) ?? []));
            controller.enqueue(part);
            return;
          case "error":
            // The call failed mid-way: show what it had written so far, and count what it spent.
            for (const id of openTexts) {
              const out = release(id, stripper.flush(), true);
              if (out) controller.enqueue({ type: "text-delta", id, text: out });
            }
            openTexts.clear();
            record.lastFinishReason = "error";
            controller.enqueue(part);
            return;
          case "start-step":
            stripper = createThinkingStripper();
            record.openStep = { text: "" };
            controller.enqueue(part);
            return;
          case "finish-step":
            record.lastFinishReason = part.finishReason;
            meter.recordCall({
              inputTokens: part.usage.inputTokens,
              outputTokens: part.usage.outputTokens,
              cachedInputTokens: part.usage.inputTokenDetails?.cacheReadTokens,
            });
            record.stepTexts.push(record.openStep?.text ?? "");
            record.lastCallWrote = record.openStep?.wrote === true;
            record.openStep = null;
            controller.enqueue(part);
            return;
          default:
            controller.enqueue(part);
        }
      },
    });
  };
}
