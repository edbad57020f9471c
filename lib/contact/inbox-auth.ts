import "server-only";
import type { Redis } from "@upstash/redis/cloudflare";

/**
 * The studio's inbox opens with a key only the studio holds (`INBOX_SECRET`), compared in constant
 * time, with a lockout per visitor (their IP hash), kept in Redis so every isolate sees it. A key
 * works anywhere the site runs (`next start`, workerd, tests) and needs no Zero Trust setup; see
 * docs/deploy.md for putting Cloudflare Access in front as well.
 *
 * A try is counted before its key is compared, in one atomic step: tries sent together each take
 * their own place in the count, so at most `maxTries` keys are ever compared per visitor and window,
 * whatever the concurrency. A right key counts like a wrong one and resets nothing: the tries that
 * came with it stay counted. The window is fixed at the first try and is not stretched by later ones.
 */
export const INBOX_LOCKOUT = { maxTries: 5, windowSeconds: 15 * 60 } as const;
export const INBOX_SESSION = { cookie: "inbox_session", maxAgeSeconds: 12 * 60 * 60 } as const;

export interface LockoutStore {
  /**
   * Counts one try and returns the count so far in this visitor's window, the new try included.
   * The window starts at the first try and ends `windowSeconds` later, whatever follows.
   */
  take(ipHash: string, windowSeconds: number): Promise<number>;
  /** The count so far (0 once the window ended). */
  tries(ipHash: string): Promise<number>;
}

// EXPIRE only on the first try: a later one never moves the window's end.
const TAKE_LUA = `
local count = redis.call("INCR", KEYS[1])
if count == 1 then redis.call("EXPIRE", KEYS[1], ARGV[1]) end
return count
`;

export function upstashLockoutStore(redis: Redis, prefix: string): LockoutStore {
  const key = (ipHash: string) => `${prefix}:inbox:tries:${ipHash}`;
  const take = redis.createScript<number>(TAKE_LUA);
  return {
    take: async (ipHash, windowSeconds) => {
      const tries = countOf(await take.exec([key(ipHash)], [String(windowSeconds)]));
      // The count this try itself made: at least one.
      if (tries < 1) throw new StoreReplyError("a take", tries);
      return tries;
    },
    tries: async (ipHash) => countOf((await redis.get<unknown>(key(ipHash))) ?? 0),
  };
}

/**
 * A reply the store sent that no Redis would (a proxy's, a mangled one): the callers fail closed
 * on it (the inbox asks for the key again, a try is "unavailable"), where read as a number it
 * would have been no count at all (NaN is never over the limit).
 */
export class StoreReplyError extends Error {
  override readonly name = "StoreReplyError";
  constructor(what: string, reply: unknown) {
    super(`the store answered ${String(JSON.stringify(reply)).slice(0, 40)} for ${what}`);
  }
}

/** A count as Redis answers one: a whole number, 0 or more (as a number, or as its digits). */
function countOf(reply: unknown): number {
  const count = typeof reply === "string" && /^\d{1,15}$/.test(reply) ? Number(reply) : reply;
  if (typeof count !== "number" || !Number.isSafeInteger(count) || count < 0)
    throw new StoreReplyError("a count", reply);
  return count;
}

/**
 * The same count in this process's memory. Its check and increment run in one synchronous step
 * (no await between them), which is what makes it atomic here; the window is in whole seconds,
 * as Redis keeps it.
 */
export function memoryLockoutStore(now: () => number = Date.now): LockoutStore {
  const counts = new Map<string, { count: number; endsAtMs: number }>();
  const live = (ipHash: string) => {
    const entry = counts.get(ipHash);
    if (entry && entry.endsAtMs <= now()) counts.delete(ipHash);
    return counts.get(ipHash);
  };
  return {
    take: async (ipHash, windowSeconds) => {
      const entry = live(ipHash) ?? { count: 0, endsAtMs: now() + Math.floor(windowSeconds) * 1000 };
      entry.count += 1;
      counts.set(ipHash, entry);
      return entry.count;
    },
    tries: async (ipHash) => live(ipHash)?.count ?? 0,
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

/**
 * One try at a secret the site checks (the inbox's key). The try is counted first; past the limit
 * the key is not even compared, so a right one is refused until the window ends. The last try
 * allowed says "locked" when wrong: the visitor learns there is no point in another.
 */
export async function tryInboxKey(
  given: string,
  { secret, ipHash, lockout }: { secret: string; ipHash: string; lockout: LockoutStore },
): Promise<InboxKeyOutcome> {
  const tries = await lockout.take(ipHash, INBOX_LOCKOUT.windowSeconds);
  if (tries > INBOX_LOCKOUT.maxTries) return "locked";
  if (await secretsMatch(given, secret)) return "open";
  return tries >= INBOX_LOCKOUT.maxTries ? "locked" : "wrong";
}

const hex = (bytes: Uint8Array) => [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");

export interface EndedSessions {
  /** Ends one session for good (until its own expiry, past which it is refused anyway). */
  end(id: string, expiresAtSeconds: number): Promise<void>;
  ended(id: string): Promise<boolean>;
}

export function upstashEndedSessions(redis: Redis, prefix: string): EndedSessions {
  const key = (id: string) => `${prefix}:inbox:ended:${id}`;
  return {
    end: async (id, expiresAtSeconds) => {
      await redis.set(key(id), "1", { exat: expiresAtSeconds });
    },
    ended: async (id) => {
      const reply: unknown = await redis.exists(key(id));
      if (reply !== 0 && reply !== 1) throw new StoreReplyError("whether a session ended", reply);
      return reply === 1;
    },
  };
}

export function memoryEndedSessions(now: () => number = Date.now): EndedSessions {
  const ended = new Map<string, number>();
  return {
    end: async (id, expiresAtSeconds) => {
      for (const [old, at] of ended) if (at * 1000 <= now()) ended.delete(old);
      ended.set(id, expiresAtSeconds);
    },
    ended: async (id) => (ended.get(id) ?? 0) * 1000 > now(),
  };
}

export type InboxSession = { id: string; expiresAtSeconds: number };

/**
 * The session cookie's value: an expiry, a random session id and their MAC under the secret. A new
 * secret ends every session; closing the inbox ends one (its id is kept as ended until it expires).
 */
export async function inboxSessionToken(secret: string, nowMs: number): Promise<string> {
  const expires = Math.floor(nowMs / 1000) + INBOX_SESSION.maxAgeSeconds;
  const id = hex(crypto.getRandomValues(new Uint8Array(16)));
  return `${expires}.${id}.${hex(await hmac(secret, `inbox-session:${expires}.${id}`))}`;
}

/** The session a cookie names, when its MAC holds and it has not expired (whether it was ended aside). */
export async function readInboxSession(
  token: string | undefined,
  secret: string,
  nowMs: number,
): Promise<InboxSession | null> {
  const match = /^(\d{1,12})\.([0-9a-f]{32})\.([0-9a-f]{64})$/.exec(token ?? "");
  if (!match?.[1] || !match[2] || !match[3]) return null;
  const expires = Number(match[1]);
  if (expires * 1000 <= nowMs || expires * 1000 > nowMs + INBOX_SESSION.maxAgeSeconds * 1000) return null;
  const expected = await hmac(secret, `inbox-session:${expires}.${match[2]}`);
  const given = Uint8Array.from(match[3].match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
  return sameBytes(given, expected) ? { id: match[2], expiresAtSeconds: expires } : null;
}

/** A cookie opens the inbox when it names a live session that was not closed. */
export async function validInboxSession(
  token: string | undefined,
  secret: string,
  nowMs: number,
  sessions: EndedSessions,
): Promise<boolean> {
  const session = await readInboxSession(token, secret, nowMs);
  return session !== null && !(await sessions.ended(session.id));
}
