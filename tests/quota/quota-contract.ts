// What every quota store must answer, run against Redis (through the bridge) and against memory:
// `next dev` with no Upstash settings must behave as production does.
import { describe, expect, it } from "vitest";
import { createQuota, type QuotaLimits, type QuotaStore, type Usage } from "@/lib/quota";

const DAY_MS = 86_400_000;
// A day in the future: Redis deletes keys whose EXPIREAT is already past.
const FUTURE_DAY = (Math.floor(Date.now() / DAY_MS) + 3) * DAY_MS;

const usage = (overrides: Partial<Usage> = {}): Usage => ({
  inputTokens: 1200,
  outputTokens: 300,
  cachedInputTokens: 800,
  neurons: 12.5,
  model: "@cf/google/gemma-4-26b-a4b-it",
  estimated: false,
  ...overrides,
});

export function describeQuotaContract(name: string, makeStore: () => QuotaStore): void {
  const quotaWith = (limits: Partial<QuotaLimits> = {}, now?: () => number) =>
    createQuota({
      store: makeStore(),
      salt: "contract-salt-0123456789",
      limits: { burstPerMinute: 0, ...limits },
      now,
    });

  describe(`quota on the ${name}`, () => {
    it("takes units from the IP and the site and says what is left", async () => {
      const quota = quotaWith();
      const first = await quota.reserve({ ip: "203.0.113.7", units: 2 });
      const second = await quota.reserve({ ip: "203.0.113.8", units: 1 });
      expect(first).toMatchObject({ ok: true, remaining: { ip: 18, site: 118 } });
      expect(second).toMatchObject({ ok: true, remaining: { ip: 19, site: 117 } });
      expect((await quota.today()).units).toEqual({ used: 3, limit: 120 });
    });

    it("refuses a 2-unit reservation with 1 unit left, takes nothing, and still grants 1 unit", async () => {
      const quota = quotaWith({ ipUnitsPerDay: 5 });
      const ip = "198.51.100.20";
      expect(await quota.reserve({ ip, units: 2 })).toMatchObject({ ok: true, remaining: { ip: 3 } });
      expect(await quota.reserve({ ip, units: 2 })).toMatchObject({ ok: true, remaining: { ip: 1 } });
      const refused = await quota.reserve({ ip, units: 2 });
      expect(refused).toMatchObject({ ok: false, code: "quota_exceeded", limit: "ip" });
      expect((await quota.today()).units.used).toBe(4);
      expect(await quota.reserve({ ip, units: 1 })).toMatchObject({ ok: true, remaining: { ip: 0 } });
      expect(await quota.reserve({ ip, units: 1 })).toMatchObject({ ok: false, limit: "ip" });
      expect((await quota.today()).units.used).toBe(5);
    });

    it("refuses on the site's limit without touching the refused IP's units", async () => {
      const quota = quotaWith({ siteUnitsPerDay: 5 });
      await quota.reserve({ ip: "192.0.2.1", units: 2 });
      await quota.reserve({ ip: "192.0.2.2", units: 2 });
      expect(await quota.reserve({ ip: "192.0.2.3", units: 2 })).toMatchObject({ ok: false, limit: "site" });
      // Had the refusal taken the IP's units, this would say 18.
      expect(await quota.reserve({ ip: "192.0.2.3", units: 1 })).toMatchObject({ ok: true, remaining: { ip: 19 } });
    });

    it("resets at the next UTC midnight, and a new day has all its units", async () => {
      let now = FUTURE_DAY - 1000;
      const quota = quotaWith({ ipUnitsPerDay: 2 }, () => now);
      const ip = "203.0.113.50";
      expect(await quota.reserve({ ip, units: 2 })).toMatchObject({ ok: true, resetAt: iso(FUTURE_DAY) });
      expect(await quota.reserve({ ip, units: 1 })).toEqual({
        ok: false,
        code: "quota_exceeded",
        limit: "ip",
        resetAt: iso(FUTURE_DAY),
        retryAfterSeconds: 1,
      });
      now = FUTURE_DAY + 1000;
      expect(await quota.reserve({ ip, units: 2 })).toMatchObject({ ok: true, remaining: { ip: 0 } });
      expect((await quota.today()).day).toBe(iso(FUTURE_DAY).slice(0, 10));
    });

    it("releases a reservation's units once", async () => {
      const quota = quotaWith();
      const ip = "203.0.113.9";
      const granted = await quota.reserve({ ip, units: 2 });
      if (!granted.ok) throw new Error("expected a grant");
      expect(await quota.release(granted.reservation)).toEqual({ released: true });
      expect(await quota.release(granted.reservation)).toEqual({ released: false });
      const totals = await quota.today();
      expect(totals.units.used).toBe(0);
      expect(totals.releases).toBe(1);
      expect(await quota.reserve({ ip, units: 2 })).toMatchObject({ ok: true, remaining: { ip: 18, site: 118 } });
    });

    it("refuses to release a reservation under another IP's hash", async () => {
      const quota = quotaWith();
      const granted = await quota.reserve({ ip: "203.0.113.10", units: 2 });
      if (!granted.ok) throw new Error("expected a grant");
      const forged = { ...granted.reservation, ipHash: "0".repeat(64) };
      expect(await quota.release(forged)).toEqual({ released: false });
      expect((await quota.today()).units.used).toBe(2);
    });

    it("records usage once per reservation and sums the day's totals by model", async () => {
      const quota = quotaWith();
      const a = await quota.reserve({ ip: "203.0.113.11", units: 2 });
      const b = await quota.reserve({ ip: "203.0.113.12", units: 2 });
      if (!a.ok || !b.ok) throw new Error("expected grants");
      expect(await quota.record(a.reservation, usage())).toEqual({ recorded: true });
      expect(await quota.record(a.reservation, usage())).toEqual({ recorded: false });
      const offline = usage({ model: "offline-planner", neurons: 0, estimated: true, cachedInputTokens: undefined });
      expect(await quota.record(b.reservation, offline)).toEqual({ recorded: true });

      const totals = await quota.today();
      expect(totals).toMatchObject({
        runs: 2,
        reservations: 2,
        inputTokens: 2400,
        outputTokens: 600,
        cachedInputTokens: 800,
        neurons: 12.5,
        estimatedRuns: 1,
        neuronAllowance: 10_000,
      });
      expect(totals.byModel).toEqual({
        "@cf/google/gemma-4-26b-a4b-it": {
          runs: 1,
          inputTokens: 1200,
          outputTokens: 300,
          cachedInputTokens: 800,
          neurons: 12.5,
        },
        "offline-planner": { runs: 1, inputTokens: 1200, outputTokens: 300, cachedInputTokens: 0, neurons: 0 },
      });
    });

    it("keeps fractional neurons and model ids with colons", async () => {
      const quota = quotaWith();
      for (const neurons of [0.1, 0.2, 1.05]) {
        const granted = await quota.reserve({ ip: "203.0.113.13", units: 1 });
        if (!granted.ok) throw new Error("expected a grant");
        await quota.record(granted.reservation, usage({ neurons, model: "gemma3:4b" }));
      }
      const totals = await quota.today();
      expect(totals.neurons).toBe(1.35);
      expect(totals.byModel["gemma3:4b"]).toMatchObject({ runs: 3, neurons: 1.35 });
    });

    it("counts the usage of a released run (neurons were spent) but not its units", async () => {
      const quota = quotaWith();
      const granted = await quota.reserve({ ip: "203.0.113.14", units: 2 });
      if (!granted.ok) throw new Error("expected a grant");
      await quota.release(granted.reservation);
      await quota.record(granted.reservation, usage({ outputTokens: 0 }));
      expect(await quota.today()).toMatchObject({ units: { used: 0 }, runs: 1, neurons: 12.5 });
    });

    it("counts usage recorded after midnight on the new day", async () => {
      let now = FUTURE_DAY - 500;
      const quota = quotaWith({}, () => now);
      const granted = await quota.reserve({ ip: "203.0.113.15", units: 2 });
      if (!granted.ok) throw new Error("expected a grant");
      now = FUTURE_DAY + 500;
      expect(await quota.record(granted.reservation, usage())).toEqual({ recorded: true });
      expect(await quota.today()).toMatchObject({ runs: 1, neurons: 12.5, units: { used: 0 } });
    });

    it("limits reservations per minute before the daily limits, and a refusal takes no daily unit", async () => {
      // The burst window is a wall-clock minute; don't start in its last 2 seconds.
      const intoMinute = Date.now() % 60_000;
      if (intoMinute > 58_000) await new Promise((resolve) => setTimeout(resolve, 60_050 - intoMinute));
      const quota = quotaWith({ burstPerMinute: 3 });
      const ip = "203.0.113.16";
      for (let run = 0; run < 3; run++) expect(await quota.reserve({ ip, units: 2 })).toMatchObject({ ok: true });
      const refused = await quota.reserve({ ip, units: 2 });
      expect(refused).toMatchObject({ ok: false, limit: "burst" });
      if (refused.ok) return;
      const wait = Date.parse(refused.resetAt) - Date.now();
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60_000);
      expect(refused.retryAfterSeconds).toBe(Math.max(1, Math.ceil(wait / 1000)));
      expect((await quota.today()).units.used).toBe(6);
      // Another IP has its own window.
      expect(await quota.reserve({ ip: "203.0.113.17", units: 2 })).toMatchObject({ ok: true });
    });

    it("rejects units and usage that no caller should send", async () => {
      const quota = quotaWith();
      await expect(quota.reserve({ ip: "203.0.113.18", units: 0 })).rejects.toThrow(RangeError);
      await expect(quota.reserve({ ip: "203.0.113.18", units: 1.5 })).rejects.toThrow(RangeError);
      const granted = await quota.reserve({ ip: "203.0.113.18", units: 1 });
      if (!granted.ok) throw new Error("expected a grant");
      await expect(quota.record(granted.reservation, usage({ inputTokens: -1 }))).rejects.toThrow(RangeError);
      await expect(quota.record(granted.reservation, usage({ neurons: Number.NaN }))).rejects.toThrow(RangeError);
      await expect(quota.record(granted.reservation, usage({ model: "" }))).rejects.toThrow(RangeError);
      const kind = "email" as unknown as Usage["kind"];
      await expect(quota.record(granted.reservation, usage({ kind }))).rejects.toThrow(RangeError);
    });

    it("counts each Lab use by kind, next to the totals", async () => {
      const quota = quotaWith();
      const uses = [
        { kind: "agent", units: 2, inputTokens: 3000 },
        { kind: "chat", units: 1, inputTokens: 800 },
        { kind: "chat", units: 1, inputTokens: 700 },
        { kind: undefined, units: 1, inputTokens: 100 },
      ] as const;
      for (const use of uses) {
        const granted = await quota.reserve({ ip: "203.0.113.30", units: use.units });
        if (!granted.ok) throw new Error("expected a grant");
        await quota.record(granted.reservation, usage({ kind: use.kind, inputTokens: use.inputTokens, neurons: 1.5 }));
      }
      const today = await quota.today();
      expect(today.runs).toBe(4);
      expect(today.byKind.agent).toMatchObject({ runs: 1, inputTokens: 3000, neurons: 1.5 });
      expect(today.byKind.chat).toMatchObject({ runs: 2, inputTokens: 1500, outputTokens: 600, neurons: 3 });
      expect(today.byKind.review).toEqual({
        runs: 0,
        inputTokens: 0,
        outputTokens: 0,
        cachedInputTokens: 0,
        neurons: 0,
      });
    });

    it("says an IP's units left without taking any", async () => {
      const quota = quotaWith({ ipUnitsPerDay: 5 });
      const ip = "203.0.113.31";
      expect(await quota.unitsLeft({ ip })).toMatchObject({ ip: 5, limit: 5 });
      expect(await quota.unitsLeft({ ip })).toMatchObject({ ip: 5 });
      await quota.reserve({ ip, units: 2 });
      const left = await quota.unitsLeft({ ip });
      expect(left.ip).toBe(3);
      expect(new Date(left.resetAt).getUTCHours()).toBe(0);
      expect((await quota.unitsLeft({ ip: "203.0.113.32" })).ip).toBe(5);
      expect((await quota.today()).units.used).toBe(2);
    });

    it("answers a repeated call (a retry after a lost reply) without taking, recording or releasing twice", async () => {
      const store = makeStore();
      const nowMs = Date.now();
      const day = new Date(nowMs).toISOString().slice(0, 10);
      const expireAtMs = (Math.floor(nowMs / DAY_MS) + 1) * DAY_MS;
      const input = {
        day,
        ipHash: "a".repeat(64),
        id: "retried-1",
        units: 2,
        ipLimit: 2,
        siteLimit: 120,
        expireAtMs,
        nowMs,
      };
      expect(await store.reserve(input)).toEqual({ granted: true, ipUsed: 2, siteUsed: 2 });
      // The IP is now at its limit: the retry must still be the grant it repeats, not a refusal.
      expect(await store.reserve(input)).toEqual({ granted: true, ipUsed: 2, siteUsed: 2 });
      const reservation = { id: input.id, day, ipHash: input.ipHash, units: 2 };
      const record = { reservation, usage: { ...usage(), cachedInputTokens: 800 }, day, expireAtMs, nowMs };
      expect(await store.record(record)).toBe(true);
      expect(await store.record(record)).toBe(false);
      expect(await store.release({ reservation, day })).toBe(true);
      expect(await store.release({ reservation, day })).toBe(false);
      const totals = await store.siteTotals({ day });
      expect(Number(totals.units)).toBe(0);
      expect(Number(totals.reservations)).toBe(1);
      expect(Number(totals.runs)).toBe(1);
      expect(Number(totals.releases)).toBe(1);
    });

    it("records a reservation of an ended day once, however often the call is repeated", async () => {
      let now = FUTURE_DAY - 500;
      const quota = quotaWith({}, () => now);
      const granted = await quota.reserve({ ip: "203.0.113.19", units: 2 });
      if (!granted.ok) throw new Error("expected a grant");
      now = FUTURE_DAY + 500;
      expect(await quota.record(granted.reservation, usage())).toEqual({ recorded: true });
      expect(await quota.record(granted.reservation, usage())).toEqual({ recorded: false });
      expect(await quota.today()).toMatchObject({ runs: 1, inputTokens: 1200, units: { used: 0 } });
    });

    it("counts the units the day's limits refuse, by hour, and to how many addresses", async () => {
      let now = FUTURE_DAY + 3_600_000 * 5 + 60_000;
      const quota = quotaWith({ ipUnitsPerDay: 2, siteUnitsPerDay: 6 }, () => now);
      const hourStart = FUTURE_DAY + 3_600_000 * 5;
      expect(await quota.refusals({ fromMs: hourStart, toMs: hourStart + 3_600_000 })).toEqual({
        units: 0,
        addresses: 0,
      });
      await quota.reserve({ ip: "198.51.100.1", units: 2 });
      expect(await quota.reserve({ ip: "198.51.100.1", units: 2 })).toMatchObject({ ok: false, limit: "ip" });
      expect(await quota.reserve({ ip: "198.51.100.1", units: 1 })).toMatchObject({ ok: false, limit: "ip" });
      await quota.reserve({ ip: "198.51.100.2", units: 2 });
      await quota.reserve({ ip: "198.51.100.3", units: 2 });
      // The site's day is spent: a fourth address is refused by the site.
      expect(await quota.reserve({ ip: "198.51.100.4", units: 2 })).toMatchObject({ ok: false, limit: "site" });
      // A grant counts nothing.
      expect(await quota.refusals({ fromMs: hourStart, toMs: hourStart + 3_600_000 })).toEqual({
        units: 5,
        addresses: 2,
      });
      // The next hour counts on its own; a window of both hours sums them, each address once.
      now += 3_600_000;
      await quota.reserve({ ip: "198.51.100.4", units: 1 });
      await quota.reserve({ ip: "198.51.100.5", units: 1 });
      expect(await quota.refusals({ fromMs: hourStart + 3_600_000, toMs: now })).toEqual({ units: 2, addresses: 2 });
      expect(await quota.refusals({ fromMs: hourStart, toMs: now })).toEqual({ units: 7, addresses: 3 });
      expect(await quota.refusals({ fromMs: hourStart - 7_200_000, toMs: hourStart })).toEqual({
        units: 0,
        addresses: 0,
      });
    });

    it("remembers a model platform's pause for every visitor until it ends, and a later one wins", async () => {
      let now = FUTURE_DAY - 60_000;
      const store = makeStore();
      const quota = createQuota({ store, salt: "contract-salt-0123456789", now: () => now });
      const other = createQuota({ store, salt: "contract-salt-0123456789", now: () => now });
      expect(await quota.modelPause("workers-ai")).toBeNull();
      await quota.pauseModel("workers-ai", { reason: "allocation_exhausted", until: iso(FUTURE_DAY) });
      // A shorter back-off noted after it does not shorten it.
      await quota.pauseModel("workers-ai", { reason: "rate_limited", until: iso(now + 5_000) });
      expect(await other.modelPause("workers-ai")).toEqual({ reason: "allocation_exhausted", until: iso(FUTURE_DAY) });
      expect(await other.modelPause("openai-compatible")).toBeNull();
      now = FUTURE_DAY + 1;
      expect(await quota.modelPause("workers-ai")).toBeNull();
      await quota.pauseModel("workers-ai", { reason: "overloaded", until: iso(now + 30_000) });
      expect(await quota.modelPause("workers-ai")).toEqual({ reason: "overloaded", until: iso(now + 30_000) });
    });
  });
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}
