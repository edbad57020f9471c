import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordKeys, upstashRecordStore } from "@/lib/lab/records/upstash-store";
import { upstashClient } from "@/lib/platform/redis";
import { openTestBridge, TEST_TOKEN, type TestBridge, uniquePrefix } from "@/tests/support/redis-bridge";
import { agentRecord } from "./record-fixtures";
import { describeRecordStoreContract } from "./record-store-contract";

let redis: TestBridge;
beforeAll(async () => {
  redis = await openTestBridge();
});
afterAll(() => redis?.close());

const client = () => upstashClient({ url: redis.bridge.url, token: TEST_TOKEN });

// The production client (@upstash/redis over fetch) against a real redis-server.
describeRecordStoreContract("Upstash store (real Redis through the REST bridge)", (limits, now) =>
  upstashRecordStore(client(), uniquePrefix("records"), limits, now),
);

describe("the Upstash store's keys", () => {
  it("expire with the retention, the lead with its record", async () => {
    const prefix = uniquePrefix("records");
    const keys = recordKeys(prefix);
    const store = upstashRecordStore(client(), prefix, { retentionDays: 3, perDay: 10, maxBytes: 24_576 });
    const record = agentRecord();
    await store.put(record);
    await store.linkLead(record.id, "lead-1");
    const kept = 3 * 86_400;
    expect(await redis.redis.ttl(keys.record(record.id))).toBeGreaterThan(kept - 60);
    expect(await redis.redis.ttl(keys.record(record.id))).toBeLessThanOrEqual(kept);
    expect(await redis.redis.ttl(keys.lead(record.id))).toBeLessThanOrEqual(kept);
    expect(await redis.redis.ttl(keys.lead(record.id))).toBeGreaterThan(kept - 60);
    for (const key of [keys.day(record.day), keys.uses(record.day)]) {
      expect(await redis.redis.ttl(key)).toBeGreaterThan(kept);
      expect(await redis.redis.ttl(key)).toBeLessThanOrEqual(kept + 86_400);
    }
    // Expired: Redis deletes the record; the store reads it as unknown.
    await redis.redis.del(keys.record(record.id));
    expect(await store.get(record.id)).toBeNull();
    expect(await store.linkLead(record.id, "lead-2")).toBe(false);
  });

  it("a use past the day's cap leaves a marker that expires within a day (a retried write counts it once)", async () => {
    const prefix = uniquePrefix("records");
    const keys = recordKeys(prefix);
    const store = upstashRecordStore(client(), prefix, { retentionDays: 3, perDay: 1, maxBytes: 24_576 });
    const first = agentRecord();
    const second = agentRecord();
    expect(await store.put(first)).toBe("kept");
    expect(await store.put(second)).toBe("counted");
    expect(await store.put(second)).toBe("counted");
    expect(await redis.redis.get(keys.uses(second.day))).toBe("2");
    const ttl = await redis.redis.ttl(keys.counted(second.id));
    expect(ttl).toBeGreaterThan(86_400 - 60);
    expect(ttl).toBeLessThanOrEqual(86_400);
  });

  it("reads a record of another shape as missing, not as a record", async () => {
    const prefix = uniquePrefix("records");
    const store = upstashRecordStore(client(), prefix);
    const record = agentRecord();
    for (const stored of ["not json", JSON.stringify({ ...record, v: 2 }), JSON.stringify({ ...record, id: "x" })]) {
      await redis.redis.set(recordKeys(prefix).record(record.id), stored);
      expect(await store.get(record.id)).toBeNull();
    }
  });
});
