import "server-only";
import { modelContext } from "@/lib/ai/model-table";
import { type AgentModel, resolveModel } from "@/lib/ai/providers";
import { reserveLabUnits } from "@/lib/api/lab-units";
import { labUseResponse, settleOnFinish } from "@/lib/api/lab-use";
import type { Locale } from "@/lib/i18n/config";
import type { Quota } from "@/lib/quota";
import { detectLanguage } from "./code";
import { REVIEW_UNITS, type ReviewLanguage } from "./limits";
import { runReview } from "./run-review";

/**
 * One review behind the quota: reserve its unit (or answer 429/503 before any model call), stream
 * the review, then record its usage, or give the unit back if the model failed before the visitor
 * saw any of it.
 */
export async function startReview(
  request: Request,
  { code, language, locale }: { code: string; language?: ReviewLanguage; locale: Locale },
  // Tests pass their own quota and scripted model here; the route passes nothing.
  deps: { quota?: Quota; model?: AgentModel } = {},
): Promise<Response> {
  const units = await reserveLabUnits(request, REVIEW_UNITS, deps.quota);
  if (units instanceof Response) return units;

  const reviewer =
    deps.model ?? resolveModel("review", { locale, runId: crypto.randomUUID(), context: modelContext(request) });
  const stream = runReview({
    code,
    language: language && language !== "other" ? language : detectLanguage(code),
    locale,
    model: reviewer.model,
    modelName: reviewer.name,
    estimatedUsage: reviewer.estimatedUsage,
    neurons: reviewer.neurons,
    signal: request.signal,
    onFinish: settleOnFinish(units, "review"),
  });
  return labUseResponse(units, reviewer.name, stream);
}
