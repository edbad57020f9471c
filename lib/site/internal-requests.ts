/**
 * Requests the server makes to itself: the schedule that retries unsent leads, and the one that
 * sends the studio its digest and alerts. On Workers the Cron Trigger's `scheduled` handler
 * (worker.ts) calls OpenNext's handler in the same isolate;
 * under `next start` the Node server's guard calls its own port on an interval. Either way the
 * request carries a token made at random in this process or isolate, never configured, never sent
 * anywhere else, and any request to the path without it is answered 404 before Next sees it.
 */
export const LEADS_SCHEDULE_PATH = "/api/internal/leads";
export const NOTICES_SCHEDULE_PATH = "/api/internal/notices";
/**
 * The Cron Triggers (`wrangler.toml` `[triggers] crons`): the leads' every 5 minutes, the studio's
 * notices every 15 (the digest goes at the first firing from its hour; an alert at the first that
 * sees it). `worker.ts` tells them apart by the cron that fired.
 */
export const LEADS_CRON = "*/5 * * * *";
export const NOTICES_CRON = "*/15 * * * *";
export const INTERNAL_TOKEN_HEADER = "x-internal-token";
/** How often `next start` runs the schedule; the Worker's is `wrangler.toml`'s `[triggers] crons`. */
export const NODE_SCHEDULE_INTERVAL_MS = 5 * 60_000;

const TOKEN = Symbol.for("lab-agent.internal-token");

/** This process's (or isolate's) token, made on first use. */
export function internalToken(): string {
  const holder = globalThis as { [TOKEN]?: string };
  holder[TOKEN] ??= [...crypto.getRandomValues(new Uint8Array(32))]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("");
  return holder[TOKEN];
}

/**
 * The schedule's run, as the Cron Trigger (worker.ts) and `next start`'s interval send it to the
 * server itself (`origin`): a POST to the schedule's path with this process's token.
 */
export function leadScheduleRequest(origin: string): Request {
  return scheduleRequest(LEADS_SCHEDULE_PATH, origin);
}

/** A schedule's request (the leads' or the notices'), with this process's token. */
export function scheduleRequest(path: string, origin: string): Request {
  return new Request(new URL(path, origin), {
    method: "POST",
    headers: { [INTERNAL_TOKEN_HEADER]: internalToken() },
  });
}

export function isInternalPath(path: string): boolean {
  return [LEADS_SCHEDULE_PATH, NOTICES_SCHEDULE_PATH].some((own) => path === own || path.startsWith(`${own}/`));
}

/**
 * Whether a request carries this process's token. Compared in constant time; a 256-bit random
 * token that lives in memory needs no lockout (it can't be guessed in any number of tries).
 */
export function carriesInternalToken(given: string | null): boolean {
  const holder = globalThis as { [TOKEN]?: string };
  const expected = holder[TOKEN];
  if (!expected || given === null || given.length !== expected.length) return false;
  let difference = 0;
  for (let i = 0; i < expected.length; i++) difference |= expected.charCodeAt(i) ^ given.charCodeAt(i);
  return difference === 0;
}
