import "server-only";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { getCloudflareContext } from "@opennextjs/cloudflare";
import type { LanguageModel } from "ai";
import { createWorkersAI } from "workers-ai-provider";
import type { Locale } from "@/lib/i18n/config";
import { DEFAULT_AGENT_MODEL } from "./neurons";
import { createOfflinePlanner } from "./offline-planner";
import { OFFLINE_PLANNER_ID } from "./offline-planner-id";
import { previewForcesOffline } from "./preview-guard";
import { BENCH_REPLAY_SERVICE, benchReplayBinding } from "./replay-binding";
import { fetchWithToolCallOrdering, withToolCallOrdering } from "./workers-ai-binding";
import { fetchWithNeuronMeter, NeuronMeter, withNeuronMeter } from "./workers-ai-usage";

export { DEFAULT_AGENT_MODEL };

export type AgentModelKind = "workers-ai-binding" | "workers-ai-rest" | "openai-compatible" | "offline";
export type AgentModel = {
  model: Exclude<LanguageModel, string>;
  /** The model's id as the page and the usage records show it. */
  name: string;
  kind: AgentModelKind;
  /** True when usage is our own count rather than the provider's. */
  estimatedUsage: boolean;
  /** Workers AI only: the run's neurons as Workers AI reports them (rates as fallback). */
  neurons?: NeuronMeter;
};

type Env = Record<string, string | undefined>;

/** A binding of the Worker's environment (objects never reach `process.env`). */
function cloudflareBinding<T>(name: string): T | undefined {
  try {
    return (getCloudflareContext().env as Record<string, unknown>)[name] as T | undefined;
  } catch {
    // `next start` and tests run outside a Cloudflare context.
    return undefined;
  }
}

// Gemma 4 thinks by default and can spend all 350 output tokens on it. Session affinity sends a
// run's calls where their shared prefix is already cached.
function workersAISettings(runId: string) {
  return { sessionAffinity: runId, chat_template_kwargs: { enable_thinking: false } };
}

/**
 * The agent's model on the `AI` binding, with the settings a run sends; the wire tests replay
 * Workers AI streams through it. The binding is wrapped so that streamed tool calls reach the
 * provider with their name first (see `withToolCallOrdering`).
 */
export function workersAIModel(
  binding: Ai,
  modelId: string,
  runId: string,
  meter?: NeuronMeter,
  { streamWindowMs }: { streamWindowMs?: number } = {},
): AgentModel["model"] {
  const metered = meter ? withNeuronMeter(binding, meter) : binding;
  return createWorkersAI({ binding: withToolCallOrdering(metered, { windowMs: streamWindowMs }) }).chat<string>(
    modelId,
    workersAISettings(runId),
  );
}

/** The same model over Workers AI's REST API, with the same repair on its streams. */
export function workersAIRestModel(
  credentials: { accountId: string; apiKey: string; fetch?: typeof fetch },
  modelId: string,
  runId: string,
  meter?: NeuronMeter,
): AgentModel["model"] {
  const { fetch: fetcher = fetch, ...account } = credentials;
  const metered = meter ? fetchWithNeuronMeter(fetcher, meter) : fetcher;
  return createWorkersAI({ ...account, fetch: fetchWithToolCallOrdering(metered) }).chat<string>(
    modelId,
    workersAISettings(runId),
  );
}

/**
 * The one place that picks the agent's model, in DESIGN.md's order: the Workers AI binding, Workers
 * AI over REST, an OpenAI-compatible server, else the offline planner. Tests pass their own model
 * to `runAgent` instead of patching this.
 */
export function resolveAgentModel({
  locale,
  runId,
  env = process.env,
  requestUrl,
}: {
  locale: Locale;
  runId: string;
  env?: Env;
  /** The request's URL: a pull-request preview is known by its host (see `preview-guard.ts`). */
  requestUrl?: string;
}): AgentModel {
  if (previewForcesOffline({ env, requestUrl })) return offlineAgentModel(locale);
  const modelId = env.AGENT_MODEL || DEFAULT_AGENT_MODEL;
  const neurons = new NeuronMeter(modelId);

  const binding = cloudflareBinding<Ai>("AI");
  if (binding) {
    return {
      model: workersAIModel(binding, modelId, runId, neurons),
      name: modelId,
      kind: "workers-ai-binding",
      estimatedUsage: false,
      neurons,
    };
  }
  // `npm run bench` only (see replay-binding.ts): after the real binding, so it never replaces it.
  const replay = benchReplayBinding(env, cloudflareBinding(BENCH_REPLAY_SERVICE));
  if (replay) {
    return {
      model: workersAIModel(replay, modelId, runId, neurons),
      name: modelId,
      kind: "workers-ai-binding",
      estimatedUsage: false,
      neurons,
    };
  }
  if (env.CLOUDFLARE_ACCOUNT_ID && env.CLOUDFLARE_API_TOKEN) {
    return {
      model: workersAIRestModel(
        { accountId: env.CLOUDFLARE_ACCOUNT_ID, apiKey: env.CLOUDFLARE_API_TOKEN },
        modelId,
        runId,
        neurons,
      ),
      name: modelId,
      kind: "workers-ai-rest",
      estimatedUsage: false,
      neurons,
    };
  }
  if (env.OPENAI_COMPATIBLE_BASE_URL) {
    const name = env.OPENAI_COMPATIBLE_MODEL || "gemma3";
    const provider = createOpenAICompatible({
      name: "openai-compatible",
      baseURL: env.OPENAI_COMPATIBLE_BASE_URL,
      apiKey: env.OPENAI_COMPATIBLE_API_KEY,
      includeUsage: true,
    });
    return { model: provider.chatModel(name), name, kind: "openai-compatible", estimatedUsage: false };
  }
  return offlineAgentModel(locale);
}

function offlineAgentModel(locale: Locale): AgentModel {
  return { model: createOfflinePlanner({ locale }), name: OFFLINE_PLANNER_ID, kind: "offline", estimatedUsage: true };
}
