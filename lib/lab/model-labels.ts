import "server-only";
import { chooseModel, type ModelChoice, modelContext } from "@/lib/ai/model-table";
import { apiError } from "@/lib/api/errors";
import { ConfigError } from "@/lib/config";
import { LAB_USE_KINDS, type LabUseKind } from "@/lib/lab-uses";
import { logPlatformFailure } from "@/lib/platform";

export type ModelLabel = Pick<ModelChoice, "kind" | "name">;
export type ModelLabels = Record<LabUseKind, ModelLabel>;

/**
 * Which model answers each Lab use here, from the same table the routes build their model from,
 * so a page never names a model other than the one that answers. The pages stay static and ask
 * this once they load; it loads no provider and spends nothing.
 */
export function modelLabelsResponse(request: Request): Response {
  let labels: ModelLabels;
  try {
    const context = modelContext(request);
    labels = Object.fromEntries(
      LAB_USE_KINDS.map((use) => {
        const { kind, name } = chooseModel(use, context);
        return [use, { kind, name }];
      }),
    ) as ModelLabels;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    logPlatformFailure(error);
    return apiError("quota_unavailable", "The Lab can't spend until its settings are fixed. Please try again later.");
  }
  return Response.json(labels, { headers: { "Cache-Control": "no-store" } });
}
