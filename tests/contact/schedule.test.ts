// Guards the leads' schedule (the Worker's Cron Trigger, `next start`'s interval): a message whose
// send failed is sent by the schedule alone, with no later visitor; an email service down for a
// whole day loses nothing and the message goes out within the longest retry wait once it is back;
// what expired is pruned (an id left behind would hold a place in every batch); the route that
// runs it answers only the server's own token.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { POST } from "@/app/api/internal/leads/route";
import { DELIVERY } from "@/lib/contact/deliver";
import { runLeadSchedule } from "@/lib/contact/schedule";
import { type ContactStore, contactKeys, memoryContactStore, upstashContactStore } from "@/lib/contact/store";
import type { LeadTransport } from "@/lib/contact/transports";
import { upstashClient } from "@/lib/platform/redis";
import {
  carriesInternalToken,
  INTERNAL_TOKEN_HEADER,
  internalToken,
  LEADS_SCHEDULE_PATH,
  leadScheduleRequest,
} from "@/lib/site/internal-requests";
import { openTestBridge, TEST_TOKEN, type TestBridge, uniquePrefix } from "../support/redis-bridge";
import { lead, sender } from "./lead-fixtures";

let redis: TestBridge;
beforeAll(async () => {
  redis = await openTestBridge();
});
afterAll(() => redis?.close());
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "info").mockImplementation(() => {});
  return () => vi.restoreAllMocks();
});

/** An email service that is down until `upAt`, and records what it took. */
function service(upAt: { ms: number }, now: () => number) {
  const sent: string[] = [];
  const transport: LeadTransport = {
    kind: "email",
    async send(kept) {
      if (now() < upAt.ms) throw new Error("down");
      sent.push(kept.id);
    },
  };
  return { transport, sent };
}

const stores: [string, () => ContactStore][] = [
  ["memory", () => memoryContactStore()],
  [
    "Redis",
    () => upstashContactStore(upstashClient({ url: redis.bridge.url, token: TEST_TOKEN }), uniquePrefix("schedule")),
  ],
];

for (const [name, make] of stores) {
  describe(`the leads' schedule (${name})`, () => {
    it("sends a message the email service refused for a day, on its own, once, soon after the service is back", async () => {
      const store = make();
      const start = Date.now();
      let clock = start;
      const now = () => clock;
      const upAt = { ms: start + 24 * 60 * 60_000 };
      const { transport, sent } = service(upAt, now);
      const kept = lead(1);
      await store.save(kept, sender("s".repeat(64)), clock);
      // Every 5 minutes, as the Cron Trigger runs, for a day and then until it is sent.
      let sentAt: number | null = null;
      while (clock < upAt.ms + DELIVERY.maxRetryMs + 60 * 60_000 && sentAt === null) {
        const run = await runLeadSchedule({ store, transport, now });
        if (run.sent > 0) sentAt = clock;
        clock += 5 * 60_000;
      }
      expect(sent).toEqual([kept.id]);
      expect(sentAt).not.toBeNull();
      expect((sentAt ?? 0) - upAt.ms).toBeLessThanOrEqual(DELIVERY.maxRetryMs + 5 * 60_000);
      const [row] = await store.list(10);
      expect(row?.delivery.state).toBe("sent");
      // Sent once: later runs find nothing due.
      expect(await runLeadSchedule({ store, transport, now })).toMatchObject({ sent: 0, failed: 0 });
      // A day and more of runs, each a few calls to the store.
    }, 120_000);
  });
}

describe("one run of the schedule", () => {
  it("tries its whole batch, more than a visitor's trigger does", async () => {
    expect(DELIVERY.scheduleBatch).toBeGreaterThan(DELIVERY.retryBatch);
    const store = memoryContactStore({ perIpPerDay: 10, kept: 500, keptDays: 30 });
    const now = Date.now();
    for (let n = 0; n < DELIVERY.scheduleBatch + 2; n++) {
      await store.save(lead(n), sender(n.toString(16).padStart(64, "0")), now - 60_000 + n);
    }
    const { transport, sent } = service({ ms: 0 }, () => now);
    expect(await runLeadSchedule({ store, transport, now: () => now })).toMatchObject({
      sent: DELIVERY.scheduleBatch,
      failed: 0,
    });
    expect(sent).toHaveLength(DELIVERY.scheduleBatch);
  });
});

describe("pruning", () => {
  it("drops the ids of messages whose keys expired in Redis, so they hold no place in a batch", async () => {
    const prefix = uniquePrefix("prune");
    const store = upstashContactStore(upstashClient({ url: redis.bridge.url, token: TEST_TOKEN }), prefix);
    const gone = lead(1);
    const live = lead(2);
    await store.save(gone, sender("p".repeat(64)), Date.now());
    await store.save(live, sender("q".repeat(64)), Date.now());
    // As Redis does when the message's 30 days end.
    await redis.redis.del(contactKeys(prefix).lead(gone.id));
    expect(await store.prune(Date.now())).toBe(1);
    expect(await store.due(Date.now(), 10)).toEqual([live.id]);
    expect(await redis.redis.lrange(contactKeys(prefix).leads, 0, -1)).toEqual([live.id]);
  });

  it("drops messages older than the days they are kept from memory", async () => {
    const store = memoryContactStore({ perIpPerDay: 10, kept: 500, keptDays: 30 });
    const now = Date.now();
    const old = lead(1, { receivedAt: new Date(now - 31 * 86_400_000).toISOString() });
    await store.save(old, sender("o".repeat(64)), now);
    await store.save(lead(2), sender("n".repeat(64)), now);
    expect(await store.prune(now)).toBe(1);
    expect(store.leads().map((kept) => kept.id)).not.toContain(old.id);
    expect(await store.due(now, 10)).not.toContain(old.id);
  });
});

describe("the schedule's route", () => {
  const post = (headers: Record<string, string>) =>
    POST(new Request(`http://localhost${LEADS_SCHEDULE_PATH}`, { method: "POST", headers }));

  it("answers 404 without this process's token, and runs with it", async () => {
    vi.stubEnv("UPSTASH_REDIS_REST_URL", "");
    vi.stubEnv("UPSTASH_REDIS_REST_TOKEN", "");
    // The token exists first: a wrong one is refused because it is wrong, not because none was made.
    const token = internalToken();
    const oneOff = `${token.slice(0, -1)}${token.endsWith("0") ? "1" : "0"}`;
    const firstOff = `${token.startsWith("0") ? "1" : "0"}${token.slice(1)}`;
    for (const wrong of ["", "0".repeat(64), oneOff, firstOff, token.slice(0, -1), `${token}0`, token.toUpperCase()]) {
      if (wrong === token) continue;
      expect((await post({ [INTERNAL_TOKEN_HEADER]: wrong })).status, wrong).toBe(404);
    }
    expect((await post({})).status).toBe(404);
    const ran = await post({ [INTERNAL_TOKEN_HEADER]: token });
    expect(ran.status).toBe(200);
    expect(await ran.json()).toMatchObject({ sent: 0, failed: 0, pruned: expect.any(Number) });
    vi.unstubAllEnvs();
  });

  it("runs when the Cron Trigger or next start's interval sends it (leadScheduleRequest), and only then", async () => {
    vi.stubEnv("UPSTASH_REDIS_REST_URL", "");
    vi.stubEnv("UPSTASH_REDIS_REST_TOKEN", "");
    const request = leadScheduleRequest("http://localhost");
    expect(new URL(request.url).pathname).toBe(LEADS_SCHEDULE_PATH);
    expect(carriesInternalToken(request.headers.get(INTERNAL_TOKEN_HEADER))).toBe(true);
    expect((await POST(request)).status).toBe(200);
    vi.unstubAllEnvs();
  });
});
