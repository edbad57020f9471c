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
 * served and pay from their own IP's units. The site's own host is the one the visitor's browser
 * addressed (`Host`, or `X-Forwarded-Host` behind a proxy: a browser can't forge either for
 * another site), the request URL's, or `SITE_URL`'s. This is the rule Next.js applies to server
 * actions.
 */
function refuseCrossSite(request: Request): Response | undefined {
  const fetchSite = request.headers.get("sec-fetch-site");
  const origin = request.headers.get("origin");
  const crossSite = fetchSite === "cross-site" || fetchSite === "same-site";
  if (!crossSite && (origin === null || ownHosts(request).has(hostOf(origin) ?? ""))) return undefined;
  return apiError("forbidden_origin", "The Lab answers only requests from its own pages.");
}

function hostOf(url: string): string | undefined {
  try {
    const { protocol, host } = new URL(url);
    return protocol === "http:" || protocol === "https:" ? host : undefined;
  } catch {
    return undefined;
  }
}

function ownHosts(request: Request): Set<string> {
  const hosts = new Set<string>();
  const add = (host: string | null | undefined) => host && hosts.add(host.trim().toLowerCase());
  add(request.headers.get("host"));
  add(request.headers.get("x-forwarded-host")?.split(",")[0]);
  add(hostOf(request.url));
  add(hostOf(process.env.SITE_URL?.trim() ?? ""));
  return hosts;
}

function refuseNonJson(request: Request): Response | undefined {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type === "application/json") return undefined;
  return apiError("unsupported_media_type", "Send the request body as application/json.");
}
