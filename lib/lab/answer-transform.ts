import type { StreamTextTransform, TextStreamPart, ToolSet } from "ai";
import { type AnswerFilter, createAnswerFilter } from "@/lib/checks/answer-filter";
import { renderedText } from "@/lib/checks/rendered-text";
import { isSitePath } from "@/lib/checks/site-paths";
import { createToolCallStripper } from "@/lib/checks/text-tool-calls";
import { createThinkingStripper } from "@/lib/checks/thinking";
import { createDisplayStream, visibleText } from "@/lib/text/visible";
import type { CallLedger } from "./call-meter";

/** What the transform learns about the run while it streams. */
export type RunRecord = {
  /** Text of each step, after the checks, in order. */
  stepTexts: string[];
  toolResults: unknown[];
  /** Whether the visitor has seen anything yet (text or a tool step). */
  shown: boolean;
  /** How the last model call ended ("error" when its stream was cut off). */
  lastFinishReason?: string;
  /**
   * The model call in progress: what it has shown so far, whether it wrote any text at all, and
   * whether some of it was a tool call written as text.
   */
  openStep: { text: string; wrote?: boolean; toolCallText?: boolean } | null;
  /** Whether the last finished call wrote any text, before the checks (reasoning and thinking are no text). */
  lastCallWrote?: boolean;
  /** Why the last finished call's answer is none a person can see (`unseenAnswer`), or null. */
  lastCallUnseen?: UnseenAnswer | null;
};

/** An answer nobody can read: only invisible characters, or a tool call written as text. */
export type UnseenAnswer = "no_answer" | "text_tool_call";

/**
 * What a call's text left the visitor: a tool call written as text is no answer whatever else it
 * wrote (the model meant to call and didn't); text that renders as nothing visible is none either.
 */
function unseenAnswer(step: NonNullable<RunRecord["openStep"]>): UnseenAnswer | null {
  if (step.toolCallText) return "text_tool_call";
  if (step.wrote && visibleText(renderedText(step.text)) === "") return "no_answer";
  return null;
}

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
 * Runs the answer checks on text as it streams: drops every thought of a call (lib/checks/thinking.ts),
 * keeps links within the link policy and drops raw HTML (lib/checks/answer-filter.ts), and settles
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
    // One per model call: a thought left open in one text part stays open in the next. The text is
    // first put as the page shows it (no invisible or bidi control characters), so every check
    // after reads what the visitor will: a marker or a URL cut by an invisible character reads whole.
    let display = createDisplayStream();
    let stripper = createThinkingStripper();
    let calls = createToolCallStripper();
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
      if (format !== "json" && visibleText(out) !== "") record.shown = true;
      return out;
    }

    // Text the call wrote, once its thinking is stripped (Gemma 4 can think in the text itself),
    // before the checks: a call whose words the checks removed still answered; one that wrote only
    // characters nobody sees wrote, and showed nothing.
    const noteWritten = (raw: string, kept: string) => {
      if (!record.openStep) return;
      if (/\S/.test(kept) || (raw !== "" && visibleText(raw) === "" && /\S/.test(raw))) record.openStep.wrote = true;
      if (calls.found) record.openStep.toolCallText = true;
    };
    /** The text of a delta (or the held rest, `final`) through the display form, thinking and written calls. */
    const checked = (raw: string, final: boolean): string => {
      const shown = final ? display.push(raw) + display.flush() : display.push(raw);
      const thought = final ? stripper.push(shown) + stripper.flush() : stripper.push(shown);
      // Structured output is JSON: its fields are read for written calls once parsed (the reviewer's).
      const kept = format === "json" ? thought : final ? calls.push(thought) + calls.flush() : calls.push(thought);
      noteWritten(raw, kept);
      return kept;
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
            const kept = checked(part.text, false);
            const out = release(part.id, kept, false);
            if (out) controller.enqueue({ ...part, text: out });
            return;
          }
          case "text-end": {
            const kept = checked("", true);
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
              const out = release(id, checked("", true), true);
              if (out) controller.enqueue({ type: "text-delta", id, text: out });
            }
            openTexts.clear();
            record.lastFinishReason = "error";
            controller.enqueue(part);
            return;
          case "start-step":
            display = createDisplayStream();
            stripper = createThinkingStripper();
            calls = createToolCallStripper();
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
            record.lastCallUnseen = record.openStep ? unseenAnswer(record.openStep) : null;
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
