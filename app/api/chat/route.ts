import { CHAT_MAX_BODY_BYTES } from "@/lib/chat/limits";
import { chatUse } from "@/lib/chat/run-chat";
import { serveLabUse } from "@/lib/lab/run-use";
import { chatRequestSchema, textOf } from "./schema";

// Streams: a static route would be buffered and sent all at once.
export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  return serveLabUse(
    request,
    chatRequestSchema,
    ({ messages, locale, conversationId }) =>
      chatUse({
        turns: messages.map((message) => ({ role: message.role, text: textOf(message) })),
        locale,
        conversationId,
      }),
    { maxBytes: CHAT_MAX_BODY_BYTES },
  );
}
