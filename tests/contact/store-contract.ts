// What every contact store must answer, run against Redis (through the bridge) and against memory:
// store first, then send; a message is claimed by one sender at a time and never after it was
// sent; a failed send leaves it unsent with its next try; the inbox lists the newest first.
import { describe, expect, it } from "vitest";
import type { ContactLimits, ContactStore } from "@/lib/contact/store";
import { lead, sender } from "./lead-fixtures";

const limits: ContactLimits = { perIpPerDay: 3, kept: 4, keptDays: 30 };

export function describeContactStore(name: string, make: (limits: ContactLimits) => ContactStore): void {
  describe(`the contact store in ${name}`, () => {
    it("takes 3 messages a visitor a day, then refuses; another visitor still writes", async () => {
      const store = make(limits);
      const outcomes = [];
      for (let n = 0; n < 4; n++) outcomes.push(await store.save(lead(n), sender("a".repeat(64)), Date.now()));
      expect(outcomes).toEqual(["saved", "saved", "saved", "limited"]);
      expect(await store.save(lead(9), sender("b".repeat(64)), Date.now())).toBe("saved");
    });

    it("keeps a message saved twice once, and counts it once", async () => {
      const store = make(limits);
      const one = lead(1);
      expect(await store.save(one, sender("c".repeat(64)), Date.now())).toBe("saved");
      expect(await store.save(one, sender("c".repeat(64)), Date.now())).toBe("duplicate");
      expect((await store.list(10)).filter((row) => row.lead.id === one.id)).toHaveLength(1);
      expect(await store.save(lead(2), sender("c".repeat(64)), Date.now())).toBe("saved");
      expect(await store.save(lead(3), sender("c".repeat(64)), Date.now())).toBe("saved");
    });

    it("saves unsent and due now; one claim at a time; sent is never claimed again", async () => {
      const store = make(limits);
      const one = lead(1, { name: "Marta", context: { source: "quote", serviceId: "landing-page", extraIds: [] } });
      const now = Date.now();
      await store.save(one, sender("d".repeat(64)), now);
      expect(await store.due(now, 10)).toContain(one.id);
      const claims = await Promise.all([store.claim(one.id, 60_000, now), store.claim(one.id, 60_000, now)]);
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(claims.find(Boolean)).toEqual({ lead: one, attempts: 0 });
      await store.markSent(one.id, now);
      expect(await store.claim(one.id, 60_000, now)).toBeNull();
      expect(await store.due(now + 86_400_000, 10)).not.toContain(one.id);
      const [row] = (await store.list(10)).filter((r) => r.lead.id === one.id);
      expect(row?.delivery).toMatchObject({ state: "sent", attempts: 0, sentAt: new Date(now).toISOString() });
    });

    it("a failed send frees the claim, counts the try and waits for its next time", async () => {
      const store = make(limits);
      const one = lead(1);
      const now = Date.now();
      await store.save(one, sender("e".repeat(64)), now);
      expect(await store.claim(one.id, 60_000, now)).not.toBeNull();
      await store.markFailed(one.id, "timeout", now + 60_000);
      expect(await store.due(now, 10)).not.toContain(one.id);
      expect(await store.due(now + 60_000, 10)).toContain(one.id);
      // Not before then: a replayed form's send finds nothing to take.
      expect(await store.claim(one.id, 60_000, now + 59_999)).toBeNull();
      expect(await store.claim(one.id, 60_000, now + 60_000)).toEqual({ lead: one, attempts: 1 });
      const [row] = (await store.list(10)).filter((r) => r.lead.id === one.id);
      expect(row?.delivery).toEqual({ state: "unsent", attempts: 1, lastError: "timeout" });
      // A late failure report never turns a sent message back to unsent.
      await store.markSent(one.id, now);
      await store.markFailed(one.id, "late", now);
      expect((await store.list(10)).find((r) => r.lead.id === one.id)?.delivery.state).toBe("sent");
    });

    it("lists the newest messages first, only the last few kept; an unknown id is never claimed", async () => {
      const store = make(limits);
      for (let n = 0; n < 6; n++) await store.save(lead(n), sender(String(n).repeat(64)), Date.now());
      expect((await store.list(10)).map((row) => row.lead.name)).toEqual([
        "Visitor 5",
        "Visitor 4",
        "Visitor 3",
        "Visitor 2",
      ]);
      expect((await store.list(2)).map((row) => row.lead.name)).toEqual(["Visitor 5", "Visitor 4"]);
      expect(await store.claim("no-such-id", 60_000, Date.now())).toBeNull();
    });

    it("reads one message by its id with its delivery; an unknown id is null", async () => {
      const store = make(limits);
      const one = lead(1, { name: "Read Back" });
      const two = lead(2);
      await store.save(one, sender("e".repeat(64)), Date.now());
      await store.save(two, sender("e".repeat(64)), Date.now());
      await store.markSent(one.id, Date.now());
      const found = await store.get(one.id);
      expect(found?.lead).toEqual(one);
      expect(found?.delivery.state).toBe("sent");
      expect((await store.get(two.id))?.delivery).toEqual({ state: "unsent", attempts: 0 });
      expect(await store.get("no-such-id")).toBeNull();
    });
  });
}
