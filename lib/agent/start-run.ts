import "server-only";
import { createUIMessageStreamResponse } from "ai";
import { type AgentModel, resolveAgentModel } from "@/lib/ai/providers";
import { apiError } from "@/lib/api/errors";
import { SITE } from "@/lib/content/site";
import type { Locale } from "@/lib/i18n/config";
import { type Quota, QuotaConfigError, QuotaUnavailableError, quotaFromEnv } from "@/lib/quota";
import { AGENT_RUN_UNITS } from "./limits";
import { runAgent } from "./run-agent";

/** The visitor's IP as Cloudflare reports it; local servers have none and share one bucket. */
function clientIp(request: Request): string {
  return request.headers.get("cf-connecting-ip") ?? "local";
}

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
  let quota: Quota;
  let reserved: Awaited<ReturnType<Quota["reserve"]>>;
  try {
    quota = deps.quota ?? quotaFromEnv(process.env);
    reserved = await quota.reserve({ ip: clientIp(request), units: AGENT_RUN_UNITS });
  } catch (error) {
    if (!(error instanceof QuotaUnavailableError) && !(error instanceof QuotaConfigError)) throw error;
    console.error(JSON.stringify({ event: "quota_unavailable", message: (error as Error).message }));
    return apiError("quota_unavailable", "The Lab can't check its daily quota right now. Please try again later.");
  }
  if (!reserved.ok) {
    return apiError(
      "quota_exceeded",
      "The Lab's daily quota is used up for now.",
      { resetAt: reserved.resetAt, limit: reserved.limit },
      { "Retry-After": String(reserved.retryAfterSeconds) },
    );
  }

  const { reservation, remaining } = reserved;
  const runId = crypto.randomUUID();
  const agent = deps.model ?? resolveAgentModel({ locale, runId });
  const stream = runAgent({
    goal,
    locale,
    studio: SITE.studio.name,
    model: agent.model,
    modelName: agent.name,
    estimatedUsage: agent.estimatedUsage,
    signal: request.signal,
    onFinish: async (summary) => {
      try {
        // Usage is recorded even for a failed run (its tokens were spent); the units come back
        // only when the model failed before the visitor saw anything.
        await quota.record(reservation, { ...summary.usage, model: summary.model });
        if (summary.reason === "model_error" && !summary.shown) await quota.release(reservation);
      } catch (error) {
        // The run is over and the visitor has the answer; a failed bookkeeping call only logs.
        console.error(JSON.stringify({ event: "quota_record_failed", message: (error as Error).message }));
      }
    },
  });
  return createUIMessageStreamResponse({
    stream,
    headers: {
      "Cache-Control": "no-store",
      "X-Quota-Remaining": String(remaining.ip),
      "X-Agent-Model": agent.name,
    },
  });
}
