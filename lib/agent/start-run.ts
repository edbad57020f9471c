import "server-only";
import { modelContext } from "@/lib/ai/model-table";
import { type AgentModel, resolveModel } from "@/lib/ai/providers";
import { reserveLabUnits } from "@/lib/api/lab-units";
import { labUseResponse, settleOnFinish } from "@/lib/api/lab-use";
import { SITE } from "@/lib/content/site";
import type { Locale } from "@/lib/i18n/config";
import type { Quota } from "@/lib/quota";
import { AGENT_RUN_UNITS } from "./limits";
import { runAgent } from "./run-agent";

/**
 * One agent run behind the quota: reserve its units (or answer 429/503 before any model call),
 * stream the run, then record its real usage, or give the units back if the model failed before
 * the visitor saw anything.
 */
export async function startAgentRun(
  request: Request,
  { goal, locale }: { goal: string; locale: Locale },
  // Tests pass their own quota store and scripted model here; the route passes nothing.
  deps: { quota?: Quota; model?: AgentModel } = {},
): Promise<Response> {
  const units = await reserveLabUnits(request, AGENT_RUN_UNITS, deps.quota);
  if (units instanceof Response) return units;

  const runId = crypto.randomUUID();
  const agent = deps.model ?? resolveModel("agent", { locale, runId, context: modelContext(request) });
  const stream = runAgent({
    goal,
    locale,
    studio: SITE.studio.name,
    model: agent.model,
    modelName: agent.name,
    estimatedUsage: agent.estimatedUsage,
    neurons: agent.neurons,
    signal: request.signal,
    onFinish: settleOnFinish(units, "agent"),
  });
  return labUseResponse(units, agent.name, stream);
}
