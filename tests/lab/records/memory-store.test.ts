import { describe, expect, it } from "vitest";
import { memoryRecordStore } from "@/lib/lab/records";
import { agentRecord } from "./record-fixtures";
import { DAY_MS, describeRecordStoreContract } from "./record-store-contract";

describeRecordStoreContract("memory store", (limits, now) => memoryRecordStore(limits, now));

describe("the memory store's expiry", () => {
  it("forgets a record, its lead and its day after the retention", async () => {
    let now = Date.now();
    const store = memoryRecordStore({ retentionDays: 2, perDay: 10, maxBytes: 24_576 }, () => now);
    const record = agentRecord(now);
    await store.put(record);
    await store.linkLead(record.id, "lead-1");
    now += 2 * DAY_MS - 1000;
    expect((await store.get(record.id))?.leadId).toBe("lead-1");
    now += 2000;
    expect(await store.get(record.id)).toBeNull();
    expect((await store.list({ day: record.day })).records).toEqual([]);
    expect(await store.linkLead(record.id, "lead-2")).toBe(false);
  });
});
