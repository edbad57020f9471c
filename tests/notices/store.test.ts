// Guards the notice store in Upstash (the production client over a real redis-server) and in
// memory against one contract, plus what only Redis has: every key expires, under the quota's prefix.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryNoticeStore, upstashNoticeStore } from "@/lib/notices/store";
import { upstashClient } from "@/lib/platform/redis";
import { openTestBridge, scanKeys, TEST_TOKEN, type TestBridge, uniquePrefix } from "../support/redis-bridge";
import { describeNoticeStore } from "./store-contract";

let redis: TestBridge;
beforeAll(async () => {
  redis = await openTestBridge();
});
afterAll(() => redis?.close());

const client = () => upstashClient({ url: redis.bridge.url, token: TEST_TOKEN });

describeNoticeStore("memory", () => memoryNoticeStore());
describeNoticeStore("Upstash store (real Redis through the REST bridge)", () =>
  upstashNoticeStore(client(), uniquePrefix("notices")),
);

describe("the notice store in Upstash", () => {
  it("keeps every key under the quota's prefix, each with an expiry", async () => {
    const prefix = uniquePrefix("notices");
    const store = upstashNoticeStore(client(), prefix);
    await store.claim("digest:2026-12-01", "a", 60_000);
    await store.finish(
      "digest:2026-12-01",
      "a",
      { state: "sent", at: new Date().toISOString(), day: "2026-12-01" },
      3 * 86_400,
    );
    await store.claim("alert:bot:2026-12-02", "b", 60_000);
    const keys = await scanKeys(redis.redis, `${prefix}:*`);
    expect(keys.sort()).toEqual(
      [
        `${prefix}:notice:claim:alert:bot:2026-12-02`,
        `${prefix}:notice:done:digest:2026-12-01`,
        `${prefix}:notice:last-digest`,
      ].sort(),
    );
    for (const key of keys) expect(await redis.redis.pttl(key), key).toBeGreaterThan(0);
  });
});
