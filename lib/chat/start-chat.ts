import "server-only";
import { modelContext } from "@/lib/ai/model-table";
import { type AgentModel, resolveModel } from "@/lib/ai/providers";
import { reserveLabUnits } from "@/lib/api/lab-units";
import { labUseResponse, settleOnFinish } from "@/lib/api/lab-use";
import { SITE } from "@/lib/content/site";
import type { Locale } from "@/lib/i18n/config";
import type { Quota } from "@/lib/quota";
import { CHAT_MESSAGE_UNITS } from "./limits";
import { runChat } from "./run-chat";
import type { ChatTurn } from "./trim";

/**
 * One chat message behind the quota: reserve its unit (or answer 429/503 before any model call),
 * stream the answer, then record its usage, or give the unit back if the model failed before the
 * visitor saw anything.
 */
export async function startChat(
  request: Request,
  { turns, locale }: { turns: ChatTurn[]; locale: Locale },
  // Tests pass their own quota and scripted model here; the route passes nothing.
  deps: { quota?: Quota; model?: AgentModel } = {},
): Promise<Response> {
  const units = await reserveLabUnits(request, CHAT_MESSAGE_UNITS, deps.quota);
  if (units instanceof Response) return units;

  const chat =
    deps.model ?? resolveModel("chat", { locale, runId: crypto.randomUUID(), context: modelContext(request) });
  const stream = runChat({
    turns,
    locale,
    studio: SITE.studio.name,
    model: chat.model,
    modelName: chat.name,
    estimatedUsage: chat.estimatedUsage,
    neurons: chat.neurons,
    signal: request.signal,
    onFinish: settleOnFinish(units, "chat"),
  });
  return labUseResponse(units, chat.name, stream);
}
