import { type IncomingMessage, Server, ServerResponse } from "node:http";
import {
  CROSS_ORIGIN_ACTION_BODY,
  isCrossOriginAction,
  isUndecodablePath,
  missingSecurityHeaders,
  UNDECODABLE_PATH_BODY,
} from "./response-guard";

let installed = false;

/**
 * `next start` has no layer of its own around every response: its router answers redirects and
 * undecodable URLs before `headers()` applies. So the HTTP server itself is wrapped, once per process:
 * every response gets the security headers it lacks when its head is written, and an undecodable
 * path (400) or a cross-origin server action (403) is refused before Next sees it.
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
      const path = (request.url ?? "/").split("?")[0] ?? "/";
      if (isUndecodablePath(path)) {
        response.writeHead(400, { "content-type": "text/plain; charset=utf-8" }).end(UNDECODABLE_PATH_BODY);
        return true;
      }
      if (isCrossOriginAction(request.method ?? "GET", path, (name) => headerValue(request, name))) {
        response.writeHead(403, { "content-type": "application/json; charset=utf-8" }).end(CROSS_ORIGIN_ACTION_BODY);
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
