// The Worker's entry: OpenNext's Worker, wrapped so that every response it sends carries the
// security headers, and what `refuseRequest` refuses (an undecodable path, a cross-origin or
// oversized server action, an unreadable router header) gets its clean 4xx first. Its image and data routes
// and Next's own redirects answer without `next.config.ts`'s `headers()`; static files get them from
// `_headers` (scripts/write-asset-headers.ts), as the assets binding answers before any Worker code.
// @ts-expect-error: built by `opennextjs-cloudflare build`, bundled by wrangler
import openNext from "./.open-next/worker.js";
import {
  isInternalPath,
  LEADS_SCHEDULE_PATH,
  NOTICES_CRON,
  NOTICES_SCHEDULE_PATH,
  scheduleRequest,
} from "./lib/site/internal-requests";
import { missingSecurityHeaders, refuseRequest } from "./lib/site/response-guard";
import { tooLargeFormPage } from "./lib/site/too-large-page";

// @ts-expect-error: built by `opennextjs-cloudflare build`, bundled by wrangler
export { BucketCachePurge, DOQueueHandler, DOShardedTagCache } from "./.open-next/worker.js";

type Fetch = (request: Request, env: unknown, context: unknown) => Promise<Response>;
const next = openNext as { fetch: Fetch };

export default {
  async fetch(request: Request, env: unknown, context: unknown): Promise<Response> {
    // The leads' schedule is this Worker's own: from outside it does not exist.
    if (isInternalPath(new URL(request.url).pathname)) return withSecurityHeaders(new Response(null, { status: 404 }));
    const refused = refuseRequest(
      {
        method: request.method,
        path: new URL(request.url).pathname,
        header: (name) => request.headers.get(name),
        hasBody: request.body !== null,
      },
      tooLargeFormPage,
    );
    if (refused) {
      return withSecurityHeaders(
        new Response(refused.body, {
          status: refused.status,
          headers: { "content-type": refused.contentType, "cache-control": "no-store" },
        }),
      );
    }
    return withSecurityHeaders(await next.fetch(request, env, context));
  },

  /**
   * The Cron Triggers (`wrangler.toml` `[triggers] crons`): every 5 minutes the leads' schedule
   * (retry the unsent, prune what expired), every 15 the studio's notices (its daily digest and
   * alerts), each through OpenNext's handler in this isolate, so it runs with the site's own
   * settings and bindings. Locally: `wrangler dev --test-scheduled`, then
   * GET /__scheduled?cron=<the cron> (the leads' when none is named).
   */
  async scheduled(controller: { cron?: string }, env: unknown, context: unknown): Promise<void> {
    const path = controller.cron === NOTICES_CRON ? NOTICES_SCHEDULE_PATH : LEADS_SCHEDULE_PATH;
    const response = await next.fetch(scheduleRequest(path, "http://localhost"), env, context);
    await response.body?.cancel();
    if (!response.ok) console.error(JSON.stringify({ event: "schedule_status", path, status: response.status }));
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
