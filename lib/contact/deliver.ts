import "server-only";
import type { ContactStore } from "./store";
import { type LeadTransport, SendError } from "./transports";

export const DELIVERY = {
  /** A send gets this long; past it, it counts as failed and the message waits for a retry. */
  timeoutMs: 8_000,
  /**
   * How long a claim holds a message. Longer than any send, so a slow one is never sent again
   * beside it; a sender that died mid-send frees its messages when the lease ends.
   */
  leaseMs: 10 * 60_000,
  /** Unsent messages retried per trigger (a later submission, the inbox opening). */
  retryBatch: 3,
  /** Unsent messages retried per run of the schedule (the Cron Trigger, `next start`'s interval). */
  scheduleBatch: 25,
  firstRetryMs: 60_000,
  maxRetryMs: 6 * 60 * 60_000,
} as const;

export type DeliveryOutcome = "sent" | "failed" | "skipped";
export type DeliveryDeps = {
  store: ContactStore;
  transport: LeadTransport | null;
  now?: () => number;
  // Tests shorten the send's timeout.
  timeoutMs?: number;
};

/** 1 min, 2, 4… after each failed try, at most 6 h. */
export function nextAttemptAt(nowMs: number, attemptsBefore: number): number {
  return nowMs + Math.min(DELIVERY.firstRetryMs * 2 ** attemptsBefore, DELIVERY.maxRetryMs);
}

/**
 * Sends one stored message, at most once: it is claimed first (a sent or already-claimed message
 * is skipped), then marked sent, or failed with its next try. No transport: it stays unsent.
 */
export async function deliverLead(
  id: string,
  { store, transport, now = Date.now, timeoutMs = DELIVERY.timeoutMs }: DeliveryDeps,
): Promise<DeliveryOutcome> {
  if (!transport) return "skipped";
  const claimed = await store.claim(id, DELIVERY.leaseMs, now());
  if (!claimed) return "skipped";
  try {
    await transport.send(claimed.lead, AbortSignal.timeout(timeoutMs));
  } catch (error) {
    const reason = failureReason(transport, error);
    // Never the message or the visitor's fields: only which channel and why.
    console.error(
      JSON.stringify({ event: "contact_send_failed", channel: transport.kind, reason, attempts: claimed.attempts + 1 }),
    );
    await store.markFailed(id, reason, nextAttemptAt(now(), claimed.attempts));
    return "failed";
  }
  await store.markSent(id, now());
  return "sent";
}

/** A bounded batch of due unsent messages, one after another. Errors only log: a retry is best effort. */
export async function retryDue(deps: DeliveryDeps, limit: number = DELIVERY.retryBatch): Promise<DeliveryOutcome[]> {
  if (!deps.transport) return [];
  const outcomes: DeliveryOutcome[] = [];
  try {
    for (const id of await deps.store.due((deps.now ?? Date.now)(), limit)) outcomes.push(await deliverLead(id, deps));
  } catch (error) {
    console.error(JSON.stringify({ event: "contact_retry_failed", message: (error as Error).name }));
  }
  return outcomes;
}

function failureReason(transport: LeadTransport, error: unknown): string {
  if (error instanceof SendError) return error.reason;
  // By name, not class: the timeout's DOMException may come from another realm than this module's
  // Error (a VM context in the unit tests), and is the same timeout.
  const name = typeof error === "object" && error !== null && "name" in error ? String(error.name) : undefined;
  if (name === "TimeoutError" || name === "AbortError") return "timeout";
  return `${transport.kind}_error:${name ?? typeof error}`;
}
