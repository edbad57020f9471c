import { readLabRequest } from "@/lib/api/lab-request";
import { CHAT_MAX_BODY_BYTES } from "@/lib/chat/limits";
import { startChat } from "@/lib/chat/start-chat";
import { chatRequestSchema, textOf } from "./schema";

// Streams: a static route would be buffered and sent all at once.
export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  const body = await readLabRequest(request, chatRequestSchema, { maxBytes: CHAT_MAX_BODY_BYTES });
  if (body instanceof Response) return body;
  const turns = body.data.messages.map((message) => ({ role: message.role, text: textOf(message) }));
  return startChat(request, { turns, locale: body.data.locale });
}
