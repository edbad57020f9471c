import "server-only";
import { Ratelimit } from "@upstash/ratelimit";
import type { Redis } from "@upstash/redis/cloudflare";
import { QuotaUnavailableError } from "@/lib/platform/errors";
import { type UpstashClientOptions, upstashClient } from "@/lib/platform/redis";
import { quotaKeys } from "./keys";
import { RECORD_LUA, REFUSALS_LUA, RELEASE_LUA, RESERVE_LUA } from "./lua";
import { refusalHour, refusalKeptUntil } from "./refusals";
import type { BurstInput, QuotaStore, RecordInput, ReleaseInput, ReserveInput, ReserveOutcome } from "./store";

export type UpstashStoreOptions = (UpstashClientOptions | { client: Redis }) & {
  /** Key prefix, so one database can hold several sites or deployments. */
  prefix?: string;
};

export function upstashStore(options: UpstashStoreOptions): QuotaStore {
  const redis = "client" in options ? options.client : upstashClient(options);
  const keys = quotaKeys(options.prefix ?? "quota");
  // EVALSHA first, EVAL on NOSCRIPT: one round trip once Redis has seen the script.
  const scripts = {
    reserve: redis.createScript<unknown>(RESERVE_LUA),
    record: redis.createScript<unknown>(RECORD_LUA),
    release: redis.createScript<unknown>(RELEASE_LUA),
    refusals: redis.createScript<unknown>(REFUSALS_LUA),
  };
  const limiters = new Map<string, Ratelimit>();

  function limiter({ limit, windowMs }: BurstInput): Ratelimit {
    const id = `${limit}/${windowMs}`;
    let found = limiters.get(id);
    if (!found) {
      found = new Ratelimit({
        redis,
        // A fixed window, so `reset` is when a retry really succeeds (a sliding window's is not).
        limiter: Ratelimit.fixedWindow(limit, `${windowMs} ms`),
        prefix: keys.burst,
        // Its default (5 s) lets the request through when Redis is slow: fail open. We fail closed.
        timeout: 0,
        analytics: false,
        enableTelemetry: false,
      });
      limiters.set(id, found);
    }
    return found;
  }

  return {
    kind: "upstash",

    takeBurst: (input) =>
      unavailableOnError("burst", async () => {
        const result = await limiter(input).limit(input.ipHash);
        // @upstash/ratelimit takes its script's reply as it comes: check it, so a mangled reply
        // can't pass for an answer.
        if (result.limit !== input.limit || !Number.isFinite(result.remaining) || !Number.isFinite(result.reset)) {
          throw new QuotaUnavailableError(`unexpected reply from the burst limiter: ${JSON.stringify(result)}`);
        }
        return result.success ? { ok: true } : { ok: false, resetAtMs: result.reset };
      }),

    reserve: (input: ReserveInput) =>
      unavailableOnError("reserve", async () => {
        const hour = refusalHour(input.nowMs);
        const reply = await scripts.reserve.exec(
          [
            keys.ip(input.day, input.ipHash),
            keys.site(input.day),
            keys.reservation(input.day, input.id),
            keys.refusedUnits(hour),
            keys.refusedAddresses(hour),
          ],
          [
            input.units,
            input.ipLimit,
            input.siteLimit,
            Math.floor(input.expireAtMs / 1000),
            input.ipHash,
            input.nowMs,
            Math.floor(refusalKeptUntil(input.nowMs) / 1000),
          ].map(String),
        );
        return parseReserveReply(reply);
      }),

    record: ({ reservation, usage, day, expireAtMs, nowMs }: RecordInput) =>
      unavailableOnError("record", async () => {
        const reply = await scripts.record.exec(
          [keys.reservation(reservation.day, reservation.id), keys.site(day)],
          [
            usage.inputTokens,
            usage.outputTokens,
            usage.cachedInputTokens,
            usage.neurons,
            usage.model,
            usage.estimated ? 1 : 0,
            Math.floor(expireAtMs / 1000),
            nowMs,
            usage.kind ?? "",
          ].map(String),
        );
        return parseFlag(reply);
      }),

    release: ({ reservation }: ReleaseInput) =>
      unavailableOnError("release", async () => {
        const { day, id, ipHash } = reservation;
        const reply = await scripts.release.exec(
          [keys.reservation(day, id), keys.ip(day, ipHash), keys.site(day)],
          [ipHash],
        );
        return parseFlag(reply);
      }),

    ipUnits: ({ day, ipHash }) =>
      unavailableOnError("units", async () => {
        const reply = await redis.get<unknown>(keys.ip(day, ipHash));
        const used = reply === null ? 0 : Number(reply);
        if (!Number.isInteger(used)) throw new QuotaUnavailableError(`unexpected IP units: ${JSON.stringify(reply)}`);
        return used;
      }),

    siteTotals: ({ day }) =>
      unavailableOnError("today", async () => (await redis.hgetall<Record<string, unknown>>(keys.site(day))) ?? {}),

    refusals: ({ hours }) =>
      unavailableOnError("refusals", async () => {
        if (hours.length === 0) return { units: 0, addresses: 0 };
        const reply = await scripts.refusals.exec(
          [...hours.map(keys.refusedUnits), ...hours.map(keys.refusedAddresses)],
          [String(hours.length)],
        );
        if (!Array.isArray(reply) || reply.length !== 2 || !reply.every((n) => Number.isInteger(n) && n >= 0)) {
          throw new QuotaUnavailableError(`unexpected reply from the refusals script: ${JSON.stringify(reply)}`);
        }
        return { units: reply[0] as number, addresses: reply[1] as number };
      }),

    pauseModel: ({ platform, reason, untilMs, nowMs }) =>
      unavailableOnError("pause", async () => {
        if (untilMs <= nowMs) return;
        // A later pause wins over an earlier one, never the other way: a short back-off noted
        // after the day's allocation ran out can't bring the model back before midnight. (Read
        // then written: two notes at the same instant are both real refusals, either will do.)
        const key = keys.modelPause(platform);
        const current = parsePause(await redis.get<unknown>(key), nowMs);
        if (current && current.untilMs >= untilMs) return;
        await redis.set(key, `${untilMs}:${reason}`, { pxat: untilMs });
      }),

    modelPause: ({ platform, nowMs }) =>
      unavailableOnError("pause", async () => parsePause(await redis.get<unknown>(keys.modelPause(platform)), nowMs)),
  };
}

/** `<untilMs>:<reason>`, or nothing: anything else (a mangled reply) is no pause. */
function parsePause(reply: unknown, nowMs: number): { reason: string; untilMs: number } | null {
  const match = typeof reply === "string" ? /^(\d{13}):([a-z_]{1,40})$/.exec(reply) : null;
  if (!match) return null;
  const untilMs = Number(match[1]);
  return untilMs > nowMs ? { reason: match[2] ?? "", untilMs } : null;
}

async function unavailableOnError<T>(operation: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof QuotaUnavailableError) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    throw new QuotaUnavailableError(`quota store failed (${operation}): ${detail}`, { cause: error });
  }
}

// A proxy that mangles replies (e.g. one ignoring `Upstash-Encoding: base64`) must not be read
// as a grant: anything but the exact shape is an unavailable store.
function parseReserveReply(reply: unknown): ReserveOutcome {
  if (Array.isArray(reply) && reply.length === 3) {
    const [status, ipUsed, siteUsed] = reply;
    if (typeof ipUsed === "number" && typeof siteUsed === "number") {
      if (status === "ok") return { granted: true, ipUsed, siteUsed };
      if (status === "ip" || status === "site") return { granted: false, refusedBy: status, ipUsed, siteUsed };
    }
  }
  throw new QuotaUnavailableError(`unexpected reply from the reserve script: ${JSON.stringify(reply)}`);
}

function parseFlag(reply: unknown): boolean {
  if (reply === 0 || reply === 1) return reply === 1;
  throw new QuotaUnavailableError(`unexpected reply from a quota script: ${JSON.stringify(reply)}`);
}
