import "server-only";
import { QuotaConfigError } from "./errors";
import { isIp } from "./ip-hash";

/**
 * Where the visitor's IP comes from. On Workers, `CF-Connecting-IP`: Cloudflare sets it on every
 * request and overwrites what a client sent. Anywhere else a client can send any header, so only
 * the one named by `TRUSTED_IP_HEADER` (set by a proxy you run) counts; with none, everyone is one
 * local visitor.
 */
export type ClientIpSource =
  | { kind: "cloudflare" }
  | { kind: "header"; name: string }
  | { kind: "forwarded-for" }
  | { kind: "local" };

/** What the quota counts when the trusted header is missing or not an IP: one shared bucket. */
const UNKNOWN_VISITOR = "unknown";
const LOCAL_VISITOR = "local";

/**
 * True inside workerd (a deployed Worker, `wrangler dev`, `opennextjs-cloudflare preview`):
 * workerd's `navigator.userAgent` is "Cloudflare-Workers"; Node's is "Node.js/…" (or absent
 * before Node 21). `getCloudflareContext()` is no test: `next dev` has one too, through
 * wrangler's platform proxy, and its requests carry no `CF-Connecting-IP` from Cloudflare.
 */
export function onWorkers(): boolean {
  return typeof navigator !== "undefined" && navigator.userAgent === "Cloudflare-Workers";
}

/**
 * The rule for this runtime. In production off Workers with no trusted header the quota can't
 * tell visitors apart: that is a configuration error (fail closed), unless the quota is in memory
 * on purpose (`QUOTA_STORE=memory`: a local preview, the e2e server).
 */
export function readClientIpSource(
  header: string | undefined,
  { workers, production, memory }: { workers: boolean; production: boolean; memory: boolean },
): ClientIpSource {
  if (workers) return { kind: "cloudflare" };
  if (header !== undefined) {
    const name = header.toLowerCase();
    if (!/^[a-z0-9-]{1,64}$/.test(name)) {
      throw new QuotaConfigError(`TRUSTED_IP_HEADER must be a header name such as x-real-ip, got "${header}"`);
    }
    return name === "x-forwarded-for" ? { kind: "forwarded-for" } : { kind: "header", name };
  }
  if (production && !memory) {
    throw new QuotaConfigError(
      "TRUSTED_IP_HEADER is not set: off Cloudflare Workers a client can send any CF-Connecting-IP, so the Lab can't tell visitors apart. Name the header your proxy sets to the visitor's IP (e.g. TRUSTED_IP_HEADER=x-real-ip).",
    );
  }
  return { kind: "local" };
}

/**
 * The visitor's IP under `source`. `x-forwarded-for` is read from its right end: each proxy
 * appends the address it received the request from, so the last entry is the one your own proxy
 * wrote; the entries before it are whatever the client sent. A missing or malformed value makes the
 * request one of the shared "unknown" visitors, never a fresh bucket.
 */
export function clientIpFrom(headers: Pick<Headers, "get">, source: ClientIpSource): string {
  if (source.kind === "local") return LOCAL_VISITOR;
  const name =
    source.kind === "cloudflare" ? "cf-connecting-ip" : source.kind === "header" ? source.name : "x-forwarded-for";
  const raw = headers.get(name);
  const value = source.kind === "forwarded-for" ? raw?.split(",").at(-1) : raw;
  const ip = value?.trim();
  return ip && isIp(ip) ? ip : UNKNOWN_VISITOR;
}
