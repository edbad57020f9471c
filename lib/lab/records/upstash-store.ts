import "server-only";
import type { Redis } from "@upstash/redis/cloudflare";
import { utcDay } from "@/lib/platform/utc-day";
import { parseRecord } from "./parse";
import { DEFAULT_RECORD_LIMITS, type LabRecordStore, LIST_DEFAULT, LIST_MAX, type RecordLimits } from "./store";
import type { PutOutcome } from "./types";

const DAY_SECONDS = 86_400;

export function recordKeys(prefix: string) {
  return {
    record: (id: string) => `${prefix}:lab:run:${id}`,
    lead: (id: string) => `${prefix}:lab:lead:${id}`,
    /** A day's kept ids, scored by start time: the list, newest first. */
    day: (day: string) => `${prefix}:lab:day:${day}`,
    /** Every use of a day, kept or not. */
    uses: (day: string) => `${prefix}:lab:uses:${day}`,
    /** A use past the day's cap, so a retried write counts it once. */
    counted: (id: string) => `${prefix}:lab:counted:${id}`,
  };
}

/**
 * KEYS: the record, the day's ids, the day's uses, the counted marker.
 * ARGV: record JSON, seconds kept, records a day, start (ms), id.
 * One script, so the cap and the write are one step: two isolates can't both take the last place.
 */
const PUT_LUA = `
if redis.call("EXISTS", KEYS[1]) == 1 then return "duplicate" end
if redis.call("EXISTS", KEYS[4]) == 1 then return "counted" end
local kept = tonumber(ARGV[2])
redis.call("INCR", KEYS[3])
redis.call("EXPIRE", KEYS[3], kept + ${DAY_SECONDS})
if redis.call("ZCARD", KEYS[2]) >= tonumber(ARGV[3]) then
  redis.call("SET", KEYS[4], "1", "EX", ${DAY_SECONDS})
  return "counted"
end
redis.call("SET", KEYS[1], ARGV[1], "EX", kept)
redis.call("ZADD", KEYS[2], ARGV[4], ARGV[5])
redis.call("EXPIRE", KEYS[2], kept + ${DAY_SECONDS})
return "kept"
`;

/** KEYS: the record, its lead. ARGV: the lead's id. The lead key lives exactly as long as the record. */
const LINK_LUA = `
local left = redis.call("PTTL", KEYS[1])
if left <= 0 then return 0 end
redis.call("SET", KEYS[2], ARGV[1], "NX", "PX", left)
return 1
`;

/**
 * Records in Upstash, through the quota's client (its timeout and single retry) and key prefix.
 * A use costs one command (`put`, EVALSHA); a lead one more (`linkLead`).
 */
export function upstashRecordStore(
  redis: Redis,
  prefix: string,
  limits: RecordLimits = DEFAULT_RECORD_LIMITS,
  now: () => number = Date.now,
): LabRecordStore {
  const keys = recordKeys(prefix);
  const scripts = { put: redis.createScript<unknown>(PUT_LUA), link: redis.createScript<unknown>(LINK_LUA) };
  const keptSeconds = limits.retentionDays * DAY_SECONDS;

  async function read(ids: string[]) {
    if (ids.length === 0) return [];
    const values = await redis.mget<unknown[]>(...ids.flatMap((id) => [keys.record(id), keys.lead(id)]));
    return ids.map((_, index) => parseRecord(values[index * 2], values[index * 2 + 1]));
  }

  return {
    kind: "upstash",
    async put(record) {
      if (keptSeconds <= 0) return "counted";
      const reply = await scripts.put.exec(
        [keys.record(record.id), keys.day(record.day), keys.uses(record.day), keys.counted(record.id)],
        [
          JSON.stringify({ ...record, leadId: null }),
          String(keptSeconds),
          String(limits.perDay),
          String(Date.parse(record.at)),
          record.id,
        ],
      );
      if (reply === "kept" || reply === "duplicate" || reply === "counted") return reply as PutOutcome;
      throw new Error(`unexpected reply from the record script: ${JSON.stringify(reply)}`);
    },
    async get(id) {
      const [record] = await read([id]);
      return record ?? null;
    },
    async list({ day = utcDay(now()), cursor = null, limit = LIST_DEFAULT } = {}) {
      const size = Math.min(Math.max(1, Math.floor(limit)), LIST_MAX);
      const start = cursor === null ? 0 : Number(cursor);
      if (!Number.isSafeInteger(start) || start < 0) return { records: [], cursor: null };
      // One more than the page, to know whether another follows.
      const ids = await redis.zrange<string[]>(keys.day(day), start, start + size, { rev: true });
      const page = ids.slice(0, size).map(String);
      const records = (await read(page)).filter((record) => record !== null);
      return { records, cursor: ids.length > size ? String(start + size) : null };
    },
    async count(day) {
      const [uses, kept] = await Promise.all([redis.get<unknown>(keys.uses(day)), redis.zcard(keys.day(day))]);
      return { day, uses: Number(uses) || 0, kept: Number(kept) || 0 };
    },
    async linkLead(runId, leadId) {
      return Number(await scripts.link.exec([keys.record(runId), keys.lead(runId)], [leadId])) === 1;
    },
  };
}
