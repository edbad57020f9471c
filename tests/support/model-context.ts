import type { ModelContext } from "@/lib/ai/model-table";
import { type EnvVars, readConfig } from "@/lib/config";

/** The model table's input for these variables, as `lib/config.ts` parses them. */
export function contextOf(env: EnvVars, { ai, requestUrl }: { ai?: Ai; requestUrl?: string } = {}): ModelContext {
  const { models, siteUrl } = readConfig(env, { production: false, workers: false });
  return { models, siteUrl, ai, requestUrl };
}
