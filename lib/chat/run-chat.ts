import { streamText } from "ai";
import { SITE } from "@/lib/content/site";
import type { Locale } from "@/lib/i18n/config";
import { SingleCallMeter } from "@/lib/lab/call-meter";
import type { LabUse } from "@/lib/lab/use";
import { estimateTokens, TOKENS_PER_MESSAGE } from "@/lib/text/tokens";
import { visibleText } from "@/lib/text/visible";
import { groundingFor, groundingQuery } from "./grounding";
import { CHAT_LIMITS, CHAT_MESSAGE_UNITS, CHAT_TEMPERATURE, CHAT_TIMEOUT_MS } from "./limits";
import { createOfflineAssistant } from "./offline-assistant";
import { chatSystemPrompt } from "./prompt";
import { type ChatTurn, trimConversation, turnTokens } from "./trim";
import type { ChatUIMessage } from "./types";

export type ChatDetails = { turns: number; keptTurns: number };

/**
 * A chat message as a Lab use: the conversation trimmed to its token budget (empty turns never
 * sent), the site's facts for the visitor's questions in the system prompt, and one model call
 * without tools. The shared path (lib/lab/run-use.ts) does the rest.
 */
export function chatUse({
  turns,
  locale,
  conversationId = null,
  studio = SITE.studio.name,
}: {
  turns: ChatTurn[];
  locale: Locale;
  /** The page's id for the conversation, checked by the route: the records keep a thread together. */
  conversationId?: string | null;
  studio?: string;
}): LabUse<ChatUIMessage, ChatDetails> {
  return {
    kind: "chat",
    event: "chat_message",
    units: CHAT_MESSAGE_UNITS,
    timeoutMs: CHAT_TIMEOUT_MS,
    locale,
    offline: createOfflineAssistant,
    words: { question: turns.findLast((turn) => turn.role === "user")?.text ?? "" },
    conversationId,
    open: () => {
      const sent = turns.filter((turn) => turn.text.trim() !== "");
      const kept = trimConversation(sent, CHAT_LIMITS.historyTokens);
      const questions = kept.filter((turn) => turn.role === "user").map((turn) => turn.text);
      const grounding = groundingFor(groundingQuery(questions), locale);
      const instructions = chatSystemPrompt(locale, studio, grounding.text);
      const meter = new SingleCallMeter({
        inputEstimate:
          TOKENS_PER_MESSAGE + estimateTokens(instructions) + kept.reduce((sum, turn) => sum + turnTokens(turn), 0),
        maxOutputTokens: CHAT_LIMITS.maxOutputTokens,
      });
      let failed = false;
      return {
        meter,
        maxOutputTokens: CHAT_LIMITS.maxOutputTokens,
        grounding: grounding.data,
        stream: async (call, writer) => {
          const result = streamText({
            ...call,
            instructions,
            messages: kept.map((turn) => ({ role: turn.role, content: turn.text })),
            temperature: CHAT_TEMPERATURE,
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
        },
        verdict: ({ record, error }) => {
          const text = record.stepTexts.join("\n");
          if (failed || error !== null || record.lastFinishReason === "error") return { reason: "model_error", error };
          // An answer nobody can read (invisible characters, a tool call written as text) is none: named,
          // and the unit comes back.
          if (record.lastCallUnseen) return { reason: record.lastCallUnseen };
          // An answer with nothing in it is a failure, whatever the model says: the unit comes back.
          if (visibleText(text) === "") return { reason: "model_error", error };
          return { reason: meter.cut || record.lastFinishReason === "length" ? "token_budget" : "answered" };
        },
        details: () => ({ turns: sent.length, keptTurns: kept.length }),
      };
    },
  };
}
