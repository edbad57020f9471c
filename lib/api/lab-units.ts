import "server-only";
import {
  type Quota,
  QuotaConfigError,
  QuotaUnavailableError,
  quotaFromEnv,
  type Reservation,
  type Usage,
} from "@/lib/quota";
import { apiError } from "./errors";

/** The visitor's IP as Cloudflare reports it; local servers have none and share one bucket. */
export function clientIp(request: Request): string {
  return request.headers.get("cf-connecting-ip") ?? "local";
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
  // Tests pass their own quota; the routes pass nothing.
  quota?: Quota,
): Promise<LabUnits | Response> {
  let store: Quota;
  let reserved: Awaited<ReturnType<Quota["reserve"]>>;
  try {
    store = quota ?? quotaFromEnv(process.env);
    reserved = await store.reserve({ ip: clientIp(request), units });
  } catch (error) {
    if (!(error instanceof QuotaUnavailableError) && !(error instanceof QuotaConfigError)) throw error;
    console.error(JSON.stringify({ event: "quota_unavailable", message: (error as Error).message }));
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
 * Books what a use really spent on its reservation. Usage is recorded even for a failed use (its
 * tokens were spent); the units come back only when the model failed before the visitor saw
 * anything.
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
