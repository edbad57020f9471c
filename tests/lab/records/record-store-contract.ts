// What every record store must answer, run against Redis (through the bridge) and against memory:
// `next dev` keeps records as production does.
import { describe, expect, it } from "vitest";
import type { LabRecordStore, RecordLimits } from "@/lib/lab/records";
import { DEFAULT_RECORD_LIMITS } from "@/lib/lab/records";
import { agentRecord, chatRecord, reviewRecord } from "./record-fixtures";

const DAY_MS = 86_400_000;

export type StoreMaker = (limits: RecordLimits, now?: () => number) => LabRecordStore;

export function describeRecordStoreContract(name: string, makeStore: StoreMaker): void {
  const make = (limits: Partial<RecordLimits> = {}, now?: () => number) =>
    makeStore({ ...DEFAULT_RECORD_LIMITS, ...limits }, now);

  describe(`records on the ${name}`, () => {
    it("keeps a record of each use and reads it back whole, by id", async () => {
      const store = make();
      for (const record of [agentRecord(), chatRecord(), reviewRecord()]) {
        expect(await store.put(record)).toBe("kept");
        expect(await store.get(record.id)).toEqual(record);
      }
    });

    it("lists a day newest first, a page at a time, and counts it", async () => {
      const store = make();
      const start = Date.now();
      const records = Array.from({ length: 5 }, (_, i) => agentRecord(start + i * 1000));
      for (const record of records) await store.put(record);
      const day = records[0]?.day as string;
      const first = await store.list({ day, limit: 3 });
      expect(first.records.map((r) => r.id)).toEqual(
        records
          .slice(2)
          .reverse()
          .map((r) => r.id),
      );
      const second = await store.list({ day, limit: 3, cursor: first.cursor });
      expect(second.records.map((r) => r.id)).toEqual(
        records
          .slice(0, 2)
          .reverse()
          .map((r) => r.id),
      );
      expect(second.cursor).toBeNull();
      expect(await store.count(day)).toEqual({ day, uses: 5, kept: 5 });
      expect((await store.list({ day: "2001-01-01" })).records).toEqual([]);
      expect((await store.list({ day, cursor: "not-a-cursor" })).records).toEqual([]);
    });

    it("writes once however often the client retries", async () => {
      const store = make();
      const record = agentRecord();
      expect(await store.put(record)).toBe("kept");
      expect(await store.put(record)).toBe("duplicate");
      expect(await store.put({ ...record, durationMs: 1 })).toBe("duplicate");
      expect(await store.get(record.id)).toEqual(record);
      expect(await store.count(record.day)).toMatchObject({ uses: 1, kept: 1 });
    });

    it("past the day's cap counts a use without keeping it, once per use", async () => {
      const store = make({ perDay: 2 });
      const now = Date.now();
      const [a, b, c] = [agentRecord(now), chatRecord(now + 1), reviewRecord(now + 2)];
      if (!a || !b || !c) throw new Error("fixtures");
      expect(await store.put(a)).toBe("kept");
      expect(await store.put(b)).toBe("kept");
      expect(await store.put(c)).toBe("counted");
      expect(await store.put(c)).toBe("counted");
      expect(await store.get(c.id)).toBeNull();
      expect(await store.count(a.day)).toEqual({ day: a.day, uses: 3, kept: 2 });
    });

    it("links a run to its lead once, and not a run it doesn't keep", async () => {
      const store = make();
      const record = agentRecord();
      await store.put(record);
      expect(await store.linkLead(record.id, "lead-1")).toBe(true);
      expect(await store.linkLead(record.id, "lead-2")).toBe(true);
      expect((await store.get(record.id))?.leadId).toBe("lead-1");
      expect((await store.list({ day: record.day })).records[0]?.leadId).toBe("lead-1");
      // A retried put after the link keeps the link.
      expect(await store.put(record)).toBe("duplicate");
      expect((await store.get(record.id))?.leadId).toBe("lead-1");
      expect(await store.linkLead(agentRecord().id, "lead-3")).toBe(false);
    });

    it("keeps nothing with a retention of 0 days", async () => {
      const store = make({ retentionDays: 0 });
      const record = agentRecord();
      expect(await store.put(record)).toBe("counted");
      expect(await store.get(record.id)).toBeNull();
    });

    it("an unknown id reads as null", async () => {
      expect(await make().get(agentRecord().id)).toBeNull();
    });
  });
}

export { DAY_MS };
