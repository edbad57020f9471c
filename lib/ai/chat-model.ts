import "server-only";
import { createAnthropic } from "@ai-sdk/anthropic";
import type { Locale } from "@/lib/i18n/config";
import { createOfflineAssistant, OFFLINE_ASSISTANT_ID } from "./offline-assistant";
import { previewForcesOffline } from "./preview-guard";
import { type AgentModel, resolveAgentModel } from "./providers";

/** Claude for the chat when `ANTHROPIC_API_KEY` is set and `ANTHROPIC_MODEL` is not. */
export const DEFAULT_ANTHROPIC_MODEL = "claude-haiku-4-5";

export type ChatModel = Omit<AgentModel, "kind"> & { kind: AgentModel["kind"] | "anthropic" };

type Env = Record<string, string | undefined>;

/**
 * The chat's model: Claude when `ANTHROPIC_API_KEY` is set (the chat only; the agent and the
 * reviewer stay on Gemma), otherwise the agent's own choice (Workers AI binding, REST,
 * OpenAI-compatible), and with no account the offline assistant instead of the offline planner.
 */
export function resolveChatModel({
  locale,
  runId,
  env = process.env,
  requestUrl,
}: {
  locale: Locale;
  runId: string;
  env?: Env;
  /** The URL the visitor addressed: a pull-request preview answers offline (see `preview-guard.ts`). */
  requestUrl?: string;
}): ChatModel {
  const key = env.ANTHROPIC_API_KEY?.trim();
  if (key && !previewForcesOffline({ env, requestUrl })) {
    const name = env.ANTHROPIC_MODEL?.trim() || DEFAULT_ANTHROPIC_MODEL;
    return {
      model: createAnthropic({ apiKey: key })(name),
      name,
      kind: "anthropic",
      estimatedUsage: false,
    } satisfies ChatModel;
  }
  const agent = resolveAgentModel({ locale, runId, env, requestUrl });
  if (agent.kind !== "offline") return agent satisfies ChatModel;
  return {
    model: createOfflineAssistant({ locale }),
    name: OFFLINE_ASSISTANT_ID,
    kind: "offline",
    estimatedUsage: true,
  } satisfies ChatModel;
}
