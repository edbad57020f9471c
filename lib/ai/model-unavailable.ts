import { nextUtcMidnight } from "@/lib/platform/utc-day";
import type { PauseReason } from "@/lib/quota/types";
import type { ModelKind } from "./model-table";

/**
 * The model's platform saying "not now", told apart from a real model error:
 * - `allocation_exhausted`: Workers AI's daily free neurons are used up (code 4006 from the binding,
 *   "4006: you have used up your daily free allocation of 10,000 neurons…", 3036 in its error
 *   table): every call fails until the allocation resets at 00:00 UTC;
 * - `rate_limited`: HTTP 429 with no allocation named, or a rate-limit message;
 * - `overloaded`: no capacity (Workers AI 3040 "Out of capacity"), HTTP 503/529, "overloaded".
 * Source of the codes: https://developers.cloudflare.com/workers-ai/platform/errors/ and the
 * binding's own messages (workers-ai-provider maps only some of them to a status).
 */
export type ModelUnavailable = { reason: PauseReason; untilMs: number };

/** Without a `Retry-After`, how long a rate limit or an overload keeps the Lab from trying. */
const BACK_OFF_MS: Record<Exclude<PauseReason, "allocation_exhausted">, number> = {
  rate_limited: 60_000,
  overloaded: 30_000,
};
/** A `Retry-After` is believed within these bounds: a hostile header can't pause the Lab for a week. */
const MIN_BACK_OFF_MS = 5_000;
const MAX_BACK_OFF_MS = 15 * 60_000;

const ALLOCATION_CODES = new Set([4006, 3036]);
const OVERLOAD_CODES = new Set([3040]);
const ALLOCATION_TEXT = /daily free allocation|used up your (?:daily|free)|neurons?.{0,40}(?:allocation|upgrade)/i;
const RATE_TEXT = /rate.?limit|too many requests/i;
const OVERLOAD_TEXT = /overloaded|out of capacity|capacity temporarily|no more data centers|temporarily unavailable/i;

type Seen = { codes: number[]; statuses: number[]; texts: string[]; retryAfterMs?: number };

/** What `error` says about the platform, or null for any other error (the model's own failure). */
export function modelUnavailable(error: unknown, nowMs = Date.now()): ModelUnavailable | null {
  const seen: Seen = { codes: [], statuses: [], texts: [] };
  gather(error, seen, 0, new Set());
  const text = seen.texts.join("\n");
  const code = (wanted: Set<number>) => seen.codes.some((each) => wanted.has(each)) || codesIn(text, wanted);
  if (code(ALLOCATION_CODES) || ALLOCATION_TEXT.test(text)) {
    return { reason: "allocation_exhausted", untilMs: nextUtcMidnight(nowMs) };
  }
  const status = (...wanted: number[]) => seen.statuses.some((each) => wanted.includes(each));
  const backOff = (reason: keyof typeof BACK_OFF_MS): ModelUnavailable => {
    const wait = seen.retryAfterMs ?? BACK_OFF_MS[reason];
    return { reason, untilMs: nowMs + Math.min(MAX_BACK_OFF_MS, Math.max(MIN_BACK_OFF_MS, wait)) };
  };
  if (code(OVERLOAD_CODES) || status(503, 529) || OVERLOAD_TEXT.test(text)) return backOff("overloaded");
  if (status(429) || RATE_TEXT.test(text)) return backOff("rate_limited");
  return null;
}

/** `<code>:` as the binding writes it ("InferenceUpstreamError: 4006: you have used up…"). */
function codesIn(text: string, wanted: Set<number>): boolean {
  for (const match of text.matchAll(/\b(\d{4})\s*:/g)) if (wanted.has(Number(match[1]))) return true;
  return false;
}

/**
 * Reads what an error carries, wherever the layers put it: its message, `code`, `status` /
 * `statusCode`, a response body (JSON text or object: `{ errors: [{ code, message }] }`,
 * `{ error: { … } }`), `Retry-After`, and the same on its `cause`, `lastError` or `errors`
 * (the AI SDK's `RetryError`). Bounded: a hostile body can't make it loop or dig forever.
 */
function gather(value: unknown, seen: Seen, depth: number, visited: Set<unknown>): void {
  if (depth > 6 || value === null || value === undefined || visited.has(value)) return;
  if (typeof value === "string") {
    if (seen.texts.length < 20) seen.texts.push(value.slice(0, 2000));
    if (/^\s*[[{]/.test(value) && value.length < 20_000) {
      try {
        gather(JSON.parse(value), seen, depth + 1, visited);
      } catch {
        // Not JSON: read as text above.
      }
    }
    return;
  }
  if (typeof value !== "object") return;
  visited.add(value);
  const record = value as Record<string, unknown>;
  const number = (key: string) => {
    const field = record[key];
    const parsed = typeof field === "string" && /^\d{3,5}$/.test(field.trim()) ? Number(field) : field;
    return typeof parsed === "number" && Number.isInteger(parsed) ? parsed : undefined;
  };
  const code = number("code") ?? number("workersAIErrorCode");
  if (code !== undefined) seen.codes.push(code);
  const status = number("statusCode") ?? number("status");
  if (status !== undefined) seen.statuses.push(status);
  const retryAfter = retryAfterMs(record.responseHeaders);
  if (retryAfter !== undefined) seen.retryAfterMs = retryAfter;
  for (const key of ["message", "responseBody", "body", "data", "error", "errors", "cause", "lastError", "detail"]) {
    const field = record[key];
    if (Array.isArray(field)) for (const item of field.slice(0, 10)) gather(item, seen, depth + 1, visited);
    else gather(field, seen, depth + 1, visited);
  }
}

function retryAfterMs(headers: unknown): number | undefined {
  if (!headers || typeof headers !== "object") return undefined;
  const value = (headers as Record<string, unknown>)["retry-after"];
  if (typeof value !== "string") return undefined;
  const seconds = Number(value.trim());
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

/**
 * What one use's model calls said about the platform: the first "not now" among their failures.
 * The providers' wrappers tell it every failure (`FailureListener`); the use reads it when it ends.
 */
export class AvailabilityWatch {
  unavailable: ModelUnavailable | null = null;

  constructor(
    /** Which platform refused: one pause covers every model on it (Workers AI's allocation is the account's). */
    readonly platform: string,
  ) {}

  readonly note = (error: unknown): void => {
    this.unavailable ??= modelUnavailable(error);
  };
}

/** One pause for every Workers AI model: the daily allocation is the account's. */
export const WORKERS_AI_PLATFORM = "workers-ai";

/** The platform a model of this kind runs on, which one pause covers; none for an offline program. */
export function platformOf(kind: ModelKind): string | undefined {
  if (kind === "workers-ai-binding" || kind === "workers-ai-rest") return WORKERS_AI_PLATFORM;
  return kind === "offline" ? undefined : kind;
}
