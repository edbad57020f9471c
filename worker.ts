// The Worker's entry: OpenNext's Worker, wrapped so that every response it sends carries the
// security headers, a cross-origin server action gets a clean 403 and an undecodable path a 400. Its image and data routes
// and Next's own redirects answer without `next.config.ts`'s `headers()`; static files get them from
// `_headers` (scripts/write-asset-headers.ts), as the assets binding answers before any Worker code.
// @ts-expect-error: built by `opennextjs-cloudflare build`, bundled by wrangler
import openNext from "./.open-next/worker.js";
import {
  CROSS_ORIGIN_ACTION_BODY,
  isCrossOriginAction,
  isUndecodablePath,
  missingSecurityHeaders,
  UNDECODABLE_PATH_BODY,
} from "./lib/site/response-guard";

// @ts-expect-error: built by `opennextjs-cloudflare build`, bundled by wrangler
export { BucketCachePurge, DOQueueHandler, DOShardedTagCache } from "./.open-next/worker.js";

type Fetch = (request: Request, env: unknown, context: unknown) => Promise<Response>;

export default {
  async fetch(request: Request, env: unknown, context: unknown): Promise<Response> {
    const url = new URL(request.url);
    if (isUndecodablePath(url.pathname)) {
      return withSecurityHeaders(
        new Response(UNDECODABLE_PATH_BODY, { status: 400, headers: { "content-type": "text/plain; charset=utf-8" } }),
      );
    }
    if (isCrossOriginAction(request.method, url.pathname, (name) => request.headers.get(name))) {
      return withSecurityHeaders(
        new Response(CROSS_ORIGIN_ACTION_BODY, {
          status: 403,
          headers: { "content-type": "application/json; charset=utf-8" },
        }),
      );
    }
    return withSecurityHeaders(await (openNext as { fetch: Fetch }).fetch(request, env, context));
  },
};

function withSecurityHeaders(response: Response): Response {
  const missing = missingSecurityHeaders((name) => response.headers.has(name), false);
  if (missing.length === 0) return response;
  // Headers of a fetched or cached response are immutable: copy it (the body streams through).
  const copy = new Response(response.body, response);
  for (const { key, value } of missing) copy.headers.set(key, value);
  return copy;
}
