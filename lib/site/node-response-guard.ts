import { type IncomingMessage, Server, ServerResponse } from "node:http";
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
    if (event === "request") {
      const [request, response] = args as [IncomingMessage, ServerResponse];
      const refused = refuseRequest(
        {
          method: request.method ?? "GET",
          path: (request.url ?? "/").split("?")[0] ?? "/",
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
