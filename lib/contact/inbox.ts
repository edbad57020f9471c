import "server-only";
import type { LabQuota } from "@/lib/quota";
import { type LockoutStore, memoryLockoutStore, upstashLockoutStore } from "./inbox-auth";
import type { StoredLead } from "./lead";
import { contactStoreFor } from "./store";

/** How many messages the inbox shows: the newest. */
export const INBOX_PAGE_SIZE = 100;

// On globalThis so that `next dev` reloading this module keeps the count of failed tries.
const MEMORY = Symbol.for("lab-agent.inbox.lockout");

export function lockoutStoreFor(lab: LabQuota): LockoutStore {
  if (lab.redis) return upstashLockoutStore(lab.redis, lab.settings.prefix);
  const holder = globalThis as { [MEMORY]?: LockoutStore };
  holder[MEMORY] ??= memoryLockoutStore();
  return holder[MEMORY];
}

/**
 * The studio's messages, newest first. The inbox page is the one caller (a test keeps it so): no
 * other page or API lists them, and nothing here logs them.
 */
export function readInbox(lab: LabQuota, limit = INBOX_PAGE_SIZE): Promise<StoredLead[]> {
  return contactStoreFor(lab).list(limit);
}
