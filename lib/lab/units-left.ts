import "server-only";
import { chooseModel, modelContext } from "@/lib/ai/model-table";
import { platformOf } from "@/lib/ai/model-unavailable";
import { apiError } from "@/lib/api/errors";
import { platform } from "@/lib/config";
import { labQuota } from "@/lib/lab/units";
import { LAB_UNIT_COSTS, LAB_USE_KINDS, type LabUseKind } from "@/lib/lab-uses";
import { isPlatformFailure } from "@/lib/platform";
import type { ModelPause, Quota } from "@/lib/quota";

export type UnitsLeft = {
  remaining: number;
  limit: number;
  resetAt: string;
  costs: typeof LAB_UNIT_COSTS;
  /** Each use whose model's platform says "not now": why, and when it comes back (ISO). */
  paused: Partial<Record<LabUseKind, { reason: ModelPause["reason"]; resetAt: string }>>;
};

/**
 * The visitor's units left today, for the Lab's pages: read only, it takes nothing (and no burst
 * slot), and it says up front which uses' model is paused (its allocation used up, rate limited)
 * and until when. A quota that can't be read answers 503, like the routes that spend.
 */
export async function unitsLeftResponse(
  request: Request,
  quota?: Quota,
  // Tests say which platform answers each use; the route asks the model table.
  platforms?: (use: LabUseKind) => string | undefined,
): Promise<Response> {
  try {
    let platformFor = platforms;
    if (!platformFor) {
      // One read of the settings and bindings for all three uses.
      const context = modelContext(request);
      platformFor = (use) => platformOf(chooseModel(use, context).kind);
    }
    const store = quota ?? labQuota().quota;
    const left = await store.unitsLeft({ ip: platform().visitorIp(request.headers) });
    const paused: UnitsLeft["paused"] = {};
    const pauses = new Map<string, Promise<ModelPause | null>>();
    for (const use of LAB_USE_KINDS) {
      const platform = platformFor(use);
      if (!platform) continue;
      if (!pauses.has(platform)) pauses.set(platform, store.modelPause(platform));
      const pause = await pauses.get(platform);
      if (pause) paused[use] = { reason: pause.reason, resetAt: pause.until };
    }
    const body: UnitsLeft = {
      remaining: left.ip,
      limit: left.limit,
      resetAt: left.resetAt,
      costs: LAB_UNIT_COSTS,
      paused,
    };
    return Response.json(body, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (!isPlatformFailure(error)) throw error;
    return apiError("quota_unavailable", "The Lab can't check its daily quota right now. Please try again later.");
  }
}
