import "server-only";
import { type ClientIpSource, onWorkers, readClientIpSource } from "./client-ip";
import { QuotaConfigError } from "./errors";

export type PlatformEnv = Readonly<Record<string, string | undefined>>;

/** What every feature shares of a deployment: where it keeps its data, and how it knows a visitor. */
export type PlatformSettings = {
  /** The secret the visitor's IP is hashed with (`QUOTA_SALT`). */
  salt: string;
  saltIsDefault: boolean;
  /** Every key's prefix (`QUOTA_KEY_PREFIX`), so one database can hold several sites or deployments. */
  prefix: string;
  store: { kind: "upstash"; url: string; token: string } | { kind: "memory"; explicit: boolean };
  /** Where the visitor's IP is read (see `client-ip.ts`). */
  clientIp: ClientIpSource;
};

// Public on purpose: a development salt protects nothing, and says so.
const DEVELOPMENT_SALT = "lab-agent-development-salt-not-secret";
const MIN_SALT_LENGTH = 16;

/**
 * The platform's settings from the environment. Empty values count as unset (`.env.example` lists
 * every variable empty). In production a missing Upstash database or salt is an error, not a
 * silent fallback: a per-process memory store on Workers would let every isolate grant the full
 * daily units and keep messages where no other isolate sees them. `QUOTA_STORE=memory` opts in
 * anyway, for local previews and e2e runs.
 */
export function readPlatformSettings(
  env: PlatformEnv,
  production: boolean,
  runtime: { workers: boolean } = { workers: onWorkers() },
): PlatformSettings {
  const get = (name: string) => env[name]?.trim() || undefined;
  const prefix = get("QUOTA_KEY_PREFIX") ?? "quota";
  if (!/^[\w:-]{1,40}$/.test(prefix)) throw new QuotaConfigError("QUOTA_KEY_PREFIX: use 1-40 of A-Z a-z 0-9 _ : -");

  const salt = get("QUOTA_SALT");
  if (salt === undefined && production) {
    throw new QuotaConfigError(
      "QUOTA_SALT is not set: IPs can't be hashed safely. Set a random secret (`openssl rand -base64 32`): `wrangler secret put QUOTA_SALT --env production` on Workers, an environment variable elsewhere. To try a production build on this machine: `npm run start:local`.",
    );
  }
  if (salt !== undefined && production && (salt.length < MIN_SALT_LENGTH || salt === DEVELOPMENT_SALT)) {
    throw new QuotaConfigError(`QUOTA_SALT must be a secret of at least ${MIN_SALT_LENGTH} characters`);
  }

  const url = get("UPSTASH_REDIS_REST_URL");
  const token = get("UPSTASH_REDIS_REST_TOKEN");
  const wanted = get("QUOTA_STORE");
  if (wanted !== undefined && wanted !== "upstash" && wanted !== "memory") {
    throw new QuotaConfigError(`QUOTA_STORE must be "upstash" or "memory", got "${wanted}"`);
  }
  if (Boolean(url) !== Boolean(token)) {
    throw new QuotaConfigError("set both UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN, or neither");
  }
  if (url && !/^https?:\/\/\S+$/.test(url)) throw new QuotaConfigError("UPSTASH_REDIS_REST_URL must be an http(s) URL");

  let store: PlatformSettings["store"];
  if (url && token && wanted !== "memory") store = { kind: "upstash", url, token };
  else if (wanted === "memory" || (!production && wanted === undefined)) store = { kind: "memory", explicit: !!wanted };
  else {
    throw new QuotaConfigError(
      "the quota needs UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN in production (Upstash console > your database > REST API), or QUOTA_STORE=memory for a local preview (`npm run start:local`)",
    );
  }

  const clientIp = readClientIpSource(get("TRUSTED_IP_HEADER"), {
    workers: runtime.workers,
    production,
    memory: store.kind === "memory",
  });
  return { salt: salt ?? DEVELOPMENT_SALT, saltIsDefault: salt === undefined, prefix, store, clientIp };
}
