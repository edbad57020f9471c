import { type IncomingMessage, Server, ServerResponse } from "node:http";
import {
  carriesInternalToken,
  INTERNAL_TOKEN_HEADER,
  isInternalPath,
  LEADS_SCHEDULE_PATH,
  NODE_SCHEDULE_INTERVAL_MS,
  NOTICES_SCHEDULE_PATH,
  scheduleRequest,
} from "./internal-requests";
import { missingSecurityHeaders, type Refusal, refuseRequest } from "./response-guard";
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
        answerBeforeNext(request, response, { status: 404, contentType: "text/plain; charset=utf-8", body: "" });
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
        answerBeforeNext(request, response, refused);
        return true;
      }
    }
    return (emit as (this: Server, ...rest: unknown[]) => boolean).call(this, event, ...args);
  } as typeof Server.prototype.emit;
}

/**
 * The most of a refused request's body the server reads (and drops) before it closes the connection,
 * and for how long: a body over the form's limit (a 2 MB post) is read to its end, so the client
 * that is still sending it reads the answer; one that says it is larger, or that comes too slowly,
 * is not waited for.
 */
export const REFUSED_BODY_DRAIN = { maxBytes: 8 * 1024 * 1024, timeoutMs: 10_000 } as const;

/**
 * Answers a request Next never sees, on a connection that closes after the answer. Closing while
 * the client still sends its body would reset the connection, and a client may lose the answer it
 * has not read yet (EPIPE): so the whole answer is written at once, and the response ends (and the
 * connection closes) only once the body has been read and dropped, within `REFUSED_BODY_DRAIN`.
 */
function answerBeforeNext(request: IncomingMessage, response: ServerResponse, answer: Refusal): void {
  const body = Buffer.from(answer.body);
  response.shouldKeepAlive = false;
  response.writeHead(answer.status, {
    "content-type": answer.contentType,
    "content-length": body.length,
    "cache-control": "no-store",
    connection: "close",
  });
  response.write(body);
  const declared = Number(request.headers["content-length"] ?? 0);
  let read = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const finish = () => {
    clearTimeout(timer);
    request.off("data", count);
    if (!response.writableEnded) response.end();
  };
  const count = (chunk: Buffer) => {
    read += chunk.length;
    if (read > REFUSED_BODY_DRAIN.maxBytes) finish();
  };
  if (request.complete || !(declared <= REFUSED_BODY_DRAIN.maxBytes)) {
    request.resume();
    finish();
    return;
  }
  timer = setTimeout(finish, REFUSED_BODY_DRAIN.timeoutMs);
  timer.unref?.();
  request.on("data", count);
  request.once("end", finish);
  request.once("error", finish);
  request.once("close", finish);
  request.resume();
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
  const origin = `http://${host}:${address.port}`;
  // Through a promise from the first step, so even building the request fails as a log line.
  const post = (path: string) =>
    Promise.resolve()
      .then(() => fetch(scheduleRequest(path, origin)))
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
