import "server-only";
import type { Redis } from "@upstash/redis/cloudflare";

/**
 * The studio's inbox opens with a key only the studio holds (`INBOX_SECRET`), compared in constant
 * time, with a lockout after a few failed tries from one visitor (their IP hash), kept in Redis so
 * every isolate sees it. A key works anywhere the site runs (`next start`, workerd, tests)
 * and needs no Zero Trust setup; see docs/deploy.md for putting Cloudflare Access in front as well.
 */
export const INBOX_LOCKOUT = { maxFailures: 5, windowSeconds: 15 * 60 } as const;
export const INBOX_SESSION = { cookie: "inbox_session", maxAgeSeconds: 12 * 60 * 60 } as const;

export interface LockoutStore {
  failures(ipHash: string): Promise<number>;
  /** Counts one failed try; the count ends `windowSeconds` after the first. */
  fail(ipHash: string, windowSeconds: number): Promise<number>;
  clear(ipHash: string): Promise<void>;
}

const FAIL_LUA = `
local count = redis.call("INCR", KEYS[1])
if count == 1 then redis.call("EXPIRE", KEYS[1], ARGV[1]) end
return count
`;

export function upstashLockoutStore(redis: Redis, prefix: string): LockoutStore {
  const key = (ipHash: string) => `${prefix}:inbox:fail:${ipHash}`;
  const fail = redis.createScript<number>(FAIL_LUA);
  return {
    failures: async (ipHash) => Number((await redis.get<number | string>(key(ipHash))) ?? 0),
    fail: async (ipHash, windowSeconds) => Number(await fail.exec([key(ipHash)], [String(windowSeconds)])),
    clear: async (ipHash) => {
      await redis.del(key(ipHash));
    },
  };
}

export function memoryLockoutStore(now: () => number = Date.now): LockoutStore {
  const counts = new Map<string, { count: number; endsAt: number }>();
  const live = (ipHash: string) => {
    const entry = counts.get(ipHash);
    if (entry && entry.endsAt <= now()) counts.delete(ipHash);
    return counts.get(ipHash);
  };
  return {
    failures: async (ipHash) => live(ipHash)?.count ?? 0,
    fail: async (ipHash, windowSeconds) => {
      const entry = live(ipHash) ?? { count: 0, endsAt: now() + windowSeconds * 1000 };
      entry.count += 1;
      counts.set(ipHash, entry);
      return entry.count;
    },
    clear: async (ipHash) => {
      counts.delete(ipHash);
    },
  };
}

const encoder = new TextEncoder();

async function hmac(key: string, text: string): Promise<Uint8Array> {
  const cryptoKey = await crypto.subtle.importKey(
    "raw",
    encoder.encode(key),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return new Uint8Array(await crypto.subtle.sign("HMAC", cryptoKey, encoder.encode(text)));
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}

/**
 * Constant time whatever the lengths: both sides are MACed with a fresh random key first, so the
 * comparison runs over two 32-byte digests and its timing tells nothing about the secret.
 */
export async function secretsMatch(given: string, expected: string): Promise<boolean> {
  const key = crypto.randomUUID();
  const [a, b] = await Promise.all([hmac(key, given), hmac(key, expected)]);
  return sameBytes(a, b);
}

export type InboxKeyOutcome = "open" | "wrong" | "locked";

/** One try at the inbox's key. A locked visitor is refused before the key is even compared. */
export async function tryInboxKey(
  given: string,
  { secret, ipHash, lockout }: { secret: string; ipHash: string; lockout: LockoutStore },
): Promise<InboxKeyOutcome> {
  if ((await lockout.failures(ipHash)) >= INBOX_LOCKOUT.maxFailures) return "locked";
  if (await secretsMatch(given, secret)) {
    await lockout.clear(ipHash);
    return "open";
  }
  const failures = await lockout.fail(ipHash, INBOX_LOCKOUT.windowSeconds);
  return failures >= INBOX_LOCKOUT.maxFailures ? "locked" : "wrong";
}

const hex = (bytes: Uint8Array) => [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");

/** The session cookie's value: an expiry and its MAC under the secret (a new secret ends every session). */
export async function inboxSessionToken(secret: string, nowMs: number): Promise<string> {
  const expires = Math.floor(nowMs / 1000) + INBOX_SESSION.maxAgeSeconds;
  return `${expires}.${hex(await hmac(secret, `inbox-session:${expires}`))}`;
}

export async function validInboxSession(token: string | undefined, secret: string, nowMs: number): Promise<boolean> {
  const match = /^(\d{1,12})\.([0-9a-f]{64})$/.exec(token ?? "");
  if (!match?.[1] || !match[2]) return false;
  const expires = Number(match[1]);
  if (expires * 1000 <= nowMs || expires * 1000 > nowMs + INBOX_SESSION.maxAgeSeconds * 1000) return false;
  const expected = await hmac(secret, `inbox-session:${expires}`);
  const given = Uint8Array.from(match[2].match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
  return sameBytes(given, expected);
}
