import "server-only";
import { ConfigError, config } from "@/lib/config";
import {
  clientIpFrom,
  type LabQuota,
  labQuotaFrom,
  type ModelPause,
  type Quota,
  QuotaConfigError,
  QuotaUnavailableError,
  type Reservation,
  type Usage,
} from "@/lib/quota";
import { apiError } from "./errors";

/**
 * The Lab's quota, built from this deployment's settings (`lib/config.ts`). Throws
 * `QuotaConfigError` when a quota setting is missing or invalid, `ConfigError` for any other.
 */
export function labQuota(): LabQuota {
  const settings = config().quota;
  if (settings instanceof QuotaConfigError) throw settings;
  return labQuotaFrom(settings);
}

/**
 * The visitor's IP: `CF-Connecting-IP` on Workers, elsewhere only the header named by
 * `TRUSTED_IP_HEADER` (see `lib/quota/client-ip.ts`). Throws `QuotaConfigError` in production off
 * Workers with no trusted header.
 */
export function clientIp(request: Pick<Request, "headers">): string {
  return clientIpFrom(request.headers, labQuota().settings.clientIp);
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
    platform,
  }: {
    /** Tests pass their own quota; the routes pass none. */
    quota?: Quota | undefined;
    /** The model's platform: while it says "not now" (`pauseModel`), nothing is reserved. */
    platform?: string | undefined;
  } = {},
): Promise<LabUnits | Response> {
  let store: Quota;
  let reserved: Awaited<ReturnType<Quota["reserve"]>>;
  try {
    const ip = clientIp(request);
    store = quota ?? labQuota().quota;
    const pause = platform ? await store.modelPause(platform) : null;
    if (pause) return modelPausedResponse(pause);
    reserved = await store.reserve({ ip, units });
  } catch (error) {
    if (!isQuotaFailure(error)) throw error;
    logQuotaFailure(error);
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
export function modelPausedResponse(pause: ModelPause): Response {
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

export type QuotaFailure = QuotaUnavailableError | QuotaConfigError | ConfigError;

/** What makes the Lab refuse to spend (503) rather than fail: a store it can't reach, a bad setting. */
export function isQuotaFailure(error: unknown): error is QuotaFailure {
  return error instanceof QuotaUnavailableError || error instanceof QuotaConfigError || error instanceof ConfigError;
}

/** One log line an operator can act on: a configuration error says which setting to fix. */
export function logQuotaFailure(error: QuotaFailure): void {
  const event =
    error instanceof QuotaConfigError
      ? "quota_config_error"
      : error instanceof ConfigError
        ? "config_error"
        : "quota_unavailable";
  console.error(JSON.stringify({ event, message: error.message }));
}
