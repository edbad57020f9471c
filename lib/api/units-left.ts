import "server-only";
import type { Quota } from "@/lib/quota";
import { apiError } from "./errors";
import { clientIp, isQuotaFailure, labQuota } from "./lab-units";
import { LAB_UNIT_COSTS } from "./unit-costs";

export type UnitsLeft = { remaining: number; limit: number; resetAt: string; costs: typeof LAB_UNIT_COSTS };

/**
 * The visitor's units left today, for the Lab index: read only, it takes nothing (and no burst
 * slot). A quota that can't be read answers 503, like the routes that spend.
 */
export async function unitsLeftResponse(request: Request, quota?: Quota): Promise<Response> {
  try {
    const left = await (quota ?? labQuota().quota).unitsLeft({ ip: clientIp(request) });
    const body: UnitsLeft = { remaining: left.ip, limit: left.limit, resetAt: left.resetAt, costs: LAB_UNIT_COSTS };
    return Response.json(body, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (!isQuotaFailure(error)) throw error;
    return apiError("quota_unavailable", "The Lab can't check its daily quota right now. Please try again later.");
  }
}
