import "server-only";
import type { Locale } from "@/lib/i18n/config";
import { createOfflineReviewer, OFFLINE_REVIEWER_ID } from "./offline-reviewer";
import { type AgentModel, resolveAgentModel } from "./providers";

/**
 * The reviewer's model: the agent's (Gemma 4 on Workers AI, REST, or an OpenAI-compatible server;
 * never Claude, which is for the chat only), and with no account the offline reviewer's fixed rules.
 */
export function resolveReviewModel({
  locale,
  runId,
  env = process.env,
  requestUrl,
}: {
  locale: Locale;
  runId: string;
  env?: Record<string, string | undefined>;
  /** The URL the visitor addressed: a pull-request preview answers offline (see `preview-guard.ts`). */
  requestUrl?: string;
}): AgentModel {
  const agent = resolveAgentModel({ locale, runId, env, requestUrl });
  if (agent.kind !== "offline") return agent;
  return { model: createOfflineReviewer({ locale }), name: OFFLINE_REVIEWER_ID, kind: "offline", estimatedUsage: true };
}
