import "server-only";
import { platform } from "@/lib/config";
import { isPlatformFailure, logPlatformFailure, type Platform } from "@/lib/platform";
import {
  type EndedSessions,
  type LockoutStore,
  memoryEndedSessions,
  memoryLockoutStore,
  upstashEndedSessions,
  upstashLockoutStore,
  validInboxSession,
} from "./inbox-auth";
import type { StoredLead } from "./lead";
import { contactStoreFor } from "./store";

/** How many messages the inbox shows: the newest. */
export const INBOX_PAGE_SIZE = 100;

// On globalThis so that `next dev` reloading this module keeps the count of tries and closed sessions.
const MEMORY = Symbol.for("lab-agent.inbox.lockout");
const ENDED = Symbol.for("lab-agent.inbox.ended-sessions");

export function lockoutStoreFor({ redis, prefix }: Platform): LockoutStore {
  if (redis) return upstashLockoutStore(redis, prefix);
  const holder = globalThis as { [MEMORY]?: LockoutStore };
  holder[MEMORY] ??= memoryLockoutStore();
  return holder[MEMORY];
}

/** Where closed sessions are kept: the same store as the lockout's, so every isolate refuses them. */
export function endedSessionsFor({ redis, prefix }: Platform): EndedSessions {
  if (redis) return upstashEndedSessions(redis, prefix);
  const holder = globalThis as { [ENDED]?: EndedSessions };
  holder[ENDED] ??= memoryEndedSessions();
  return holder[ENDED];
}

/**
 * Whether the inbox's cookie opens it: signed with the secret, not expired, and not closed. Fails
 * closed: when the store of closed sessions can't be read, the inbox asks for the key again.
 */
export async function inboxSessionOpen(
  token: string | undefined,
  secret: string,
  nowMs = Date.now(),
): Promise<boolean> {
  if (!token) return false;
  try {
    return await validInboxSession(token, secret, nowMs, endedSessionsFor(platform()));
  } catch (error) {
    if (isPlatformFailure(error)) logPlatformFailure(error);
    else console.error(JSON.stringify({ event: "inbox_session_check_failed", message: (error as Error).name }));
    return false;
  }
}

/**
 * The studio's messages, newest first. The inbox page is the one caller (a test keeps it so): no
 * other page or API lists them, and nothing here logs them.
 */
export function readInbox(shared: Platform, limit = INBOX_PAGE_SIZE): Promise<StoredLead[]> {
  return contactStoreFor(shared).list(limit);
}
