import "server-only";
import type { Redis } from "@upstash/redis/cloudflare";
import type { LabQuota } from "@/lib/quota";

export type ContactMessage = { name: string; email: string; message: string; locale: string; receivedAt: string };

/** A few messages a visitor a day; the newest 500 are kept, for 30 days after the last one. */
export const CONTACT_LIMITS: ContactLimits = { perIpPerDay: 3, kept: 500, keptDays: 30 };
export type ContactLimits = { perIpPerDay: number; kept: number; keptDays: number };

export type ContactOutcome = "saved" | "limited";

/** What the store needs besides the message: who sent it (IP hash only) and today's end. */
export type ContactSender = { ipHash: string; day: string; expireAtMs: number; id: string };

export interface ContactStore {
  readonly kind: "upstash" | "memory";
  save(message: ContactMessage, sender: ContactSender): Promise<ContactOutcome>;
}

/**
 * KEYS: the visitor's count today (counter), the messages (list), this message's id marker.
 * ARGV: message JSON, per-IP limit, expire-at of today (unix s), messages kept, seconds kept.
 * The id marker makes a retried call (its reply lost) a no-op, as the quota's scripts are.
 */
const SAVE_LUA = `
if redis.call("EXISTS", KEYS[3]) == 1 then return "saved" end
local sent = tonumber(redis.call("GET", KEYS[1]) or "0")
if sent >= tonumber(ARGV[2]) then return "limited" end
redis.call("INCR", KEYS[1])
redis.call("EXPIREAT", KEYS[1], ARGV[3])
redis.call("LPUSH", KEYS[2], ARGV[1])
redis.call("LTRIM", KEYS[2], 0, tonumber(ARGV[4]) - 1)
redis.call("EXPIRE", KEYS[2], ARGV[5])
redis.call("SET", KEYS[3], "1", "EX", ARGV[5])
return "saved"
`;

export function contactKeys(prefix: string) {
  return {
    sent: (day: string, ipHash: string) => `${prefix}:contact:${day}:ip:${ipHash}`,
    messages: `${prefix}:contact:messages`,
    id: (id: string) => `${prefix}:contact:id:${id}`,
  };
}

/** Messages in Upstash, through the quota's own client (its timeout and retry) and key prefix. */
export function upstashContactStore(redis: Redis, prefix: string, limits = CONTACT_LIMITS): ContactStore {
  const keys = contactKeys(prefix);
  const script = redis.createScript<unknown>(SAVE_LUA);
  return {
    kind: "upstash",
    async save(message, { ipHash, day, expireAtMs, id }) {
      const reply = await script.exec(
        [keys.sent(day, ipHash), keys.messages, keys.id(id)],
        [
          JSON.stringify(message),
          String(limits.perIpPerDay),
          String(Math.floor(expireAtMs / 1000)),
          String(limits.kept),
          String(limits.keptDays * 86_400),
        ],
      );
      if (reply === "saved" || reply === "limited") return reply;
      throw new Error(`unexpected reply from the contact script: ${JSON.stringify(reply)}`);
    },
  };
}

/** Messages in this process's memory (`next dev`, `QUOTA_STORE=memory`): the same limits. */
export function memoryContactStore(limits = CONTACT_LIMITS): ContactStore & { messages(): readonly ContactMessage[] } {
  const messages: ContactMessage[] = [];
  const sent = new Map<string, number>();
  let currentDay = "";
  return {
    kind: "memory",
    async save(message, { ipHash, day }) {
      if (day !== currentDay) {
        currentDay = day;
        sent.clear();
      }
      const count = sent.get(ipHash) ?? 0;
      if (count >= limits.perIpPerDay) return "limited";
      sent.set(ipHash, count + 1);
      messages.unshift(message);
      messages.length = Math.min(messages.length, limits.kept);
      return "saved";
    },
    messages: () => messages,
  };
}

// On globalThis so that `next dev` reloading this module keeps the messages.
const MEMORY = Symbol.for("lab-agent.contact.memory-store");

/**
 * The contact store for the Lab's settings: Upstash when the quota uses it, else memory. The
 * quota's settings already refuse memory in production unless `QUOTA_STORE=memory` asks for it,
 * so a production site never keeps messages in one isolate's memory by accident.
 */
export function contactStoreFor(lab: LabQuota): ContactStore {
  if (lab.redis) return upstashContactStore(lab.redis, lab.settings.prefix);
  return sharedMemoryContactStore();
}

export function sharedMemoryContactStore(): ReturnType<typeof memoryContactStore> {
  const holder = globalThis as { [MEMORY]?: ReturnType<typeof memoryContactStore> };
  holder[MEMORY] ??= memoryContactStore();
  return holder[MEMORY];
}
