// Guards "fail closed": when the quota store is down, slow or answers nonsense, every operation
// throws QuotaUnavailableError (the route's 503, no model call), soon, and never grants.
import { createServer as createHttpServer } from "node:http";
import { createServer as createTcpServer, type Server, type Socket } from "node:net";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { QuotaUnavailableError } from "@/lib/platform/errors";
import { type Bridge, startBridge } from "@/scripts/upstash-bridge";
import { bridgeQuota, TEST_TOKEN, uniquePrefix } from "../support/redis-bridge";
import { type RedisServer, startRedisServer } from "../support/redis-server";

const TIMEOUT_MS = 400;
const usage = { inputTokens: 1, outputTokens: 1, neurons: 0.1, model: "m", estimated: false };

async function expectUnavailableSoon(operation: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await expect(operation()).rejects.toBeInstanceOf(QuotaUnavailableError);
  const elapsed = performance.now() - started;
  // One request deadline plus one retry's backoff, with room for a slow machine.
  expect(elapsed).toBeLessThan(TIMEOUT_MS + 1000);
  return elapsed;
}

/** A command straight to the bridge; a bridge that waits for Redis instead of answering fails here. */
async function postCommand(bridge: Bridge, command: string[]) {
  const response = await fetch(bridge.url, {
    method: "POST",
    headers: { authorization: `Bearer ${TEST_TOKEN}` },
    body: JSON.stringify(command),
    signal: AbortSignal.timeout(2000),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

/** A port that accepts connections and never answers, as a Redis that hangs would, until closed. */
async function blackHole(port: number): Promise<() => Promise<void>> {
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  };
}

describe("Redis stopped in the middle of a test", () => {
  // Its own redis-server: this test stops it.
  let server: RedisServer;
  let bridge: Bridge;
  beforeAll(async () => {
    server = await startRedisServer();
    bridge = await startBridge({ redisUrl: server.url, token: TEST_TOKEN, quiet: true });
  });
  afterAll(async () => {
    await bridge?.close();
    await server?.stop();
  });

  it("fails closed on every operation, then works again once Redis is back", async () => {
    const quota = bridgeQuota(bridge, {
      prefix: uniquePrefix("down"),
      timeoutMs: TIMEOUT_MS,
      limits: { burstPerMinute: 100 },
    });
    const granted = await quota.reserve({ ip: "203.0.113.40", units: 2 });
    if (!granted.ok) throw new Error("expected a grant");

    // A command in flight when Redis goes (a BLPOP that would wait 10 s) gets an error at once: it
    // neither waits for Redis to come back nor runs when it does.
    const sent = bridge.stats.commands;
    const inFlight = postCommand(bridge, ["BLPOP", uniquePrefix("blocked"), "10"]);
    await vi.waitFor(() => expect(bridge.stats.commands).toBe(sent + 1));
    await server.stop();
    const failed = { status: 400, body: { error: expect.any(String) } };
    expect(await inFlight).toEqual(failed);

    // While Redis is gone its port accepts and never answers, so the bridge's reconnect hangs:
    // a command still gets an error at once instead of waiting in a queue for the connection.
    const closeBlackHole = await blackHole(server.port);
    try {
      expect(await postCommand(bridge, ["PING"])).toEqual(failed);
      await expectUnavailableSoon(() => quota.reserve({ ip: "203.0.113.40", units: 2 }));
      await expectUnavailableSoon(() => quota.record(granted.reservation, usage));
      await expectUnavailableSoon(() => quota.release(granted.reservation));
      await expectUnavailableSoon(() => quota.today());
    } finally {
      await closeBlackHole();
    }

    await server.restart();
    // The bridge reconnects within its backoff (at most 1 s).
    let result: Awaited<ReturnType<typeof quota.reserve>> | undefined;
    for (let attempt = 0; attempt < 40 && !result; attempt++) {
      result = await quota.reserve({ ip: "203.0.113.40", units: 2 }).catch(async () => {
        await new Promise((resolve) => setTimeout(resolve, 100));
        return undefined;
      });
    }
    // A fresh, empty Redis: the scripts are loaded again (NOSCRIPT, then EVAL) and units start over.
    expect(result).toMatchObject({ ok: true, remaining: { ip: 18 } });
  }, 15_000);
});

describe("a bridge started with no Redis there", () => {
  it("fails to start with the cause, and leaves nothing trying to connect", async () => {
    const server = await startRedisServer();
    await server.stop();
    await expect(startBridge({ redisUrl: server.url, token: TEST_TOKEN, quiet: true })).rejects.toThrow(/ECONNREFUSED/);
    // A Redis appearing later on that port gets no connection from the failed bridge.
    await server.restart();
    try {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const inspector = new Redis(server.url, { protocol: 2 });
      const info = String(await inspector.call("INFO", "clients"));
      await inspector.quit();
      expect(info).toMatch(/connected_clients:1\r\n/);
    } finally {
      await server.stop();
    }
  });
});

describe("the store's endpoint", () => {
  const servers: Server[] = [];
  const sockets = new Set<Socket>();
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  });

  async function listen(server: Server): Promise<string> {
    servers.push(server);
    server.on("connection", (socket: Socket) => sockets.add(socket));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  }

  const quotaAt = (url: string) => bridgeQuota({ url }, { prefix: uniquePrefix("endpoint"), timeoutMs: TIMEOUT_MS });

  it("refusing connections: unavailable", async () => {
    const url = await listen(createTcpServer());
    await new Promise((resolve) => servers.pop()?.close(resolve));
    await expectUnavailableSoon(() => quotaAt(url).reserve({ ip: "203.0.113.41", units: 2 }));
  });

  it("accepting and never answering: unavailable after the request deadline", async () => {
    const url = await listen(createTcpServer(() => {}));
    const elapsed = await expectUnavailableSoon(() => quotaAt(url).reserve({ ip: "203.0.113.42", units: 2 }));
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
  });

  it("answering without the base64 encoding the client asked for: unavailable, not a grant", async () => {
    const url = await listen(
      createHttpServer((_request, response) => {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify([{ result: ["ok", 2, 2] }]));
      }),
    );
    await expectUnavailableSoon(() => quotaAt(url).reserve({ ip: "203.0.113.43", units: 2 }));
  });

  it("answering 500: unavailable", async () => {
    const url = await listen(
      createHttpServer((_request, response) => {
        response.writeHead(500, { "content-type": "application/json" });
        response.end(JSON.stringify({ error: "ERR internal" }));
      }),
    );
    await expectUnavailableSoon(() => quotaAt(url).reserve({ ip: "203.0.113.44", units: 2 }));
  });
});
