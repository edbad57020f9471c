import { z } from "zod";
import { CHAT_LIMITS } from "@/lib/chat/limits";
import { LOCALES } from "@/lib/i18n/config";
import { RUN_ID_PATTERN } from "@/lib/lab/records/id";
import { visibleText } from "@/lib/text/visible";

const id = z.string().max(100);
// Each turn is measured, and reaches the model, without its invisible and format characters (tag
// characters too): a question of zero-width spaces is empty.
const textPart = z.object({
  type: z.literal("text"),
  text: z.string().max(CHAT_LIMITS.maxAnswerChars).transform(visibleText),
  state: z.enum(["streaming", "done"]).optional(),
});
// The page keeps step boundaries and the answer's `data-done` in its messages: accepted, never
// sent to the model.
const keptPart = z.looseObject({ type: z.string().regex(/^(?:step-start|data-[a-z-]{1,30})$/) });

const message = z
  .object({
    id,
    role: z.enum(["user", "assistant"]),
    parts: z.array(z.union([textPart, keptPart])).max(12),
  })
  .refine(
    (m) => textOf(m).length <= (m.role === "user" ? CHAT_LIMITS.maxMessageChars : CHAT_LIMITS.maxAnswerChars),
    `a question has more than ${CHAT_LIMITS.maxMessageChars} characters, or an answer more than ${CHAT_LIMITS.maxAnswerChars}`,
  );

export function textOf(m: { parts: readonly { type: string; text?: unknown }[] }): string {
  return m.parts
    .map((part) => (part.type === "text" && typeof part.text === "string" ? part.text : ""))
    .join("")
    .trim();
}

/** `POST /api/chat`: what `useChat`'s `DefaultChatTransport` sends, plus `locale` (DESIGN.md). */
export const chatRequestSchema = z.strictObject({
  id: id.optional(),
  messages: z
    .array(message)
    .min(1)
    .max(CHAT_LIMITS.maxMessages, `more than ${CHAT_LIMITS.maxMessages} messages`)
    .refine((messages) => {
      const last = messages.at(-1);
      return last?.role === "user" && textOf(last) !== "";
    }, "the last message must be the visitor's, with text"),
  trigger: z.enum(["submit-message", "regenerate-message"]).optional(),
  messageId: id.optional(),
  locale: z.enum(LOCALES),
  /** The page's id for this conversation (as unguessable as a run's): the records keep a thread under it. */
  conversationId: z.string().regex(RUN_ID_PATTERN, "conversationId is not a conversation id").optional(),
});
