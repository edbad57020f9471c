import "server-only";
// The Cloudflare entry: plain `fetch`, no Node polyfills and no `cache` request option (which
// workerd rejects); the default entry is the Node one.
import { Redis } from "@upstash/redis/cloudflare";

export type UpstashClientOptions = {
  url: string;
  token: string;
  /** No Redis request outlives this; the quota then fails closed. */
  timeoutMs?: number;
};

const DEFAULT_TIMEOUT_MS = 3000;

/**
 * The deployment's Upstash client: the quota, the Lab's records and the contact form share it.
 * The client retries network errors 5 times with exponential backoff (~4 s) by default; a visitor
 * waiting on the quota should get a 503 sooner. One retry, and a deadline per request. A retry can repeat a command Redis
 * already ran (its reply was lost), so every write the Lab sends is idempotent.
 */
export function upstashClient(options: UpstashClientOptions): Redis {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return new Redis({
    url: options.url,
    token: options.token,
    enableTelemetry: false,
    retry: { retries: 1, backoff: () => 50 },
    signal: () => AbortSignal.timeout(timeoutMs),
  });
}
