// Guards the contact store in Upstash (the production client over a real redis-server) and in
// memory against one contract, plus what only Redis has: every key expires, the keys live under
// the quota's prefix, and a retried call (its reply lost) keeps the message once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactKeys, memoryContactStore, upstashContactStore } from "@/lib/contact/store";
import { upstashClient } from "@/lib/platform/redis";
import { openTestBridge, scanKeys, TEST_TOKEN, type TestBridge, uniquePrefix } from "../support/redis-bridge";
import { DAY, lead, sender } from "./lead-fixtures";
import { describeContactStore } from "./store-contract";

let redis: TestBridge;
beforeAll(async () => {
  redis = await openTestBridge();
});
afterAll(() => redis?.close());

const client = () => upstashClient({ url: redis.bridge.url, token: TEST_TOKEN });
const limits = { perIpPerDay: 3, kept: 4, keptDays: 30 };

describeContactStore("memory", (limits) => memoryContactStore(limits));
describeContactStore("Upstash", (limits) => upstashContactStore(client(), uniquePrefix("contact"), limits));

describe("the contact store in Upstash", () => {
  it("keeps every key under the quota's prefix, each with an expiry", async () => {
    const prefix = uniquePrefix("contact");
    const store = upstashContactStore(client(), prefix, limits);
    const one = lead(1);
    await store.save(one, sender("0".repeat(64)), Date.now());
    await store.claim(one.id, 60_000, Date.now());
    await store.markFailed(one.id, "timeout", Date.now() + 60_000);
    const listTtl = await redis.redis.ttl(contactKeys(prefix).leads);
    expect(listTtl).toBeGreaterThan(29 * 86_400);
    expect(listTtl).toBeLessThanOrEqual(30 * 86_400);
    const counterTtl = await redis.redis.ttl(contactKeys(prefix).sent(DAY, "0".repeat(64)));
    expect(counterTtl).toBeGreaterThan(0);
    expect(counterTtl).toBeLessThanOrEqual(86_400);
    const keys = await scanKeys(redis.redis, `${prefix}:*`);
    expect(keys.length).toBeGreaterThanOrEqual(5);
    for (const key of keys) expect(await redis.redis.ttl(key), key).toBeGreaterThan(0);
  });

  it("keeps a message once when the reply is lost and the client retries", async () => {
    const prefix = uniquePrefix("contact");
    const store = upstashContactStore(client(), prefix, limits);
    // Redis learns the script first, so the dropped reply is the script's own.
    await store.save(lead(0), sender("c".repeat(64)), Date.now());
    redis.bridge.dropNextReply("EVALSHA");
    expect(await store.save(lead(1), sender("d".repeat(64)), Date.now())).toMatch(/^(saved|duplicate)$/);
    expect(await redis.redis.llen(contactKeys(prefix).leads)).toBe(2);
    expect(await redis.redis.get(contactKeys(prefix).sent(DAY, "d".repeat(64)))).toBe("1");
  });

  it("reads back a lead whose fields look like JSON, HTML or Lua", async () => {
    const store = upstashContactStore(client(), uniquePrefix("contact"), limits);
    const odd = lead(1, { name: '{"a":1}', message: '<script>alert("x")</script> ]] --[[ \\" end' });
    await store.save(odd, sender("f".repeat(64)), Date.now());
    expect((await store.list(1))[0]?.lead).toEqual(odd);
    expect((await store.claim(odd.id, 60_000, Date.now()))?.lead).toEqual(odd);
  });
});
