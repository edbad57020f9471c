// An Upstash-REST-compatible HTTP server in front of a real Redis, so the production client
// (`@upstash/redis` over fetch) runs unchanged in the tests and in `next dev`.
// `npm run dev:redis` (tsx scripts/upstash-bridge.ts): REDIS_URL (default redis://127.0.0.1:6379),
// UPSTASH_BRIDGE_PORT (default 8079), UPSTASH_BRIDGE_TOKEN (default local-dev-token).
import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { Redis } from "ioredis";

export type BridgeOptions = { redisUrl: string; token: string; port?: number; host?: string; quiet?: boolean };

/** Counts what reached the bridge: HTTP requests are the client's round trips. */
export type BridgeStats = { requests: number; commands: number };

export type Bridge = {
  url: string;
  port: number;
  stats: BridgeStats;
  /**
   * A fault for the tests: the next request whose command is `command` (e.g. "EVALSHA"; any
   * command when omitted) runs in Redis, then its connection is cut before the reply, as a
   * network failure after Redis did the work. The client sees an error and retries.
   */
  dropNextReply(command?: string): void;
  close(): Promise<void>;
};

type Entry = { result: unknown } | { error: string };

const MAX_BODY_BYTES = 1024 * 1024;
// Flags Redis 7.0 knows; Upstash adds its own (`allow-key-locking`, which @upstash/ratelimit sets).
const REDIS_SCRIPT_FLAGS = new Set(["no-writes", "allow-oom", "allow-stale", "no-cluster", "allow-cross-slot-keys"]);

export async function startBridge(options: BridgeOptions): Promise<Bridge> {
  let connected = false;
  let lastError = "";
  const redis = new Redis(options.redisUrl, {
    // Upstash answers in RESP2 shapes: HGETALL and ZRANGE WITHSCORES as flat arrays, ZSCORE as a
    // string. ioredis 6 speaks RESP3 unless told.
    protocol: 2,
    lazyConnect: true,
    connectTimeout: 2000,
    // Fail a command at once while Redis is down instead of queueing it, and fail the ones in
    // flight when the connection drops instead of sending them again after a reconnect: the
    // client must see an error (and the quota fail closed), not hang or have it run late.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // Reconnect forever once connected (the tests stop and restart Redis), but not at start:
    // a Redis that isn't there is an error the developer sees, with no client left retrying.
    retryStrategy: (attempt) => (connected ? Math.min(50 * 2 ** attempt, 1000) : null),
  });
  redis.on("error", (error: Error) => {
    // Without a listener ioredis prints every failed attempt; log each new failure once.
    if (!options.quiet && error.message !== lastError) console.warn(`[upstash-bridge] redis: ${error.message}`);
    lastError = error.message;
  });
  // A failed first connection rejects with "Connection is closed."; the cause is the error before it.
  await redis.connect().catch((error: unknown) => {
    throw new Error(lastError || errorMessage(error));
  });
  connected = true;

  const scripts = new ScriptShas();
  const stats: BridgeStats = { requests: 0, commands: 0 };
  const drops: (string | undefined)[] = [];
  const takeDrop = (body: unknown): boolean => {
    const first = Array.isArray(body) && Array.isArray(body[0]) ? body[0] : body;
    const name = Array.isArray(first) ? String(first[0]).toUpperCase() : "";
    const index = drops.findIndex((command) => command === undefined || command.toUpperCase() === name);
    if (index === -1) return false;
    drops.splice(index, 1);
    return true;
  };
  const expected = Buffer.from(`Bearer ${options.token}`);

  const run = async (command: unknown): Promise<Entry> => {
    stats.commands += 1;
    try {
      const { args, reply } = scripts.rewrite(toArgs(command));
      return { result: reply(await redis.callBuffer(...commandFor(args))) };
    } catch (error) {
      return { error: errorMessage(error) };
    }
  };

  const multiExec = async (commands: unknown[]): Promise<Entry[] | { error: string }> => {
    const prepared = commands.map((command) => scripts.rewrite(toArgs(command)));
    stats.commands += prepared.length;
    const multi = redis.multi();
    for (const { args } of prepared) multi.callBuffer(...commandFor(args));
    try {
      // A command failing inside EXEC fails alone (Redis has no rollback); a queueing error
      // (EXECABORT) rejects, and aborts all.
      const replies = await multi.exec();
      if (!replies) return { error: "EXECABORT the transaction was discarded" };
      return replies.map(([error, reply], i) =>
        error ? { error: error.message } : { result: prepared[i]?.reply(reply) },
      );
    } catch (error) {
      return { error: errorMessage(error) };
    }
  };

  const server = createServer(async (request, response) => {
    stats.requests += 1;
    const given = Buffer.from(request.headers.authorization ?? "");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return send(response, 401, { error: "Unauthorized" });
    }
    if (request.method !== "POST") return send(response, 405, { error: "ERR only POST is supported" });
    let body: unknown;
    try {
      body = JSON.parse(await readBody(request));
    } catch (error) {
      return send(response, 400, { error: `ERR failed to parse the request body: ${errorMessage(error)}` });
    }
    const base64 = request.headers["upstash-encoding"] === "base64";
    const encode = (entry: Entry) => ("result" in entry ? { result: toJson(entry.result, base64) } : entry);
    const path = (request.url ?? "/").split("?")[0];
    const drop = takeDrop(body);
    const reply = (status: number, payload: unknown) =>
      drop ? void response.socket?.destroy() : send(response, status, payload);
    try {
      if (path === "/") {
        const entry = await run(body);
        return reply("error" in entry ? 400 : 200, encode(entry));
      }
      if (path === "/pipeline" || path === "/multi-exec") {
        if (!Array.isArray(body)) return send(response, 400, { error: "ERR expected an array of commands" });
        // A pipeline answers 200 with an error per failed command, as Upstash does.
        const entries = path === "/pipeline" ? await Promise.all(body.map(run)) : await multiExec(body);
        return Array.isArray(entries) ? reply(200, entries.map(encode)) : send(response, 400, entries);
      }
      return send(response, 404, { error: `ERR unknown path ${path}` });
    } catch (error) {
      return send(response, 400, { error: errorMessage(error) });
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const { port, address } = server.address() as AddressInfo;

  return {
    url: `http://${address}:${port}`,
    port,
    stats,
    dropNextReply(command) {
      drops.push(command);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/**
 * Runs @upstash/ratelimit's scripts on a plain Redis 7.0. They start with
 * `#!lua flags=allow-key-locking`, which Redis rejects, so the flag is dropped; the script's SHA
 * then changes, so the client's SHA (of the text it sent) is mapped to the one Redis knows.
 */
class ScriptShas {
  readonly #realSha = new Map<string, string>();

  rewrite(args: string[]): { args: string[]; reply: (value: unknown) => unknown } {
    const name = args[0]?.toUpperCase();
    const keep = (value: unknown) => value;
    if ((name === "EVAL" || name === "EVAL_RO") && args[1] !== undefined) {
      return { args: [args[0] ?? name, this.#load(args[1]).script, ...args.slice(2)], reply: keep };
    }
    if ((name === "EVALSHA" || name === "EVALSHA_RO") && args[1] !== undefined) {
      return { args: [args[0] ?? name, this.#map(args[1]), ...args.slice(2)], reply: keep };
    }
    const sub = args[1]?.toUpperCase();
    if (name === "SCRIPT" && sub === "LOAD" && args[2] !== undefined) {
      const { script, clientSha } = this.#load(args[2]);
      // Answer with the SHA the client computed from its own text: that is the one it will send.
      return { args: [args[0] ?? name, args[1] ?? sub, script], reply: () => clientSha };
    }
    if (name === "SCRIPT" && sub === "EXISTS") {
      return { args: [...args.slice(0, 2), ...args.slice(2).map((sha) => this.#map(sha))], reply: keep };
    }
    return { args, reply: keep };
  }

  #load(original: string): { script: string; clientSha: string } {
    const script = stripUnknownFlags(original);
    const clientSha = sha1(original);
    if (script !== original) this.#realSha.set(clientSha, sha1(script));
    return { script, clientSha };
  }

  #map(sha: string): string {
    return this.#realSha.get(sha.toLowerCase()) ?? sha;
  }
}

export function stripUnknownFlags(script: string): string {
  const shebang = /^#!lua([^\n]*)/.exec(script);
  const flags = shebang?.[1] ? /\bflags=(\S*)/.exec(shebang[1]) : null;
  if (!shebang || !flags) return script;
  const known = (flags[1] ?? "").split(",").filter((flag) => REDIS_SCRIPT_FLAGS.has(flag));
  const line = known.length ? `#!lua flags=${known.join(",")}` : "#!lua";
  return line + script.slice(shebang[0].length);
}

function sha1(text: string): string {
  return createHash("sha1").update(text).digest("hex");
}

/**
 * The name in capitals, the rest as they are; `callBuffer` answers bulk strings as bytes, so
 * base64 carries binary values exactly. ioredis reshapes the replies of a few lower-case names
 * (`hgetall` into an object, which loses binary keys and reorders numeric fields); Redis's own
 * reply must go through as it is.
 */
function commandFor([name = "", ...rest]: string[]): [string, string[]] {
  return [name.toUpperCase(), rest];
}

function toArgs(command: unknown): string[] {
  if (!Array.isArray(command) || command.length === 0) throw new Error("ERR a command is a non-empty JSON array");
  return command.map((arg) => (typeof arg === "string" ? arg : JSON.stringify(arg)));
}

/**
 * A Redis reply as Upstash sends it. With `Upstash-Encoding: base64` every string, at any depth,
 * is base64 and numbers and null are not: the client base64-decodes every string it gets, so one
 * left plain comes out as garbage rather than as an error.
 */
export function toJson(value: unknown, base64: boolean): unknown {
  if (value === null || value === undefined) return null;
  if (Buffer.isBuffer(value)) return value.toString(base64 ? "base64" : "utf8");
  if (typeof value === "string") return base64 ? Buffer.from(value).toString("base64") : value;
  // An error inside an array: a script's `{ err = ... }` in a table.
  if (value instanceof Error) return toJson(value.message, base64);
  if (Array.isArray(value)) return value.map((item) => toJson(item, base64));
  // An integer: RESP2 has no other type.
  return value;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error(`body over ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function send(response: ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(json) });
  response.end(json);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
  const token = process.env.UPSTASH_BRIDGE_TOKEN ?? "local-dev-token";
  const port = Number(process.env.UPSTASH_BRIDGE_PORT ?? 8079);
  const bridge = await startBridge({ redisUrl, token, port }).catch((error: unknown) => {
    console.error(`[upstash-bridge] cannot start against ${redisUrl}: ${errorMessage(error)}`);
    console.error("Start a Redis (e.g. `redis-server --save '' --appendonly no`) or set REDIS_URL.");
    process.exit(1);
  });
  console.log(`[upstash-bridge] ${bridge.url} -> ${redisUrl}. Put these two lines in .env.local:\n`);
  console.log(`UPSTASH_REDIS_REST_URL=${bridge.url}`);
  console.log(`UPSTASH_REDIS_REST_TOKEN=${token}\n`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => void bridge.close().then(() => process.exit(0)));
  }
}
