import type { z } from "zod";
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
  options: { maxBytes?: number } = {},
): Promise<{ data: z.infer<Schema> } | Response> {
  const refused = refuseCrossSite(request) ?? refuseNonJson(request);
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
 * Browsers say where a request comes from; clients that send no `Origin` (curl, scripts) are
 * served and pay from their own IP's units. The site's own origin is the request's (what the
 * visitor's browser addressed) or `SITE_URL`.
 */
function refuseCrossSite(request: Request): Response | undefined {
  const fetchSite = request.headers.get("sec-fetch-site");
  const origin = request.headers.get("origin");
  const crossSite = fetchSite === "cross-site" || fetchSite === "same-site";
  if (!crossSite && (origin === null || ownOrigins(request).has(origin))) return undefined;
  return apiError("forbidden_origin", "The Lab answers only requests from its own pages.");
}

function ownOrigins(request: Request): Set<string> {
  const origins = new Set([new URL(request.url).origin]);
  const site = process.env.SITE_URL?.trim();
  if (site) {
    try {
      origins.add(new URL(site).origin);
    } catch {
      // A malformed SITE_URL adds nothing; the request's own origin still counts.
    }
  }
  return origins;
}

function refuseNonJson(request: Request): Response | undefined {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type === "application/json") return undefined;
  return apiError("unsupported_media_type", "Send the request body as application/json.");
}
