// Guards the contact store in Upstash (the production client over a real redis-server): a few
// messages a visitor a day, a bounded list under the quota's key prefix, every key with an
// expiry, and a retried call (its reply lost) that keeps the message once. Memory keeps the same
// limits.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ContactMessage,
  type ContactStore,
  contactKeys,
  memoryContactStore,
  upstashContactStore,
} from "@/lib/contact/store";
import { upstashClient } from "@/lib/quota";
import { openTestBridge, TEST_TOKEN, type TestBridge, uniquePrefix } from "../support/redis-bridge";

let redis: TestBridge;
beforeAll(async () => {
  redis = await openTestBridge();
});
afterAll(() => redis?.close());

const DAY = new Date().toISOString().slice(0, 10);
const END_OF_DAY = (Math.floor(Date.now() / 86_400_000) + 1) * 86_400_000;
const message = (n: number): ContactMessage => ({
  name: `Visitor ${n}`,
  email: "v@example.com",
  message: "Quiero una tienda en línea.",
  locale: "es",
  receivedAt: new Date().toISOString(),
});
const sender = (ipHash: string) => ({ ipHash, day: DAY, expireAtMs: END_OF_DAY, id: crypto.randomUUID() });
const limits = { perIpPerDay: 3, kept: 4, keptDays: 30 };

function describeLimits(name: string, make: () => ContactStore) {
  describe(`the contact store in ${name}`, () => {
    it("takes 3 messages a visitor a day, then refuses; another visitor still writes", async () => {
      const store = make();
      const outcomes = [];
      for (let n = 0; n < 4; n++) outcomes.push(await store.save(message(n), sender("a".repeat(64))));
      expect(outcomes).toEqual(["saved", "saved", "saved", "limited"]);
      expect(await store.save(message(9), sender("b".repeat(64)))).toBe("saved");
    });
  });
}

describeLimits("memory", () => memoryContactStore(limits));
describeLimits("Upstash", () =>
  upstashContactStore(upstashClient({ url: redis.bridge.url, token: TEST_TOKEN }), uniquePrefix("contact"), limits),
);

describe("the contact store in Upstash", () => {
  it("keeps the newest messages only, under the quota's prefix, and every key expires", async () => {
    const prefix = uniquePrefix("contact");
    const store = upstashContactStore(upstashClient({ url: redis.bridge.url, token: TEST_TOKEN }), prefix, limits);
    for (let n = 0; n < 6; n++) await store.save(message(n), sender(String(n).repeat(64)));
    const keys = contactKeys(prefix);
    const stored = await redis.redis.lRange(keys.messages, 0, -1);
    expect(stored.map((json) => (JSON.parse(json) as ContactMessage).name)).toEqual([
      "Visitor 5",
      "Visitor 4",
      "Visitor 3",
      "Visitor 2",
    ]);
    const listTtl = await redis.redis.ttl(keys.messages);
    expect(listTtl).toBeGreaterThan(29 * 86_400);
    expect(listTtl).toBeLessThanOrEqual(30 * 86_400);
    const counterTtl = await redis.redis.ttl(keys.sent(DAY, "0".repeat(64)));
    expect(counterTtl).toBeGreaterThan(0);
    expect(counterTtl).toBeLessThanOrEqual(86_400);
    for await (const batch of redis.redis.scanIterator({ MATCH: `${prefix}:*`, COUNT: 1000 })) {
      for (const key of batch) expect(await redis.redis.ttl(key), key).toBeGreaterThan(0);
    }
  });

  it("keeps a message once when the reply is lost and the client retries", async () => {
    const prefix = uniquePrefix("contact");
    const client = upstashClient({ url: redis.bridge.url, token: TEST_TOKEN });
    const store = upstashContactStore(client, prefix, limits);
    // Redis learns the script first, so the dropped reply is the script's own.
    await store.save(message(0), sender("c".repeat(64)));
    redis.bridge.dropNextReply("EVALSHA");
    expect(await store.save(message(1), sender("d".repeat(64)))).toBe("saved");
    expect(await redis.redis.lLen(contactKeys(prefix).messages)).toBe(2);
    expect(await redis.redis.get(contactKeys(prefix).sent(DAY, "d".repeat(64)))).toBe("1");
  });
});
