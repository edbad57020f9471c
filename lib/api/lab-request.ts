import type { z } from "zod";
import { ConfigError, config } from "@/lib/config";
import { logPlatformFailure } from "@/lib/platform";
import { onWorkers } from "@/lib/platform/client-ip";
import { apiError, MAX_BODY_BYTES, readJsonBody } from "./errors";

/**
 * The one gate in front of every route that spends the Lab's quota (`/api/agent`, `/api/chat`,
 * `/api/review`): a cross-site browser request is refused (403), anything but JSON is refused (415;
 * a `text/plain` POST is a "simple" request any page can send without a preflight), then the body
 * is read with a size cap and checked with the route's zod schema (400). Nothing is spent before
 * it returns data.
 */
export async function readLabRequest<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  // Tests pass `siteUrl`; the routes use the deployment's `SITE_URL`.
  options: { maxBytes?: number; siteUrl?: string } = {},
): Promise<{ data: z.infer<Schema> } | Response> {
  let siteUrl: string | undefined;
  try {
    siteUrl = "siteUrl" in options ? options.siteUrl : config().siteUrl;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    logPlatformFailure(error);
    return apiError("quota_unavailable", "The Lab can't spend until its settings are fixed. Please try again later.");
  }
  const refused = refuseCrossSite(request, siteUrl) ?? refuseNonJson(request);
  if (refused) return refused;
  const body = await readJsonBody(request, options.maxBytes ?? MAX_BODY_BYTES);
  if (body instanceof Response) return body;
  const parsed = schema.safeParse(body.value);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; ");
    return apiError("invalid_body", `Invalid request: ${detail}.`);
  }
  return { data: parsed.data };
}

/**
 * Browsers say where a request comes from, and a page can't forge it: `Sec-Fetch-Site` and
 * `Origin` are headers scripts can't set. A browser request is served only when both say it comes
 * from the site's own pages. Clients that send no `Origin` (curl, scripts) are served and pay from
 * their own IP's units: they spend nobody else's.
 */
function refuseCrossSite(request: Request, siteUrl: string | undefined): Response | undefined {
  const fetchSite = request.headers.get("sec-fetch-site")?.trim().toLowerCase();
  // "none" is a request the visitor started (typed or bookmarked), never another site's page.
  const fetchSiteOk = fetchSite === undefined || fetchSite === "same-origin" || fetchSite === "none";
  const origin = request.headers.get("origin");
  if (fetchSiteOk && (origin === null || isOwnOrigin(origin, request, siteUrl))) return undefined;
  return apiError("forbidden_origin", "The Lab answers only requests from its own pages.");
}

/**
 * The site's own origin: `SITE_URL` when it is set, and the host the browser addressed. Never
 * `request.url`: `next start`, and OpenNext's Next server inside the Worker, build it from their
 * own listening address ("localhost"), not from what the visitor typed. On Workers the addressed
 * host is `Host`: Cloudflare routes by it, so it is one of the site's own hostnames (a preview's
 * workers.dev one too). Off Workers, `Host` or `X-Forwarded-Host` behind a proxy (a page can't set
 * either for another site), but only while `SITE_URL` is unset: set, it is the only origin, so a
 * DNS-rebinding page (its own hostname pointed at this server, and so in `Host`) is refused.
 * `Origin: null` (sandboxed frames, data: URLs) and anything that isn't a serialized origin never
 * match.
 */
function isOwnOrigin(origin: string, request: Request, siteUrl: string | undefined): boolean {
  const parsed = parseOrigin(origin);
  if (!parsed) return false;
  const site = siteUrl ? parseOrigin(siteUrl, { lenient: true }) : undefined;
  if (site && parsed.origin === site.origin) return true;
  const workers = onWorkers();
  if (site && !workers) return false;
  const addressed = [request.headers.get("host")];
  if (!workers) addressed.push(request.headers.get("x-forwarded-host")?.split(",")[0] ?? null);
  return addressed.some((host) => host?.trim().toLowerCase() === parsed.host);
}

function parseOrigin(value: string, { lenient = false } = {}): URL | undefined {
  try {
    const url = new URL(value.trim());
    if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
    // A browser sends exactly `scheme://host[:port]`, lower case; SITE_URL may carry a path.
    return lenient || url.origin === value ? url : undefined;
  } catch {
    return undefined;
  }
}

function refuseNonJson(request: Request): Response | undefined {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type === "application/json") return undefined;
  return apiError("unsupported_media_type", "Send the request body as application/json.");
}
