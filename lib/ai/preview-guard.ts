/**
 * Pull-request previews run the offline planner, so their e2e runs spend no Workers AI neurons.
 *
 * A preview is a Worker version uploaded by `.github/workflows/preview.yml` with
 * `--preview-alias pr-<n> --var PREVIEW_ALIAS:pr-<n>`. Cloudflare serves it at two preview URLs:
 * `https://pr-<n>-<worker>.<subdomain>.workers.dev` (the alias) and
 * `https://<first 8 hex digits of the version id>-<worker>.<subdomain>.workers.dev`. The variable
 * alone is not enough: a preview version promoted to production (`wrangler versions deploy`) keeps
 * its vars. So it counts only on a request that came in through one of those preview hosts, and
 * never on the site's own host (`SITE_URL`). On Cloudflare the request's host is the one the
 * request was routed by, so a client can't claim a preview host on the production route.
 */

// Wrangler's alias rule: lowercase letters, digits and dashes, starting with a letter.
const ALIAS = /^[a-z][a-z0-9-]{0,62}$/;
const PREVIEW_HOST_SUFFIX = ".workers.dev";
const VERSION_PREFIX = /^[0-9a-f]{8}-/;

export function previewForcesOffline({
  previewAlias,
  siteUrl,
  requestUrl,
}: {
  /** `PREVIEW_ALIAS`, set by the preview upload. */
  previewAlias: string | undefined;
  /** `SITE_URL`, the production host. */
  siteUrl: string | undefined;
  requestUrl: string | undefined;
}): boolean {
  const alias = previewAlias?.trim();
  if (!alias || !ALIAS.test(alias) || !requestUrl) return false;

  const host = hostname(requestUrl);
  if (!host || host === hostname(siteUrl)) return false;
  if (!host.endsWith(PREVIEW_HOST_SUFFIX)) return false;
  return host.startsWith(`${alias}-`) || VERSION_PREFIX.test(host);
}

function hostname(url: string | undefined): string | undefined {
  if (!url?.trim()) return undefined;
  try {
    return new URL(url.trim()).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * The URL the visitor addressed, for the guard. OpenNext rebuilds `request.url` from its own
 * address (`http://localhost:3000`), while `Host` is the host Cloudflare routed the request by.
 */
export function addressedUrl(request: Request): string {
  const host = request.headers.get("host");
  return host ? `https://${host}/` : request.url;
}
