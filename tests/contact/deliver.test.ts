// Guards store-first-then-send against real Redis (through the bridge) and memory: a message is
// sent after it is stored; a send that fails or hangs leaves it unsent with its next try, and a
// retry sends it once; two senders racing for one message send it once; with no transport
// nothing is claimed; retries go in bounded batches.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DELIVERY, deliverLead, nextAttemptAt, retryDue } from "@/lib/contact/deliver";
import type { Lead } from "@/lib/contact/lead";
import { type ContactStore, memoryContactStore, upstashContactStore } from "@/lib/contact/store";
import { type LeadTransport, SendError } from "@/lib/contact/transports";
import { upstashClient } from "@/lib/platform/redis";
import { openTestBridge, TEST_TOKEN, type TestBridge, uniquePrefix } from "../support/redis-bridge";
import { lead, sender } from "./lead-fixtures";

let redis: TestBridge;
beforeAll(async () => {
  redis = await openTestBridge();
});
afterAll(() => redis?.close());

function recorder(behaviour: (lead: Lead, signal: AbortSignal) => Promise<void> = async () => {}) {
  const sent: string[] = [];
  const transport: LeadTransport = {
    kind: "email",
    async send(lead, signal) {
      await behaviour(lead, signal);
      sent.push(lead.id);
    },
  };
  return { transport, sent };
}

const quiet = () => vi.spyOn(console, "error").mockImplementation(() => {});

for (const [name, make] of [
  ["memory", () => memoryContactStore()],
  [
    "Redis",
    () => upstashContactStore(upstashClient({ url: redis.bridge.url, token: TEST_TOKEN }), uniquePrefix("deliver")),
  ],
] as [string, () => ContactStore][]) {
  describe(`delivering leads (${name})`, () => {
    it("sends a stored message once and marks it sent", async () => {
      const store = make();
      const one = lead(1);
      await store.save(one, sender("a".repeat(64)), Date.now());
      const { transport, sent } = recorder();
      expect(await deliverLead(one.id, { store, transport })).toBe("sent");
      expect(await deliverLead(one.id, { store, transport })).toBe("skipped");
      expect(sent).toEqual([one.id]);
    });

    it("a send that throws leaves it unsent with a backoff; the retry sends it once", async () => {
      const store = make();
      const one = lead(1);
      const now = Date.now();
      await store.save(one, sender("b".repeat(64)), now);
      let fail = true;
      const { transport, sent } = recorder(async () => {
        if (fail) throw new SendError("webhook_http_502");
      });
      const errors = quiet();
      try {
        expect(await deliverLead(one.id, { store, transport, now: () => now })).toBe("failed");
      } finally {
        errors.mockRestore();
      }
      expect((await store.list(1))[0]?.delivery).toEqual({
        state: "unsent",
        attempts: 1,
        lastError: "webhook_http_502",
      });
      // Not due before its next try.
      expect(await retryDue({ store, transport, now: () => now + 1_000 })).toEqual([]);
      fail = false;
      const later = () => now + DELIVERY.firstRetryMs;
      expect(await retryDue({ store, transport, now: later })).toEqual(["sent"]);
      expect(await retryDue({ store, transport, now: () => later() + DELIVERY.maxRetryMs })).toEqual([]);
      expect(sent).toEqual([one.id]);
    });

    it("a send that hangs counts as failed at the timeout", async () => {
      const store = make();
      const one = lead(1);
      await store.save(one, sender("c".repeat(64)), Date.now());
      const { transport, sent } = recorder(
        (_lead, signal) => new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason))),
      );
      const errors = quiet();
      try {
        expect(await deliverLead(one.id, { store, transport, timeoutMs: 50 })).toBe("failed");
      } finally {
        errors.mockRestore();
      }
      expect(sent).toEqual([]);
      expect((await store.list(1))[0]?.delivery).toMatchObject({ state: "unsent", lastError: "timeout" });
    });

    it("two senders racing for one message send it once", async () => {
      const store = make();
      const one = lead(1);
      await store.save(one, sender("d".repeat(64)), Date.now());
      const { transport, sent } = recorder(() => new Promise((resolve) => setTimeout(resolve, 30)));
      const outcomes = await Promise.all(Array.from({ length: 8 }, () => deliverLead(one.id, { store, transport })));
      expect(outcomes.filter((outcome) => outcome === "sent")).toHaveLength(1);
      expect(sent).toEqual([one.id]);
    });

    it("with no transport claims nothing: the message stays unsent and due", async () => {
      const store = make();
      const one = lead(1);
      await store.save(one, sender("e".repeat(64)), Date.now());
      expect(await deliverLead(one.id, { store, transport: null })).toBe("skipped");
      expect(await retryDue({ store, transport: null })).toEqual([]);
      expect(await store.due(Date.now(), 10)).toContain(one.id);
      expect(await store.claim(one.id, 1_000, Date.now())).not.toBeNull();
    });

    it("retries a bounded batch, oldest first", async () => {
      const store = make();
      const now = Date.now();
      const leads = [lead(1), lead(2), lead(3), lead(4)];
      for (const [n, one] of leads.entries()) await store.save(one, sender(String(n).repeat(64)), now - 10_000 + n);
      const { transport, sent } = recorder();
      expect(await retryDue({ store, transport, now: () => now }, 3)).toEqual(["sent", "sent", "sent"]);
      expect(sent).toEqual(leads.slice(0, 3).map((one) => one.id));
    });
  });
}

describe("the claim's lease", () => {
  it("outlasts a send's timeout: a second sender that comes while a send may still run sends nothing", async () => {
    expect(DELIVERY.leaseMs).toBeGreaterThan(DELIVERY.timeoutMs);
    const store = memoryContactStore();
    const one = lead(1);
    const start = Date.now();
    await store.save(one, sender("l".repeat(64)), start);
    let release = () => {};
    let sending = false;
    const slow = recorder(
      () =>
        new Promise<void>((resolve) => {
          sending = true;
          release = resolve;
        }),
    );
    const first = deliverLead(one.id, { store, transport: slow.transport, now: () => start });
    await vi.waitFor(() => expect(sending).toBe(true));
    // The store's clock (the lease's) at the last moment the first send may still be running.
    const clock = vi.spyOn(Date, "now").mockReturnValue(start + DELIVERY.timeoutMs + 1_000);
    const late = recorder();
    const second = await deliverLead(one.id, {
      store,
      transport: late.transport,
      now: () => start + DELIVERY.timeoutMs + 1_000,
    });
    clock.mockRestore();
    release();
    expect(await first).toBe("sent");
    expect(second).toBe("skipped");
    expect([...slow.sent, ...late.sent]).toEqual([one.id]);
  });
});

describe("the backoff", () => {
  it("doubles from a minute and stops growing at 6 hours", () => {
    expect(nextAttemptAt(0, 0)).toBe(60_000);
    expect(nextAttemptAt(0, 1)).toBe(120_000);
    expect(nextAttemptAt(0, 3)).toBe(480_000);
    expect(nextAttemptAt(0, 30)).toBe(DELIVERY.maxRetryMs);
  });
});
