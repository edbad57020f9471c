import "server-only";
import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import { createWorkersAI } from "workers-ai-provider";
import type { Locale } from "@/lib/i18n/config";
import type { LabUseKind } from "@/lib/lab-uses";
import { bindingWithPasses, type CallPlan, type FailureListener, fetchWithPasses } from "./event-stream";
import { chooseModel, type ModelChoice, type ModelContext, modelContext } from "./model-table";
import { AvailabilityWatch, platformOf, WORKERS_AI_PLATFORM } from "./model-unavailable";
import { endMarker, inBandErrors } from "./stream-errors";
import { STREAM_WINDOW_MS } from "./stream-window";
import { unparsedOutput } from "./unparsed-output";
import { textMerge, toolCallOrder } from "./workers-ai-passes";
import { NeuronMeter, neuronReport } from "./workers-ai-usage";

export { WORKERS_AI_PLATFORM };

// Gemma 4 thinks by default and can spend all 350 output tokens on it. Session affinity sends a
// run's calls where their shared prefix is already cached.
function workersAISettings(runId: string) {
  return { sessionAffinity: runId, chat_template_kwargs: { enable_thinking: false } };
}

/**
 * What every hosted model's stream goes through first: nothing after the end marker, and a stream
 * error at an in-band error. Before anything else reads the stream: nothing after `[DONE]` is
 * metered or merged.
 */
const checks = () => [endMarker(), inBandErrors()];

/**
 * A Workers AI call, binding or REST: the checks, then the neurons the response reports, then
 * what the provider would drop handed to it as reasoning (so the cap counts it), then the
 * streamed tool calls put in the order the provider reads and text merged per window.
 */
export function workersAICall({
  meter,
  onFailure,
  streamWindowMs = STREAM_WINDOW_MS,
}: {
  meter?: NeuronMeter;
  onFailure?: FailureListener;
  streamWindowMs?: number;
}): () => CallPlan {
  return () => {
    const report = meter?.openCall();
    const metered = report ? [neuronReport(report)] : [];
    const passes = [...checks(), ...metered, unparsedOutput(), toolCallOrder(), textMerge(streamWindowMs)];
    return { passes, onFailure, unstreamedNeurons: report };
  };
}

/**
 * The agent's model on the `AI` binding, with the settings a run sends; the wire tests replay
 * Workers AI streams through it.
 */
export function workersAIModel(
  binding: Ai,
  modelId: string,
  runId: string,
  meter?: NeuronMeter,
  { streamWindowMs, onFailure }: { streamWindowMs?: number; onFailure?: FailureListener } = {},
): LabModel["model"] {
  const call = workersAICall({ meter, onFailure, streamWindowMs });
  return createWorkersAI({ binding: bindingWithPasses(binding, call) }).chat<string>(modelId, workersAISettings(runId));
}

/** The same model over Workers AI's REST API, its streams read the same way. */
export function workersAIRestModel(
  credentials: { accountId: string; apiKey: string; fetch?: typeof fetch },
  modelId: string,
  runId: string,
  meter?: NeuronMeter,
  onFailure?: FailureListener,
): LabModel["model"] {
  const { fetch: fetcher = fetch, ...account } = credentials;
  const call = workersAICall({ meter, onFailure });
  return createWorkersAI({ ...account, fetch: fetchWithPasses(fetcher, call) }).chat<string>(
    modelId,
    workersAISettings(runId),
  );
}

/** A use's model, built from its row of the model table: `name` is the label the page shows. */
export type LabModel = ModelChoice & {
  model: Exclude<LanguageModel, string>;
  /** True when usage is our own count rather than the provider's. */
  estimatedUsage: boolean;
  /** Workers AI only: the run's neurons as Workers AI reports them (rates as fallback). */
  neurons?: NeuronMeter;
  /** A hosted model: whether its platform said "not now" (allocation used up, rate limited, overloaded). */
  watch?: AvailabilityWatch;
};

/** A built model as a Lab use takes it; tests pass scripted ones. */
export type AgentModel = Pick<LabModel, "model" | "name" | "kind" | "estimatedUsage" | "neurons" | "watch">;

/** A use's own offline model (the planner, the assistant, the reviewer), built in the visitor's language. */
export type OfflineModel = (options: { locale: Locale }) => LabModel["model"];

/**
 * The model that answers `use`: the table's choice (`chooseModel`), built; its offline row builds
 * the use's own offline model, which the use brings (so this folder imports no use). Tests pass
 * their own model to the run instead of patching this, or their own `context` to see what it picks.
 */
export function resolveModel(
  use: LabUseKind,
  {
    locale,
    runId,
    offline,
    context = modelContext(),
  }: { locale: Locale; runId: string; offline: OfflineModel; context?: ModelContext },
): LabModel {
  const choice = chooseModel(use, context);
  const { name } = choice;
  const { models } = context;
  const metered = () => new NeuronMeter(name);
  switch (choice.case) {
    case "workers-ai-binding": {
      if (!context.ai) throw new Error("the model table chose the AI binding without one");
      const neurons = metered();
      const watch = new AvailabilityWatch(WORKERS_AI_PLATFORM);
      const model = workersAIModel(context.ai, name, runId, neurons, { onFailure: watch.note });
      return { ...choice, model, estimatedUsage: false, neurons, watch };
    }
    case "workers-ai-rest": {
      if (!models.workersAIRest) throw new Error("the model table chose Workers AI over REST without credentials");
      const { accountId, apiToken } = models.workersAIRest;
      const neurons = metered();
      const watch = new AvailabilityWatch(WORKERS_AI_PLATFORM);
      const model = workersAIRestModel({ accountId, apiKey: apiToken }, name, runId, neurons, watch.note);
      return { ...choice, model, estimatedUsage: false, neurons, watch };
    }
    case "openai-compatible": {
      if (!models.openAICompatible) throw new Error("the model table chose an OpenAI-compatible server without one");
      const watch = new AvailabilityWatch(platformOf("openai-compatible") ?? "openai-compatible");
      const provider = createOpenAICompatible({
        name: "openai-compatible",
        baseURL: models.openAICompatible.baseURL,
        apiKey: models.openAICompatible.apiKey,
        includeUsage: true,
        fetch: fetchWithPasses(fetch, () => ({ passes: checks(), onFailure: watch.note })),
      });
      return { ...choice, model: provider.chatModel(name), estimatedUsage: false, watch };
    }
    case "anthropic": {
      if (!models.anthropic) throw new Error("the model table chose Claude without a key");
      const watch = new AvailabilityWatch(platformOf("anthropic") ?? "anthropic");
      const provider = createAnthropic({
        apiKey: models.anthropic.apiKey,
        fetch: fetchWithPasses(fetch, () => ({ passes: checks(), onFailure: watch.note })),
      });
      return { ...choice, model: provider(name), estimatedUsage: false, watch };
    }
    case "preview-offline":
    case "offline":
      return { ...choice, model: offline({ locale }), estimatedUsage: true };
  }
}
