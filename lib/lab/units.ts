import "server-only";
import { apiError } from "@/lib/api/errors";
import { platform, quotaSettings } from "@/lib/config";
import { isPlatformFailure, logPlatformFailure } from "@/lib/platform";
import { type LabQuota, labQuotaFrom, type ModelPause, type Quota, type Reservation, type Usage } from "@/lib/quota";

/**
 * The Lab's quota, built from this deployment's settings (`lib/config.ts`). Throws
 * `QuotaConfigError` when a quota setting is missing or invalid, `ConfigError` for any other.
 */
export function labQuota(): LabQuota {
  return labQuotaFrom(quotaSettings());
}

export type LabUnits = { quota: Quota; reservation: Reservation; remaining: { ip: number; site: number } };

/**
 * Reserves `units` of the visitor's and the site's day for one Lab use, before any model call: the
 * route gets the reservation, or the 429/503 response to send. Every route that spends quota goes
 * through here, so the rules (who the visitor is, fail closed) are the same everywhere.
 */
export async function reserveLabUnits(
  request: Request,
  units: number,
  {
    quota,
    modelPlatform,
  }: {
    /** Tests pass their own quota; the routes pass none. */
    quota?: Quota | undefined;
    /** The model's platform: while it says "not now" (`pauseModel`), nothing is reserved. */
    modelPlatform?: string | undefined;
  } = {},
): Promise<LabUnits | Response> {
  let store: Quota;
  let reserved: Awaited<ReturnType<Quota["reserve"]>>;
  try {
    const ip = platform().visitorIp(request.headers);
    store = quota ?? labQuota().quota;
    const pause = modelPlatform ? await store.modelPause(modelPlatform) : null;
    if (pause) return modelPausedResponse(pause);
    reserved = await store.reserve({ ip, units });
  } catch (error) {
    if (!isPlatformFailure(error)) throw error;
    logPlatformFailure(error);
    return apiError("quota_unavailable", "The Lab can't check its daily quota right now. Please try again later.");
  }
  if (!reserved.ok) {
    return apiError(
      "quota_exceeded",
      "The Lab's daily quota is used up for now.",
      { resetAt: reserved.resetAt, limit: reserved.limit },
      { "Retry-After": String(reserved.retryAfterSeconds) },
    );
  }
  return { quota: store, reservation: reserved.reservation, remaining: reserved.remaining };
}

/**
 * The model's platform refuses calls until `pause.until`: 503 `model_unavailable` with the reason
 * and that time, costing nothing. The Lab's pages read the same from `GET /api/lab/units`.
 */
function modelPausedResponse(pause: ModelPause): Response {
  const seconds = Math.max(1, Math.ceil((Date.parse(pause.until) - Date.now()) / 1000));
  const message =
    pause.reason === "allocation_exhausted"
      ? "The Lab's model has used up today's allocation. It comes back at the reset time."
      : "The Lab's model is busy right now. Please try again shortly.";
  return apiError(
    "model_unavailable",
    message,
    { reason: pause.reason, resetAt: pause.until },
    { "Retry-After": String(seconds) },
  );
}

/**
 * Books what a use really spent on its reservation. Usage is recorded even for a failed use (its
 * tokens were spent); the units come back when `release` says so: the shared path
 * (`lib/lab/run-use.ts`) releases them when the model failed before the visitor saw anything, or
 * when its platform said "not now".
 */
export async function settleLabUnits(
  { quota, reservation }: LabUnits,
  usage: Usage,
  { release }: { release: boolean },
): Promise<void> {
  try {
    await quota.record(reservation, usage);
    if (release) await quota.release(reservation);
  } catch (error) {
    // The use is over and the visitor has the answer; a failed bookkeeping call only logs.
    console.error(JSON.stringify({ event: "quota_record_failed", message: (error as Error).message }));
  }
}
