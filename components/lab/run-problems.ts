import type { Locale } from "@/lib/i18n/config";
import { fill } from "@/lib/i18n/fill";
import { localeTag } from "@/lib/i18n/format";
import { plural } from "@/lib/i18n/plural";
import { isPauseReason, type PauseReason } from "@/lib/quota/types";
import type { LabCopy } from "./copy";

/** What a problem is told with: the errors' strings alone. */
export type ProblemCopy = Pick<LabCopy, "errors">;

/** Why a run could not start or finish, in the terms the page explains to the visitor. */
export type RunProblem =
  | { kind: "quota"; limit: "ip" | "site" | "burst"; resetAt: string }
  | { kind: "unavailable" }
  // The model's platform said "not now" (lib/ai/model-unavailable.ts): nothing was spent.
  | { kind: "paused"; reason: PauseReason; resetAt: string }
  | { kind: "invalid" }
  | { kind: "network" }
  | { kind: "model" }
  | { kind: "unknown" };

/** Thrown by a console's fetch for a non-2xx answer of its Lab route, so the chat's error carries it. */
export class LabRequestError extends Error {
  constructor(readonly problem: RunProblem) {
    super(`Lab request refused: ${problem.kind}`);
    this.name = "LabRequestError";
  }
}

const LIMITS = new Set(["ip", "site", "burst"]);

/** Reads an error response of the route (`{ error: { code, resetAt, limit } }`, see lib/api/errors.ts). */
export async function problemOf(response: Response, now = Date.now()): Promise<RunProblem> {
  if (response.status === 429) {
    const body = (await response.json().catch(() => null)) as {
      error?: { resetAt?: unknown; limit?: unknown };
    } | null;
    const resetAt = resetTime(body?.error?.resetAt, response, now);
    const limit = typeof body?.error?.limit === "string" && LIMITS.has(body.error.limit) ? body.error.limit : "ip";
    return { kind: "quota", limit: limit as "ip" | "site" | "burst", resetAt };
  }
  if (response.status === 503) {
    const body = (await response.json().catch(() => null)) as {
      error?: { code?: unknown; reason?: unknown; resetAt?: unknown };
    } | null;
    if (body?.error?.code !== "model_unavailable") return { kind: "unavailable" };
    const reason = isPauseReason(body.error.reason) ? body.error.reason : "overloaded";
    return { kind: "paused", reason, resetAt: resetTime(body.error.resetAt, response, now) };
  }
  if (response.status === 400) return { kind: "invalid" };
  return { kind: "unknown" };
}

/** The body's reset time, else `Retry-After` seconds from now, else a minute. */
function resetTime(resetAt: unknown, response: Response, now: number): string {
  if (typeof resetAt === "string" && !Number.isNaN(Date.parse(resetAt))) return resetAt;
  const retryAfter = Number(response.headers.get("Retry-After"));
  return new Date(now + (Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 60) * 1000).toISOString();
}

/** The problem behind the chat's error: a refused request, a dropped connection or a failed model. */
export function problemFromError(error: unknown): RunProblem {
  if (error instanceof LabRequestError) return error.problem;
  // fetch and the stream reader fail with a TypeError when the connection drops.
  if (error instanceof TypeError) return { kind: "network" };
  // Every Lab route's stream sends `model_error` as its error text (lib/lab/run-use.ts).
  if (error instanceof Error && error.message === "model_error") return { kind: "model" };
  return { kind: "unknown" };
}

function dayOf(date: Date, locale: Locale, timeZone?: string): string {
  return new Intl.DateTimeFormat(localeTag(locale), { dateStyle: "short", timeZone }).format(date);
}

/**
 * When the quota comes back, on the visitor's clock (the browser's time zone, unless one is given).
 * No zone name: the copy says "your time", and "12:00 AM UTC (your time)" read as two clocks.
 */
export function resetPhrase(resetAt: string, copy: ProblemCopy, locale: Locale, now = new Date(), timeZone?: string) {
  const at = new Date(resetAt);
  const time = { hour: "numeric", minute: "2-digit", timeZone } as const;
  if (dayOf(at, locale, timeZone) === dayOf(now, locale, timeZone)) {
    return fill(copy.errors.resetAt, { time: new Intl.DateTimeFormat(localeTag(locale), time).format(at) });
  }
  const day = new Intl.DateTimeFormat(localeTag(locale), { weekday: "long", day: "numeric", month: "long", ...time });
  return fill(copy.errors.resetOn, { time: day.format(at) });
}

/** The problem in plain words, in the page's language. */
export function problemMessage(
  problem: RunProblem,
  copy: ProblemCopy,
  locale: Locale,
  now = new Date(),
  timeZone?: string,
): string {
  switch (problem.kind) {
    case "quota": {
      if (problem.limit === "burst") {
        const seconds = Math.max(1, Math.ceil((Date.parse(problem.resetAt) - now.getTime()) / 1000));
        return fill(copy.errors.quotaBurst, { seconds: plural(copy.errors.seconds, seconds, locale) });
      }
      const time = resetPhrase(problem.resetAt, copy, locale, now, timeZone);
      return fill(problem.limit === "site" ? copy.errors.quotaSite : copy.errors.quotaIp, { time });
    }
    case "unavailable":
      return copy.errors.unavailable;
    case "paused": {
      const time = resetPhrase(problem.resetAt, copy, locale, now, timeZone);
      return fill(problem.reason === "allocation_exhausted" ? copy.errors.modelSpent : copy.errors.modelBusy, { time });
    }
    case "invalid":
      return copy.errors.invalid;
    case "network":
      return copy.errors.network;
    case "model":
      return copy.errors.model;
    default:
      return copy.errors.unknown;
  }
}
