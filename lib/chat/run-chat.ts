import { createUIMessageStream, streamText, type UIMessageChunk } from "ai";
import { estimateTokens, TOKENS_PER_MESSAGE } from "@/lib/agent/tokens";
import type { DoneData, DoneReason } from "@/lib/agent/types";
import { type AnswerChecks, createAnswerChecks, type SingleCallOptions } from "@/lib/ai/answer-checks";
import { groundingFor, groundingQuery } from "./grounding";
import { CHAT_LIMITS, CHAT_TEMPERATURE, CHAT_TIMEOUT_MS } from "./limits";
import { chatSystemPrompt } from "./prompt";
import { type ChatTurn, trimConversation, turnTokens } from "./trim";
import type { ChatUIMessage } from "./types";

export type ChatSummary = DoneData & { shown: boolean; clientAborted: boolean; keptTurns: number };

export type ChatOptions = SingleCallOptions & {
  turns: ChatTurn[];
  studio: string;
  /** Awaited before the stream closes: record or release the quota here. */
  onFinish?: (summary: ChatSummary) => Promise<void> | void;
};

/** How the message's call ended, when it neither timed out nor was stopped by the visitor. */
function chatReason(failed: boolean, checks: AnswerChecks): DoneReason {
  if (failed || checks.finishReason() === "error" || checks.text().trim() === "") return "model_error";
  return checks.finishReason() === "length" ? "token_budget" : "answered";
}

/**
 * One chat answer: the conversation trimmed to its token budget, the site's facts in the system
 * prompt, one model call through the agent's answer checks, and exactly one `data-done`.
 */
export function runChat(options: ChatOptions): ReadableStream<UIMessageChunk> {
  const turns = options.turns.filter((turn) => turn.text.trim() !== "");
  const kept = trimConversation(turns, CHAT_LIMITS.historyTokens);
  const questions = kept.filter((turn) => turn.role === "user").map((turn) => turn.text);
  const grounding = groundingFor(groundingQuery(questions), options.locale);
  const instructions = chatSystemPrompt(options.locale, options.studio, grounding.text);
  const inputEstimate =
    TOKENS_PER_MESSAGE + estimateTokens(instructions) + kept.reduce((sum, turn) => sum + turnTokens(turn), 0);
  const checks = createAnswerChecks({
    estimatedInputTokens: inputEstimate,
    grounding: grounding.data,
    maxOutputTokens: CHAT_LIMITS.maxOutputTokens,
  });

  return createUIMessageStream<ChatUIMessage>({
    onError: () => "model_error",
    execute: async ({ writer }) => {
      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(new Error("timeout")), options.timeoutMs ?? CHAT_TIMEOUT_MS);
      const signal = AbortSignal.any([timeout.signal, ...(options.signal ? [options.signal] : [])]);
      let failed = false;
      try {
        const result = streamText({
          model: checks.model(options.model),
          instructions,
          messages: kept.map((turn) => ({ role: turn.role, content: turn.text })),
          maxOutputTokens: CHAT_LIMITS.maxOutputTokens,
          temperature: CHAT_TEMPERATURE,
          maxRetries: 0,
          abortSignal: signal,
          experimental_transform: checks.transform,
          // The SDK's default prints the whole error, which can quote the conversation; the
          // message's log line below says how it ended.
          onError: () => {},
        });
        for await (const chunk of result.toUIMessageStream<ChatUIMessage>({
          sendFinish: false,
          onError: () => {
            failed = true;
            return "model_error";
          },
        })) {
          writer.write(chunk);
        }
      } catch {
        failed = true;
      } finally {
        clearTimeout(timer);
        checks.close();
      }

      const clientAborted = options.signal?.aborted === true && !timeout.signal.aborted;
      const done = checks.done(
        { timedOut: timeout.signal.aborted, clientAborted, reason: chatReason(failed, checks) },
        { name: options.modelName, neurons: options.neurons, estimatedUsage: options.estimatedUsage },
      );
      writer.write({ type: "data-done", data: done });
      writer.write({ type: "finish" });
      // One line per message for Workers Logs: counts only, never the conversation or the IP.
      console.log(
        JSON.stringify({
          event: "chat_message",
          reason: clientAborted ? "client_abort" : done.reason,
          model: done.model,
          turns: turns.length,
          keptTurns: kept.length,
          unverifiedAmounts: done.unverifiedAmounts.length,
          inputTokens: done.usage.inputTokens,
          outputTokens: done.usage.outputTokens,
          neurons: done.usage.neurons,
          estimated: done.usage.estimated,
        }),
      );
      await options.onFinish?.({ ...done, shown: checks.shown(), clientAborted, keptTurns: kept.length });
    },
  });
}
