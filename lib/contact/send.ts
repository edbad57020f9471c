import "server-only";
import { clientIpFrom, createIpHasher, type LabQuota } from "@/lib/quota";
import { nextUtcMidnight, utcDay } from "@/lib/quota/utc-day";
import { type ContactMessage, type ContactOutcome, type ContactStore, contactStoreFor } from "./store";

/**
 * Keeps one contact message, at most a few a visitor a day. The visitor is the quota's: the same
 * trusted IP, stored only as the same salted hash, so the form can't be used to spend the Upstash
 * allowance the quota needs. Throws when the store can't be reached.
 */
export async function sendContactMessage(
  message: ContactMessage,
  headers: Pick<Headers, "get">,
  lab: LabQuota,
  // Tests pass their own store and clock.
  deps: { store?: ContactStore; now?: () => number } = {},
): Promise<ContactOutcome> {
  const nowMs = (deps.now ?? Date.now)();
  const ipHash = await createIpHasher(lab.settings.salt)(clientIpFrom(headers, lab.settings.clientIp));
  const store = deps.store ?? contactStoreFor(lab);
  return store.save(message, {
    ipHash,
    day: utcDay(nowMs),
    expireAtMs: nextUtcMidnight(nowMs),
    id: crypto.randomUUID(),
  });
}
