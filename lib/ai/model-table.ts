import "server-only";
import { type Config, config, workerBinding } from "@/lib/config";
import { LAB_USES, type LabUseKind } from "@/lib/lab-uses";
import { DEFAULT_AGENT_MODEL, DEFAULT_ANTHROPIC_MODEL, DEFAULT_OPENAI_COMPATIBLE_MODEL } from "./default-models";
import { addressedUrl, previewForcesOffline } from "./preview-guard";

/** Why this model answers: the row of the table that matched. */
export type ModelCase =
  | "workers-ai-binding"
  | "workers-ai-rest"
  | "openai-compatible"
  | "anthropic"
  | "preview-offline"
  | "offline";
export type ModelKind = Exclude<ModelCase, "preview-offline">;

/** What answers a use: the route builds exactly this model, and the page names it. */
export type ModelChoice = { use: LabUseKind; case: ModelCase; kind: ModelKind; name: string };

/** What the table reads: the settings, the Worker's `AI` binding, the URL the visitor addressed. */
export type ModelContext = {
  models: Config["models"];
  siteUrl: string | undefined;
  ai: Ai | undefined;
  /** A pull-request preview is known by its host (see `preview-guard.ts`). */
  requestUrl?: string;
};

/**
 * The model table, in DESIGN.md's order: a pull-request preview answers offline; the chat takes
 * Claude when it has a key (the agent and the reviewer stay on Gemma); then the `AI` binding,
 * Workers AI over REST, an OpenAI-compatible server; else each use's own offline model. It loads
 * no provider, so a route that only names the model stays small.
 */
export function chooseModel(use: LabUseKind, { models, siteUrl, ai, requestUrl }: ModelContext): ModelChoice {
  const row = (kind: ModelCase, name: string): ModelChoice => ({
    use,
    case: kind,
    kind: kind === "preview-offline" ? "offline" : kind,
    name,
  });
  if (previewForcesOffline({ previewAlias: models.previewAlias, siteUrl, requestUrl })) {
    return row("preview-offline", LAB_USES[use].offlineModel);
  }
  if (use === "chat" && models.anthropic) return row("anthropic", models.anthropic.model ?? DEFAULT_ANTHROPIC_MODEL);
  const workersAI = models.workersAIModel ?? DEFAULT_AGENT_MODEL;
  if (ai) return row("workers-ai-binding", workersAI);
  if (models.workersAIRest) return row("workers-ai-rest", workersAI);
  if (models.openAICompatible) {
    return row("openai-compatible", models.openAICompatible.model ?? DEFAULT_OPENAI_COMPATIBLE_MODEL);
  }
  return row("offline", LAB_USES[use].offlineModel);
}

/** The table's input for a request to this deployment. Throws `ConfigError` on a bad setting. */
export function modelContext(request?: Request): ModelContext {
  const { models, siteUrl } = config();
  return { models, siteUrl, ai: workerBinding<Ai>("AI"), requestUrl: request ? addressedUrl(request) : undefined };
}
