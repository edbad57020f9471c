// Guards the test bridge itself: if it answered differently from Upstash, the integration tests
// would prove nothing about production. Each case is a difference measured against the client.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { once } from "node:events";
import { Ratelimit } from "@upstash/ratelimit";
import { Redis } from "@upstash/redis/cloudflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stripUnknownFlags } from "@/scripts/upstash-bridge";
import { openTestBridge, TEST_TOKEN, type TestBridge, testRedisUrl, uniquePrefix } from "../support/redis-bridge";

let redis: TestBridge;
beforeAll(async () => {
  redis = await openTestBridge();
});
afterAll(() => redis?.close());

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${redis.bridge.url}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${TEST_TOKEN}`, ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

const b64 = (text: string) => Buffer.from(text).toString("base64");
const sha1 = (text: string) => createHash("sha1").update(text).digest("hex");

describe("the Upstash REST bridge", () => {
  it("answers 401 to a wrong or missing token, on every path", async () => {
    for (const path of ["/", "/pipeline", "/multi-exec"]) {
      const wrong = await post(path, [["PING"]], { authorization: "Bearer nope" });
      expect(wrong.status).toBe(401);
      const missing = await fetch(`${redis.bridge.url}${path}`, { method: "POST", body: '["PING"]' });
      expect(missing.status).toBe(401);
    }
  });

  it("runs one command on POST /, with 400 and the Redis error when it fails", async () => {
    const key = uniquePrefix("one");
    expect(await post("/", ["SET", key, "v"])).toEqual({ status: 200, body: { result: "OK" } });
    expect(await post("/", ["GET", key])).toEqual({ status: 200, body: { result: "v" } });
    const failed = await post("/", ["LPUSH", key, "x"]);
    expect(failed.status).toBe(400);
    expect(failed.body).toEqual({ error: expect.stringMatching(/^WRONGTYPE/) });
  });

  it("base64-encodes every string at any depth with Upstash-Encoding: base64, and no number or null", async () => {
    const script = "return { 7, 'héllo', { 8, 'ok', { 'deep' } }, false }";
    const plain = await post("/", ["EVAL", script, "0"]);
    expect(plain.body).toEqual({ result: [7, "héllo", [8, "ok", ["deep"]], null] });
    const encoded = await post("/", ["EVAL", script, "0"], { "Upstash-Encoding": "base64" });
    expect(encoded.body).toEqual({ result: [7, b64("héllo"), [8, b64("ok"), [b64("deep")]], null] });
    const missing = await post("/pipeline", [["GET", uniquePrefix("none")]], { "Upstash-Encoding": "base64" });
    expect(missing.body).toEqual([{ result: null }]);
    // Bytes that are not UTF-8 come through exactly.
    const bytes = await post("/", ["EVAL", "return string.char(255, 0, 128)", "0"], { "Upstash-Encoding": "base64" });
    expect(bytes.body).toEqual({ result: Buffer.from([255, 0, 128]).toString("base64") });
  });

  it("returns HGETALL as a flat array in Redis's order, which the client turns into an object", async () => {
    const key = uniquePrefix("hash");
    await post("/", ["HSET", key, "a", "1", "b", "two", "7", "seven"]);
    const fields = ["a", "1", "b", "two", "7", "seven"];
    expect((await post("/", ["HGETALL", key])).body).toEqual({ result: fields });
    // The client sends its commands in lower case.
    expect((await post("/", ["hgetall", key])).body).toEqual({ result: fields });
    const client = new Redis({ url: redis.bridge.url, token: TEST_TOKEN, enableTelemetry: false });
    expect(await client.hgetall(key)).toEqual({ a: 1, b: "two", 7: "seven" });
  });

  it("answers ZRANGE WITHSCORES as one flat array, scores as strings", async () => {
    const key = uniquePrefix("zset");
    await post("/", ["ZADD", key, "1.5", "a", "2", "b"]);
    expect((await post("/", ["ZRANGE", key, "0", "-1", "WITHSCORES"])).body).toEqual({
      result: ["a", "1.5", "b", "2"],
    });
  });

  it("answers a pipeline 200 with one result or error per command, in order", async () => {
    const key = uniquePrefix("pipe");
    const reply = await post("/pipeline", [["SET", key, "1"], ["LPUSH", key, "x"], ["INCR", key], ["NOPE"]]);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([
      { result: "OK" },
      { error: expect.stringMatching(/^WRONGTYPE/) },
      { result: 2 },
      { error: expect.stringMatching(/unknown command/) },
    ]);
  });

  it("runs /multi-exec as one transaction: a failing command fails alone, a malformed one aborts all", async () => {
    const key = uniquePrefix("multi");
    const reply = await post("/multi-exec", [
      ["SET", key, "1"],
      ["LPUSH", key, "x"],
      ["INCR", key],
    ]);
    expect(reply).toEqual({
      status: 200,
      body: [{ result: "OK" }, { error: expect.stringMatching(/^WRONGTYPE/) }, { result: 2 }],
    });
    const aborted = await post("/multi-exec", [
      ["INCR", key],
      ["SET", key],
    ]);
    expect(aborted.status).toBe(400);
    expect((await post("/", ["GET", key])).body).toEqual({ result: "2" });
  });

  it("runs scripts with Upstash-only flags under the SHA the client computed", async () => {
    const script = "#!lua flags=allow-key-locking,no-writes\nreturn 'ran'";
    expect(stripUnknownFlags(script)).toBe("#!lua flags=no-writes\nreturn 'ran'");
    expect(stripUnknownFlags("#!lua flags=allow-key-locking\nreturn 1")).toBe("#!lua\nreturn 1");
    expect(stripUnknownFlags("return 1")).toBe("return 1");

    const unknown = `${script} -- ${uniquePrefix("sha")}`;
    const noscript = await post("/", ["EVALSHA", sha1(unknown), "0"]);
    expect(noscript.body).toEqual({ error: expect.stringMatching(/^NOSCRIPT/) });
    expect((await post("/", ["EVAL", unknown, "0"])).body).toEqual({ result: "ran" });
    expect((await post("/", ["EVALSHA", sha1(unknown), "0"])).body).toEqual({ result: "ran" });
    const loaded = `${script} -- ${uniquePrefix("load")}`;
    expect((await post("/", ["SCRIPT", "LOAD", loaded])).body).toEqual({ result: sha1(loaded) });
    expect((await post("/", ["EVALSHA", sha1(loaded), "0"])).body).toEqual({ result: "ran" });
  });

  it("serves @upstash/ratelimit: EVALSHA, EVAL on NOSCRIPT, then EVALSHA alone", async () => {
    const client = new Redis({ url: redis.bridge.url, token: TEST_TOKEN, enableTelemetry: false });
    const limiter = new Ratelimit({
      redis: client,
      limiter: Ratelimit.fixedWindow(2, "60 s"),
      prefix: uniquePrefix("ratelimit"),
      ephemeralCache: false,
      timeout: 0,
    });
    const id = uniquePrefix("visitor");
    const results = [];
    for (let i = 0; i < 3; i++) results.push((await limiter.limit(id)).success);
    expect(results).toEqual([true, true, false]);
    const before = redis.bridge.stats.requests;
    await limiter.limit(id);
    expect(redis.bridge.stats.requests - before).toBe(1);
  });

  it("runs as a script for developers and prints the two .env.local lines", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/upstash-bridge.ts"], {
      env: { ...process.env, REDIS_URL: testRedisUrl(), UPSTASH_BRIDGE_PORT: "0", UPSTASH_BRIDGE_TOKEN: "dev-token" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    try {
      let output = "";
      for await (const chunk of child.stdout) {
        output += String(chunk);
        if (output.includes("UPSTASH_REDIS_REST_TOKEN=")) break;
      }
      const url = /UPSTASH_REDIS_REST_URL=(\S+)/.exec(output)?.[1] ?? "";
      expect(output).toContain("UPSTASH_REDIS_REST_TOKEN=dev-token");
      const client = new Redis({ url, token: "dev-token", enableTelemetry: false });
      expect(await client.ping()).toBe("PONG");
    } finally {
      child.kill("SIGTERM");
      await once(child, "exit");
    }
  }, 15_000);
});
