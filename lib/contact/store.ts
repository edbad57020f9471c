import "server-only";
import type { Redis } from "@upstash/redis/cloudflare";
import type { Platform } from "@/lib/platform";
import type { Delivery, Lead, StoredLead } from "./lead";

/** A few messages a visitor a day; the newest 500 are kept, for 30 days after the last one. */
export const CONTACT_LIMITS: ContactLimits = { perIpPerDay: 3, kept: 500, keptDays: 30 };
export type ContactLimits = { perIpPerDay: number; kept: number; keptDays: number };

/** `duplicate`: this message (same id) is kept already: a retried request, or a lost reply. */
export type SaveOutcome = "saved" | "duplicate" | "limited";

/** What the store needs besides the message: who sent it (IP hash only) and today's end. */
export type ContactSender = { ipHash: string; day: string; expireAtMs: number };

/** A message taken for sending: nobody else can take it until it is marked or the lease ends. */
export type Claimed = { lead: Lead; attempts: number };

/**
 * Messages and whether each reached the studio. Store first, then send: `save` keeps the message
 * unsent and due now; a sender `claim`s it (atomically: two senders never both get it, and a
 * sent message is never claimed again), then marks it sent, or failed with its next try.
 */
export interface ContactStore {
  readonly kind: "upstash" | "memory";
  save(lead: Lead, sender: ContactSender, nowMs: number): Promise<SaveOutcome>;
  /** Takes a message whose try is due at `nowMs`: a replayed form never sends a failed one early. */
  claim(id: string, leaseMs: number, nowMs: number): Promise<Claimed | null>;
  markSent(id: string, nowMs: number): Promise<void>;
  markFailed(id: string, reason: string, nextAttemptAtMs: number): Promise<void>;
  /** Unsent messages whose next try is due, oldest first. */
  due(nowMs: number, limit: number): Promise<string[]>;
  /** The newest messages first, with their delivery; only the studio's inbox calls it. */
  list(limit: number): Promise<StoredLead[]>;
  /**
   * Forgets what has expired: ids left in the lists after their message's `keptDays` ran out (in
   * Redis the message's keys expire by themselves; an id left in the unsent set would hold a place
   * in every retry batch). Returns how many messages were dropped.
   */
  prune(nowMs: number): Promise<number>;
  /** One message by its id, with its delivery (the studio's page of the Lab run it came from); null once gone. */
  get(id: string): Promise<StoredLead | null>;
}

export function contactKeys(prefix: string) {
  return {
    sent: (day: string, ipHash: string) => `${prefix}:contact:${day}:ip:${ipHash}`,
    leads: `${prefix}:contact:leads`,
    unsent: `${prefix}:contact:unsent`,
    lead: (id: string) => `${prefix}:contact:lead:${id}`,
    delivery: (id: string) => `${prefix}:contact:delivery:${id}`,
    claim: (id: string) => `${prefix}:contact:claim:${id}`,
  };
}

/**
 * KEYS: the visitor's count today, the id list, the message, its delivery, the unsent set.
 * ARGV: message JSON, per-IP limit, today's end (unix s), messages kept, seconds kept, id, due (ms).
 * An existing message makes the call a no-op, so a retried request or a lost reply keeps it once.
 */
const SAVE_LUA = `
if redis.call("EXISTS", KEYS[3]) == 1 then return "duplicate" end
local sent = tonumber(redis.call("GET", KEYS[1]) or "0")
if sent >= tonumber(ARGV[2]) then return "limited" end
redis.call("INCR", KEYS[1])
redis.call("EXPIREAT", KEYS[1], ARGV[3])
redis.call("SET", KEYS[3], ARGV[1], "EX", ARGV[5])
redis.call("HSET", KEYS[4], "state", "unsent", "attempts", "0")
redis.call("EXPIRE", KEYS[4], ARGV[5])
redis.call("LPUSH", KEYS[2], ARGV[6])
redis.call("LTRIM", KEYS[2], 0, tonumber(ARGV[4]) - 1)
redis.call("EXPIRE", KEYS[2], ARGV[5])
redis.call("ZADD", KEYS[5], ARGV[7], ARGV[6])
redis.call("EXPIRE", KEYS[5], ARGV[5])
return "saved"
`;

/**
 * KEYS: message, delivery, claim, unsent set. ARGV: lease (ms), id, now (ms). The message as JSON,
 * or nil when not claimable: gone, sent, claimed, or its next try not due yet.
 */
const CLAIM_LUA = `
local lead = redis.call("GET", KEYS[1])
if not lead then return nil end
if redis.call("HGET", KEYS[2], "state") == "sent" then return nil end
local due = redis.call("ZSCORE", KEYS[4], ARGV[2])
if due and tonumber(due) > tonumber(ARGV[3]) then return nil end
if not redis.call("SET", KEYS[3], "1", "NX", "PX", ARGV[1]) then return nil end
return cjson.encode({ lead = lead, attempts = tonumber(redis.call("HGET", KEYS[2], "attempts") or "0") })
`;

/** KEYS: delivery, unsent set, claim. ARGV: id, sent at (ISO). */
const SENT_LUA = `
redis.call("HSET", KEYS[1], "state", "sent", "sentAt", ARGV[2])
redis.call("HDEL", KEYS[1], "lastError")
redis.call("ZREM", KEYS[2], ARGV[1])
redis.call("DEL", KEYS[3])
return "ok"
`;

/** KEYS: delivery, unsent set, claim. ARGV: id, reason, next try (ms). A sent message stays sent. */
const FAILED_LUA = `
if redis.call("HGET", KEYS[1], "state") == "sent" then return "sent" end
redis.call("HINCRBY", KEYS[1], "attempts", 1)
redis.call("HSET", KEYS[1], "state", "unsent", "lastError", ARGV[2])
redis.call("ZADD", KEYS[2], ARGV[3], ARGV[1])
redis.call("DEL", KEYS[3])
return "ok"
`;

/** KEYS: the id list. ARGV: how many, the key prefix of messages, of deliveries. */
const LIST_LUA = `
local ids = redis.call("LRANGE", KEYS[1], 0, tonumber(ARGV[1]) - 1)
local out = {}
for _, id in ipairs(ids) do
  local lead = redis.call("GET", ARGV[2] .. id)
  if lead then
    local fields = redis.call("HGETALL", ARGV[3] .. id)
    local delivery = {}
    for i = 1, #fields, 2 do delivery[fields[i]] = fields[i + 1] end
    table.insert(out, { lead = lead, delivery = delivery })
  end
end
if #out == 0 then return "[]" end
return cjson.encode(out)
`;

/** KEYS: the id list, the unsent set. ARGV: the key prefix of messages. Drops ids whose message expired. */
const PRUNE_LUA = `
local dropped = 0
for _, id in ipairs(redis.call("ZRANGE", KEYS[2], 0, -1)) do
  if redis.call("EXISTS", ARGV[1] .. id) == 0 then
    redis.call("ZREM", KEYS[2], id)
    dropped = dropped + 1
  end
end
for _, id in ipairs(redis.call("LRANGE", KEYS[1], 0, -1)) do
  if redis.call("EXISTS", ARGV[1] .. id) == 0 then redis.call("LREM", KEYS[1], 0, id) end
end
return dropped
`;

/** KEYS: the message, its delivery. The pair as JSON, or nil when the message is gone. */
const GET_LUA = `
local lead = redis.call("GET", KEYS[1])
if not lead then return nil end
local fields = redis.call("HGETALL", KEYS[2])
local delivery = {}
for i = 1, #fields, 2 do delivery[fields[i]] = fields[i + 1] end
return cjson.encode({ lead = lead, delivery = delivery })
`;

// `@upstash/redis` parses replies that look like JSON; a test bridge or another client may not.
function fromJson<T>(reply: unknown): T {
  return (typeof reply === "string" ? JSON.parse(reply) : reply) as T;
}

function readDelivery(fields: Record<string, unknown>): Delivery {
  return {
    state: fields.state === "sent" ? "sent" : "unsent",
    attempts: Number(fields.attempts ?? 0) || 0,
    ...(fields.sentAt ? { sentAt: String(fields.sentAt) } : {}),
    ...(fields.lastError ? { lastError: String(fields.lastError) } : {}),
  };
}

/** Messages in Upstash, through the quota's own client (its timeout and retry) and key prefix. */
export function upstashContactStore(redis: Redis, prefix: string, limits = CONTACT_LIMITS): ContactStore {
  const keys = contactKeys(prefix);
  const scripts = {
    save: redis.createScript<unknown>(SAVE_LUA),
    claim: redis.createScript<unknown>(CLAIM_LUA),
    sent: redis.createScript<unknown>(SENT_LUA),
    failed: redis.createScript<unknown>(FAILED_LUA),
    list: redis.createScript<unknown>(LIST_LUA),
    prune: redis.createScript<number>(PRUNE_LUA),
    get: redis.createScript<unknown>(GET_LUA),
  };
  const keptSeconds = String(limits.keptDays * 86_400);
  return {
    kind: "upstash",
    async save(lead, { ipHash, day, expireAtMs }, nowMs) {
      const reply = await scripts.save.exec(
        [keys.sent(day, ipHash), keys.leads, keys.lead(lead.id), keys.delivery(lead.id), keys.unsent],
        [
          JSON.stringify(lead),
          String(limits.perIpPerDay),
          String(Math.floor(expireAtMs / 1000)),
          String(limits.kept),
          keptSeconds,
          lead.id,
          String(nowMs),
        ],
      );
      if (reply === "saved" || reply === "limited" || reply === "duplicate") return reply;
      throw new Error(`unexpected reply from the contact script: ${JSON.stringify(reply)}`);
    },
    async claim(id, leaseMs, nowMs) {
      const reply = await scripts.claim.exec(
        [keys.lead(id), keys.delivery(id), keys.claim(id), keys.unsent],
        [String(leaseMs), id, String(nowMs)],
      );
      if (reply === null || reply === undefined) return null;
      const { lead, attempts } = fromJson<{ lead: unknown; attempts: number }>(reply);
      return { lead: fromJson<Lead>(lead), attempts: Number(attempts) || 0 };
    },
    async markSent(id, nowMs) {
      await scripts.sent.exec([keys.delivery(id), keys.unsent, keys.claim(id)], [id, new Date(nowMs).toISOString()]);
    },
    async markFailed(id, reason, nextAttemptAtMs) {
      await scripts.failed.exec(
        [keys.delivery(id), keys.unsent, keys.claim(id)],
        [id, reason, String(nextAttemptAtMs)],
      );
    },
    async due(nowMs, limit) {
      return redis.zrange<string[]>(keys.unsent, "-inf", nowMs, { byScore: true, offset: 0, count: limit });
    },
    async list(limit) {
      const reply = await scripts.list.exec([keys.leads], [String(limit), keys.lead(""), keys.delivery("")]);
      const rows = fromJson<{ lead: unknown; delivery: Record<string, unknown> | unknown[] }[]>(reply);
      return rows.map((row) => ({
        lead: fromJson<Lead>(row.lead),
        // cjson writes an empty table as an array.
        delivery: readDelivery(Array.isArray(row.delivery) ? {} : row.delivery),
      }));
    },
    async prune() {
      return Number(await scripts.prune.exec([keys.leads, keys.unsent], [keys.lead("")]));
    },
    async get(id) {
      const reply = await scripts.get.exec([keys.lead(id), keys.delivery(id)], []);
      if (reply === null || reply === undefined) return null;
      const row = fromJson<{ lead: unknown; delivery: Record<string, unknown> | unknown[] }>(reply);
      return {
        lead: fromJson<Lead>(row.lead),
        delivery: readDelivery(Array.isArray(row.delivery) ? {} : row.delivery),
      };
    },
  };
}

/** Messages in this process's memory (`next dev`, `QUOTA_STORE=memory`): the same rules. */
export function memoryContactStore(limits = CONTACT_LIMITS): ContactStore & { leads(): readonly Lead[] } {
  const leads: Lead[] = [];
  const deliveries = new Map<string, Delivery>();
  const dueAt = new Map<string, number>();
  const claims = new Map<string, number>();
  const sent = new Map<string, number>();
  let currentDay = "";
  return {
    kind: "memory",
    async save(lead, { ipHash, day }, nowMs) {
      if (deliveries.has(lead.id)) return "duplicate";
      if (day !== currentDay) {
        currentDay = day;
        sent.clear();
      }
      const count = sent.get(ipHash) ?? 0;
      if (count >= limits.perIpPerDay) return "limited";
      sent.set(ipHash, count + 1);
      leads.unshift(lead);
      for (const dropped of leads.splice(limits.kept)) {
        deliveries.delete(dropped.id);
        dueAt.delete(dropped.id);
      }
      deliveries.set(lead.id, { state: "unsent", attempts: 0 });
      dueAt.set(lead.id, nowMs);
      return "saved";
    },
    async claim(id, leaseMs, nowMs) {
      const lead = leads.find((kept) => kept.id === id);
      const delivery = deliveries.get(id);
      if (!lead || !delivery || delivery.state === "sent") return null;
      if ((dueAt.get(id) ?? 0) > nowMs) return null;
      const now = Date.now();
      if ((claims.get(id) ?? 0) > now) return null;
      claims.set(id, now + leaseMs);
      return { lead: structuredClone(lead), attempts: delivery.attempts };
    },
    async markSent(id, nowMs) {
      const delivery = deliveries.get(id);
      if (delivery)
        deliveries.set(id, { state: "sent", attempts: delivery.attempts, sentAt: new Date(nowMs).toISOString() });
      dueAt.delete(id);
      claims.delete(id);
    },
    async markFailed(id, reason, nextAttemptAtMs) {
      const delivery = deliveries.get(id);
      if (!delivery || delivery.state === "sent") return;
      deliveries.set(id, { state: "unsent", attempts: delivery.attempts + 1, lastError: reason });
      dueAt.set(id, nextAttemptAtMs);
      claims.delete(id);
    },
    async due(nowMs, limit) {
      return [...dueAt]
        .filter(([, at]) => at <= nowMs)
        .sort((a, b) => a[1] - b[1])
        .slice(0, limit)
        .map(([id]) => id);
    },
    async list(limit) {
      return leads.slice(0, limit).map((lead) => ({
        lead: structuredClone(lead),
        delivery: { ...(deliveries.get(lead.id) ?? { state: "unsent", attempts: 0 }) },
      }));
    },
    async prune(nowMs) {
      const oldest = nowMs - limits.keptDays * 86_400_000;
      let dropped = 0;
      for (let index = leads.length - 1; index >= 0; index--) {
        const lead = leads[index];
        if (!lead || Date.parse(lead.receivedAt) > oldest) continue;
        leads.splice(index, 1);
        deliveries.delete(lead.id);
        dueAt.delete(lead.id);
        claims.delete(lead.id);
        dropped += 1;
      }
      return dropped;
    },
    async get(id) {
      const lead = leads.find((kept) => kept.id === id);
      if (!lead) return null;
      return {
        lead: structuredClone(lead),
        delivery: { ...(deliveries.get(lead.id) ?? { state: "unsent", attempts: 0 }) },
      };
    },
    leads: () => leads,
  };
}

// On globalThis so that `next dev` reloading this module keeps the messages.
const MEMORY = Symbol.for("lab-agent.contact.memory-store");

/**
 * The contact store of the deployment's database: Upstash when it has one, else memory. The
 * platform's settings already refuse memory in production unless `QUOTA_STORE=memory` asks for
 * it, so a production site never keeps messages in one isolate's memory by accident.
 */
export function contactStoreFor({ redis, prefix }: Platform): ContactStore {
  if (redis) return upstashContactStore(redis, prefix);
  return sharedMemoryContactStore();
}

export function sharedMemoryContactStore(): ReturnType<typeof memoryContactStore> {
  const holder = globalThis as { [MEMORY]?: ReturnType<typeof memoryContactStore> };
  holder[MEMORY] ??= memoryContactStore();
  return holder[MEMORY];
}
