import "server-only";
import type { Redis } from "@upstash/redis/cloudflare";
import type { Platform } from "@/lib/platform";

/**
 * What was sent to the studio: at most one digest a studio day and one alert of a kind a day,
 * however often the trigger fires, retries, or runs in two places at once. A notice is `claim`ed
 * (atomically, with a lease longer than any send) before it is composed and sent, then `finish`ed
 * (kept as done for a few days), or `release`d when the send failed, so the next firing tries
 * again: never lost, never doubled. A sender that died mid-send frees its claim when the lease ends.
 */
export interface NoticeStore {
  readonly kind: "upstash" | "memory";
  /** Which of `names` are done (sent, or logged as not sent). */
  done(names: readonly string[]): Promise<Set<string>>;
  /** Takes `name` for sending: false when it is done, or someone else holds it. */
  claim(name: string, token: string, leaseMs: number): Promise<boolean>;
  /** Marks `name` done for `keptSeconds` and frees its claim; a digest also becomes the last one. */
  finish(name: string, token: string, outcome: NoticeOutcome, keptSeconds: number): Promise<void>;
  /** Frees the claim after a failed send (only the claimer's: a claim taken over since stays). */
  release(name: string, token: string): Promise<void>;
  /** The last digest, sent or not: what the Lab view says. */
  lastDigest(): Promise<NoticeOutcome | null>;
}

/**
 * How a notice ended: sent at `at` (ISO), logged as not sent (no way to send it), or a day with
 * nothing to say (no digest unless the studio asks for one).
 */
export type NoticeOutcome = { state: "sent" | "not_sent" | "quiet"; at: string; day: string };

function noticeKeys(prefix: string) {
  return {
    done: (name: string) => `${prefix}:notice:done:${name}`,
    claim: (name: string) => `${prefix}:notice:claim:${name}`,
    lastDigest: `${prefix}:notice:last-digest`,
  };
}

/** KEYS: done, claim. ARGV: token, lease (ms). 1 when claimed. */
const CLAIM_LUA = `
if redis.call("EXISTS", KEYS[1]) == 1 then return 0 end
if not redis.call("SET", KEYS[2], ARGV[1], "NX", "PX", ARGV[2]) then return 0 end
return 1
`;

/** KEYS: done, claim, last digest ("" for an alert). ARGV: token, outcome JSON, seconds kept. */
const FINISH_LUA = `
redis.call("SET", KEYS[1], ARGV[2], "EX", ARGV[3])
if redis.call("GET", KEYS[2]) == ARGV[1] then redis.call("DEL", KEYS[2]) end
if KEYS[3] ~= "" then redis.call("SET", KEYS[3], ARGV[2], "EX", ARGV[3]) end
return 1
`;

/** KEYS: claim. ARGV: token. */
const RELEASE_LUA = `
if redis.call("GET", KEYS[1]) == ARGV[1] then redis.call("DEL", KEYS[1]) end
return 1
`;

// The Lab view says when the last digest went, or that it could not: a quiet day sends nothing to say.
const isLastDigest = (name: string, outcome: NoticeOutcome) => name.startsWith("digest:") && outcome.state !== "quiet";

/** A stored outcome; anything else (a mangled reply) is none. */
function readOutcome(value: unknown): NoticeOutcome | null {
  const parsed = typeof value === "string" ? safeJson(value) : value;
  if (!parsed || typeof parsed !== "object") return null;
  const { state, at, day } = parsed as Record<string, unknown>;
  if (
    (state !== "sent" && state !== "not_sent" && state !== "quiet") ||
    typeof at !== "string" ||
    typeof day !== "string"
  )
    return null;
  return { state, at, day };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Notices in Upstash, under the quota's prefix, through its client. Every key expires. */
export function upstashNoticeStore(redis: Redis, prefix: string): NoticeStore {
  const keys = noticeKeys(prefix);
  const scripts = {
    claim: redis.createScript<unknown>(CLAIM_LUA),
    finish: redis.createScript<unknown>(FINISH_LUA),
    release: redis.createScript<unknown>(RELEASE_LUA),
  };
  return {
    kind: "upstash",
    async done(names) {
      if (names.length === 0) return new Set();
      const values = await redis.mget<unknown[]>(...names.map(keys.done));
      return new Set(names.filter((_, index) => values[index] !== null && values[index] !== undefined));
    },
    async claim(name, token, leaseMs) {
      return Number(await scripts.claim.exec([keys.done(name), keys.claim(name)], [token, String(leaseMs)])) === 1;
    },
    async finish(name, token, outcome, keptSeconds) {
      await scripts.finish.exec(
        [keys.done(name), keys.claim(name), isLastDigest(name, outcome) ? keys.lastDigest : ""],
        [token, JSON.stringify(outcome), String(keptSeconds)],
      );
    },
    async release(name, token) {
      await scripts.release.exec([keys.claim(name)], [token]);
    },
    async lastDigest() {
      return readOutcome(await redis.get<unknown>(keys.lastDigest));
    },
  };
}

/** Notices in this process's memory (`next dev`, `QUOTA_STORE=memory`): the same rules. */
export function memoryNoticeStore(now: () => number = Date.now): NoticeStore {
  const done = new Map<string, { outcome: NoticeOutcome; untilMs: number }>();
  const claims = new Map<string, { token: string; untilMs: number }>();
  let last: { outcome: NoticeOutcome; untilMs: number } | null = null;
  const live = <T extends { untilMs: number }>(entry: T | null | undefined) =>
    entry && entry.untilMs > now() ? entry : undefined;
  return {
    kind: "memory",
    async done(names) {
      return new Set(names.filter((name) => live(done.get(name))));
    },
    async claim(name, token, leaseMs) {
      if (live(done.get(name)) || live(claims.get(name))) return false;
      claims.set(name, { token, untilMs: now() + leaseMs });
      return true;
    },
    async finish(name, token, outcome, keptSeconds) {
      const entry = { outcome: { ...outcome }, untilMs: now() + keptSeconds * 1000 };
      done.set(name, entry);
      if (claims.get(name)?.token === token) claims.delete(name);
      if (isLastDigest(name, outcome)) last = entry;
      for (const [key, value] of done) if (!live(value)) done.delete(key);
    },
    async release(name, token) {
      if (claims.get(name)?.token === token) claims.delete(name);
    },
    async lastDigest() {
      const entry = live(last);
      return entry ? { ...entry.outcome } : null;
    },
  };
}

// On globalThis so that `next dev` reloading this module keeps what was sent.
const MEMORY = Symbol.for("lab-agent.notices.memory-store");

/** The notices of the deployment's database: Upstash when it has one, else this process's memory. */
export function noticeStoreFor({ redis, prefix }: Platform): NoticeStore {
  if (redis) return upstashNoticeStore(redis, prefix);
  const holder = globalThis as { [MEMORY]?: NoticeStore };
  holder[MEMORY] ??= memoryNoticeStore();
  return holder[MEMORY];
}
