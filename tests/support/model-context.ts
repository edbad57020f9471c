import { createOfflinePlanner } from "@/lib/agent/offline-planner";
import type { ModelContext } from "@/lib/ai/model-table";
import type { OfflineModel } from "@/lib/ai/providers";
import { createOfflineAssistant } from "@/lib/chat/offline-assistant";
import { type EnvVars, readConfig } from "@/lib/config";
import type { LabUseKind } from "@/lib/lab-uses";
import { createOfflineReviewer } from "@/lib/review/offline-reviewer";

/** The model table's input for these variables, as `lib/config.ts` parses them. */
export function contextOf(env: EnvVars, { ai, requestUrl }: { ai?: Ai; requestUrl?: string } = {}): ModelContext {
  const { models, siteUrl } = readConfig(env, { production: false, workers: false });
  return { models, siteUrl, ai, requestUrl };
}

/** Each use's own offline model, as the use hands it to the model table. */
export const OFFLINE: Record<LabUseKind, OfflineModel> = {
  agent: createOfflinePlanner,
  chat: createOfflineAssistant,
  review: createOfflineReviewer,
};
