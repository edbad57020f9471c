// What every notice store must answer, run against Redis (through the bridge) and against memory:
// a notice is claimed by one sender only, done once finished, free again after a failed send.
import { describe, expect, it } from "vitest";
import type { NoticeOutcome, NoticeStore } from "@/lib/notices/store";

const sent = (day: string): NoticeOutcome => ({ state: "sent", at: "2026-12-02T13:05:00.000Z", day });

export function describeNoticeStore(name: string, makeStore: () => NoticeStore): void {
  describe(`notices on the ${name}`, () => {
    it("lets one claim through, marks it done, and a done notice is never claimed again", async () => {
      const store = makeStore();
      expect(await store.done(["digest:2026-12-01", "alert:bot:2026-12-02"])).toEqual(new Set());
      expect(await store.claim("digest:2026-12-01", "a", 60_000)).toBe(true);
      expect(await store.claim("digest:2026-12-01", "b", 60_000)).toBe(false);
      await store.finish("digest:2026-12-01", "a", sent("2026-12-01"), 3600);
      expect(await store.done(["digest:2026-12-01", "alert:bot:2026-12-02"])).toEqual(new Set(["digest:2026-12-01"]));
      expect(await store.claim("digest:2026-12-01", "c", 60_000)).toBe(false);
      expect(await store.lastDigest()).toEqual(sent("2026-12-01"));
    });

    it("frees a notice whose send failed, for the next firing, and only its own claim", async () => {
      const store = makeStore();
      expect(await store.claim("alert:leads:2026-12-02", "first", 60_000)).toBe(true);
      await store.release("alert:leads:2026-12-02", "someone-else");
      expect(await store.claim("alert:leads:2026-12-02", "second", 60_000)).toBe(false);
      await store.release("alert:leads:2026-12-02", "first");
      expect(await store.claim("alert:leads:2026-12-02", "second", 60_000)).toBe(true);
      // An alert is done, but it is no digest: the last digest stays as it was.
      await store.finish("alert:leads:2026-12-02", "second", sent("2026-12-02"), 3600);
      expect(await store.lastDigest()).toBeNull();
    });

    it("gives a claim back when its lease ends (a sender that died mid-send)", async () => {
      const store = makeStore();
      expect(await store.claim("digest:2026-12-03", "dead", 30)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 80));
      expect(await store.claim("digest:2026-12-03", "alive", 60_000)).toBe(true);
    });

    it("lets exactly one of many concurrent claims through", async () => {
      const store = makeStore();
      const claims = await Promise.all(
        Array.from({ length: 20 }, (_, i) => store.claim("digest:2026-12-04", `t${i}`, 60_000)),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
    });

    it("remembers a digest not sent, and a quiet day is no last digest", async () => {
      const store = makeStore();
      await store.claim("digest:2026-12-05", "a", 60_000);
      await store.finish("digest:2026-12-05", "a", { ...sent("2026-12-05"), state: "not_sent" }, 3600);
      await store.claim("digest:2026-12-06", "b", 60_000);
      await store.finish("digest:2026-12-06", "b", { ...sent("2026-12-06"), state: "quiet" }, 3600);
      expect(await store.lastDigest()).toEqual({ ...sent("2026-12-05"), state: "not_sent" });
      expect(await store.done(["digest:2026-12-06"])).toEqual(new Set(["digest:2026-12-06"]));
    });
  });
}
