import { type IncomingMessage, Server, ServerResponse } from "node:http";
import {
  carriesInternalToken,
  INTERNAL_TOKEN_HEADER,
  internalToken,
  isInternalPath,
  LEADS_SCHEDULE_PATH,
  NODE_SCHEDULE_INTERVAL_MS,
  NOTICES_SCHEDULE_PATH,
} from "./internal-requests";
import { missingSecurityHeaders, refuseRequest } from "./response-guard";
import { tooLargeFormPage } from "./too-large-page";

let installed = false;

/**
 * `next start` has no layer of its own around every response: its router answers redirects and
 * undecodable URLs before `headers()` applies. So the HTTP server itself is wrapped, once per process:
 * every response gets the security headers it lacks when its head is written, and what
 * `refuseRequest` refuses (an undecodable path, a cross-origin or oversized server action, an
 * unreadable router header) is answered before Next sees it.
 */
export function installNodeResponseGuard(isDev: boolean): void {
  if (installed) return;
  installed = true;

  const writeHead = ServerResponse.prototype.writeHead;
  // Node writes an implicit head (a plain `res.end()`) through `writeHead` as well.
  ServerResponse.prototype.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!this.headersSent) {
      for (const { key, value } of missingSecurityHeaders((name) => this.hasHeader(name), isDev)) {
        this.setHeader(key, value);
      }
    }
    return (writeHead as (...rest: unknown[]) => ServerResponse).apply(this, args);
  } as typeof ServerResponse.prototype.writeHead;

  const emit = Server.prototype.emit;
  Server.prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    // `next start` loads this file after its server is listening: the first request names the server.
    if ((event === "listening" || event === "request") && !isDev) scheduleLeads(this);
    if (event === "request") {
      const [request, response] = args as [IncomingMessage, ServerResponse];
      const path = (request.url ?? "/").split("?")[0] ?? "/";
      if (isInternalPath(path) && !carriesInternalToken(headerValue(request, INTERNAL_TOKEN_HEADER))) {
        request.resume();
        response.writeHead(404, { "cache-control": "no-store" }).end();
        return true;
      }
      const refused = refuseRequest(
        {
          method: request.method ?? "GET",
          path,
          header: (name) => headerValue(request, name),
          hasBody: request.headers["transfer-encoding"] !== undefined,
        },
        tooLargeFormPage,
      );
      if (refused) {
        // The body is read and dropped, never kept, so the client that is still sending it gets the answer.
        request.resume();
        response
          .writeHead(refused.status, { "content-type": refused.contentType, "cache-control": "no-store" })
          .end(refused.body);
        return true;
      }
    }
    return (emit as (this: Server, ...rest: unknown[]) => boolean).call(this, event, ...args);
  } as typeof Server.prototype.emit;
}

function headerValue(request: IncomingMessage, name: string): string | null {
  const value = request.headers[name];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(", ") : value;
}

let scheduled = false;

/**
 * `next start`'s stand-in for the Worker's Cron Triggers: at start and every few minutes the server
 * posts to its own leads' schedule (retry the unsent, prune the expired) and its notices (the
 * studio's digest and alerts, each sent at most once a day), with this process's token.
 */
function scheduleLeads(server: Server): void {
  if (scheduled) return;
  const address = server.address();
  if (!address || typeof address === "string") return;
  scheduled = true;
  const host =
    address.family === "IPv6"
      ? `[${address.address === "::" ? "::1" : address.address}]`
      : address.address === "0.0.0.0"
        ? "127.0.0.1"
        : address.address;
  const post = (path: string) =>
    fetch(`http://${host}:${address.port}${path}`, {
      method: "POST",
      headers: { [INTERNAL_TOKEN_HEADER]: internalToken() },
    })
      .then(async (response) => {
        await response.body?.cancel();
        if (!response.ok) console.error(JSON.stringify({ event: "schedule_status", path, status: response.status }));
      })
      .catch((error: Error) => console.error(JSON.stringify({ event: "schedule_failed", path, message: error.name })));
  // One after the other: the notices read the leads the first has just tried to send.
  const run = () => post(LEADS_SCHEDULE_PATH).then(() => post(NOTICES_SCHEDULE_PATH));
  // Once right after the start too: a restarted server sends what waited meanwhile.
  setTimeout(run, 1000).unref();
  setInterval(run, NODE_SCHEDULE_INTERVAL_MS).unref();
}
