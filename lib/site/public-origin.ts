// Relative imports only, and no settings read here: next.config.ts uses this file for its
// build-time warning, `lib/config.ts` to validate `SITE_URL`.

/** What a production build without `SITE_URL` prints (next.config.ts), and what a release refuses on. */
export const MISSING_SITE_URL =
  "SITE_URL is not set: the prerendered pages' canonical, hreflang and Open Graph links are relative, which search engines don't accept. Set SITE_URL to the public origin (e.g. https://studio.example) for a build you deploy (docs/deploy.md).";

/**
 * The origin of `SITE_URL` (`https://tallernorte.example`, no path, no trailing slash), undefined
 * when it is empty, null when it is no http(s) URL.
 */
export function parsePublicOrigin(value: string | undefined): string | undefined | null {
  const text = value?.trim();
  if (!text) return undefined;
  try {
    const url = new URL(text);
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : null;
  } catch {
    return null;
  }
}

// A host as a client may send it: a DNS name or an IP literal, and a port. Anything else (a path,
// spaces, credentials) is no origin to write into a link.
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;
const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d+)?$/i;

/**
 * The origin a request was addressed to, for links made while `SITE_URL` is unset (a local
 * preview on any port), read as the Lab's origin check reads it (`lib/api/lab-request.ts`): on
 * Workers `Host` alone (Cloudflare routes by it, so it is one of the site's hostnames), elsewhere
 * `X-Forwarded-Host` behind a proxy (`next start` sets it too), else `Host`. The scheme is what
 * `X-Forwarded-Proto` says, else http for a loopback host and https for any other. Undefined for
 * a header that is no host.
 */
export function requestOrigin(headers: Pick<Headers, "get">, { workers }: { workers: boolean }): string | undefined {
  const forwarded = workers ? null : headers.get("x-forwarded-host")?.split(",")[0];
  const host = (forwarded ?? headers.get("host") ?? "").trim().toLowerCase();
  if (!HOST.test(host)) return undefined;
  const said = headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  const scheme = said === "http" || said === "https" ? said : LOOPBACK.test(host) ? "http" : "https";
  return `${scheme}://${host}`;
}

/** `path` on `origin` when there is one; the path alone (resolved by the browser) when there is none. */
export function absoluteUrl(path: string, origin: string | undefined): string {
  return origin ? `${origin}${path}` : path;
}
