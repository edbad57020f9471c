import "server-only";
import { recordStoreFor } from "@/lib/lab/records/from-config";
import type { LabRecordStore } from "@/lib/lab/records/store";
import type { Platform } from "@/lib/platform";
import { nextUtcMidnight, utcDay } from "@/lib/platform/utc-day";
import { deliverLead } from "./deliver";
import type { Lead } from "./lead";
import { type ContactStore, contactStoreFor } from "./store";
import type { LeadTransport } from "./transports";

export type SubmitOutcome = "saved" | "limited";
export type NewLead = Omit<Lead, "id">;

const SUBMISSION = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The message's id, from the form's one-time submission key and the visitor: the same form posted
 * twice (a retried request) is the same message, kept and sent once. Scoped by the IP hash, so a
 * key seen by someone else names nothing of theirs. A missing or malformed key gets a fresh id.
 */
export async function leadId(ipHash: string, submission: string): Promise<string> {
  if (!SUBMISSION.test(submission)) return crypto.randomUUID();
  const digest = await crypto.subtle.digest(
    "SHA-256",
    new TextEncoder().encode(`${ipHash}:${submission.toLowerCase()}`),
  );
  return [...new Uint8Array(digest).slice(0, 16)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * Keeps one contact message, then tells the studio. The visitor is the platform's, as the quota's
 * is: the same trusted IP, stored only as the same salted hash, so the form can't be used to spend
 * the Upstash allowance the quota needs. Stored is what the visitor is told: a send that fails leaves the
 * message unsent for a retry. Throws when the store can't be reached (nothing was kept).
 */
export async function submitLead(
  lead: NewLead,
  submission: string,
  headers: Pick<Headers, "get">,
  shared: Platform,
  {
    transport,
    store = contactStoreFor(shared),
    now = Date.now,
    records,
  }: {
    transport: LeadTransport | null;
    store?: ContactStore;
    now?: () => number;
    /** Where the run a lead came from is kept (the deployment's records unless a test brings its own). */
    records?: LabRecordStore;
  },
): Promise<SubmitOutcome> {
  const nowMs = now();
  const ipHash = await shared.visitorHash(headers);
  const id = await leadId(ipHash, submission);
  const saved = await store.save(
    { id, ...lead },
    { ipHash, day: utcDay(nowMs), expireAtMs: nextUtcMidnight(nowMs) },
    nowMs,
  );
  if (saved === "limited") return "limited";
  if (lead.context?.runId) await linkRun(lead.context.runId, id, records ?? recordStoreFor(shared));
  try {
    // A duplicate was sent already, or is claimed by the request that kept it: the claim skips it.
    await deliverLead(id, { store, transport, now });
  } catch (error) {
    // Kept, so not lost: a later retry sends it. The visitor's message is never logged.
    console.error(JSON.stringify({ event: "contact_delivery_error", message: (error as Error).name }));
  }
  return "saved";
}

/** The run learns the message it led to; a failure only logs (the message is kept either way). */
async function linkRun(runId: string, leadId: string, records: LabRecordStore): Promise<void> {
  try {
    await records.linkLead(runId, leadId);
  } catch (error) {
    console.error(JSON.stringify({ event: "lab_record_link_failed", errorName: (error as Error).name }));
  }
}
