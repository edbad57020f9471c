// Guards one firing of the studio's notices: the digest of the studio's previous day goes from its
// hour on, once, whatever the trigger does (fires twice, in two places at once, after a failed
// send); a quiet day sends nothing unless asked; with no way to send it is logged once; off reads
// nothing at all.
import { describe, expect, it } from "vitest";
import { DEFAULT_LOCALE } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { fill } from "@/lib/i18n/fill";
import { plural } from "@/lib/i18n/plural";
import { studioPaths } from "@/lib/lab-view/paths";
import { runNotices } from "@/lib/notices/run";
import type { NoticeStore } from "@/lib/notices/store";
import { agentRecord, chatRecord, done } from "../lab-view/record-fixtures";
import { MORNING, world } from "./fixtures";

// The studio's previous day (2026-12-01 in its zone) runs from 05:00 UTC on the 1st to 05:00 on the 2nd.
const YESTERDAY_EARLY = new Date("2026-12-01T06:00:00Z"); // 01:00 on the 1st, studio time
const YESTERDAY_LATE = new Date("2026-12-02T03:00:00Z"); // 22:00 on the 1st, studio time: another UTC day
const BEFORE_YESTERDAY = new Date("2026-12-01T04:00:00Z"); // 23:00 on Nov 30th, studio time

const words = getDictionary(DEFAULT_LOCALE).notices.digest;
const uses = (count: number) => plural(words.uses, count, DEFAULT_LOCALE);
// Goals the site can't serve (no result, no service), so the digest quotes them among its gaps.
const gap = (goal: string, at: Date) => agentRecord({ goal, at, results: 0, served: false });

async function usedYesterday(w: ReturnType<typeof world>) {
  await w.records.put(gap("zorblat early", YESTERDAY_EARLY));
  await w.records.put(chatRecord("how long does a site take?", { at: YESTERDAY_LATE }));
  await w.records.put(gap("quuxify before", BEFORE_YESTERDAY));
}

describe("the daily digest", () => {
  it("covers the studio's previous day on its clock, across the two UTC days it spans", async () => {
    const w = world();
    await usedYesterday(w);
    expect(await runNotices(w.deps)).toMatchObject({ digest: "sent" });
    expect(w.sent).toHaveLength(1);
    const [email] = w.sent;
    expect(email?.subject).toContain(uses(2));
    expect(email?.text).toContain("zorblat early");
    expect(email?.text).not.toContain("quuxify");
  });

  it("lists the day's gaps, the most asked first, each linked to its newest run", async () => {
    const w = world();
    await w.records.put(gap("zorblat once", YESTERDAY_EARLY));
    const first = gap("Quuxify  twice", new Date(YESTERDAY_EARLY.getTime() + 60_000));
    const newest = gap("quuxify twice", new Date(YESTERDAY_EARLY.getTime() + 120_000));
    await w.records.put(first);
    await w.records.put(newest);
    await runNotices(w.deps);
    const text = w.sent[0]?.text ?? "";
    const twice = fill(words.gapLine, { goal: "quuxify twice", uses: uses(2) });
    expect(text).toContain(`${twice}\n  https://studio.example${studioPaths.run(DEFAULT_LOCALE, newest.id)}\n`);
    expect(text.indexOf(twice)).toBeLessThan(
      text.indexOf(fill(words.gapLine, { goal: "zorblat once", uses: uses(1) })),
    );
  });

  it("waits for its hour on the studio's clock", async () => {
    const w = world({ env: { LAB_DIGEST_HOUR: "10" } });
    await usedYesterday(w);
    expect(await runNotices(w.deps)).toMatchObject({ digest: "not_due" });
    w.setNow(MORNING + 3_600_000);
    expect(await runNotices(w.deps)).toMatchObject({ digest: "sent" });
    expect(w.sent).toHaveLength(1);
  });

  it("goes once however often the trigger fires, and a second firing reads nothing else", async () => {
    const w = world();
    await usedYesterday(w);
    await runNotices(w.deps);
    const reads: string[] = [];
    const records = w.deps.records;
    const spy = {
      ...records,
      list: (...args: Parameters<NonNullable<typeof records>["list"]>) => {
        reads.push("list");
        return records?.list(...args) as never;
      },
    };
    expect(
      await runNotices({ ...w.deps, records: spy as never, settings: { ...w.deps.settings, alerts: [] } }),
    ).toEqual({
      digest: "done",
      alerts: [],
    });
    expect(reads).toEqual([]);
    w.setNow(MORNING + 6 * 3_600_000);
    expect(await runNotices(w.deps)).toMatchObject({ digest: "done" });
    expect(w.sent).toHaveLength(1);
  });

  it("goes once when the trigger runs in several places at the same time", async () => {
    const w = world();
    await usedYesterday(w);
    const runs = await Promise.all(Array.from({ length: 5 }, () => runNotices(w.deps)));
    expect(runs.map((run) => run.digest).sort()).toEqual(["claimed", "claimed", "claimed", "claimed", "sent"]);
    expect(w.sent).toHaveLength(1);
  });

  it("is tried again at the next firing when its send failed, and then goes once", async () => {
    const w = world();
    await usedYesterday(w);
    w.failNext();
    expect(await runNotices(w.deps)).toMatchObject({ digest: "failed" });
    expect(w.sent).toHaveLength(0);
    // Sooner than the claim's lease: the failed send gave its claim back.
    w.setNow(MORNING + 60_000);
    expect(await runNotices(w.deps)).toMatchObject({ digest: "sent" });
    expect(await runNotices(w.deps)).toMatchObject({ digest: "done" });
    expect(w.sent).toHaveLength(1);
  });

  it("sends nothing on a day with no use, unless the studio asks for it", async () => {
    const quiet = world();
    expect(await runNotices(quiet.deps)).toMatchObject({ digest: "quiet" });
    expect(quiet.sent).toHaveLength(0);
    // Marked: a quiet day is not read again at every firing.
    expect(await runNotices(quiet.deps)).toMatchObject({ digest: "done" });
    const asked = world({ env: { LAB_DIGEST_EMPTY: "on" } });
    expect(await runNotices(asked.deps)).toMatchObject({ digest: "sent" });
    expect(asked.sent[0]?.text).toContain(words.quiet);
  });

  it("with LAB_DIGEST_DAY=current, sends the day so far at once; a quiet day waits for a use", async () => {
    const w = world({ env: { LAB_DIGEST_DAY: "current", LAB_DIGEST_HOUR: "23" } });
    expect(await runNotices(w.deps)).toMatchObject({ digest: "quiet" });
    await w.records.put(gap("zorblat today", new Date(MORNING - 60_000)));
    expect(await runNotices(w.deps)).toMatchObject({ digest: "sent" });
    expect(w.sent[0]?.subject).toContain(uses(1));
    expect(w.sent[0]?.text).toContain("zorblat today");
    await w.records.put(gap("a later goal", new Date(MORNING)));
    expect(await runNotices(w.deps)).toMatchObject({ digest: "done" });
    expect(w.sent).toHaveLength(1);
  });

  it("with no way to send, is logged as not sent once, and the Lab view's last digest says so", async () => {
    const w = world();
    await usedYesterday(w);
    const lines: Record<string, unknown>[] = [];
    const deps = { ...w.deps, sender: null, log: (line: Record<string, unknown>) => lines.push(line) };
    expect(await runNotices(deps)).toMatchObject({ digest: "not_sent" });
    expect(await runNotices(deps)).toMatchObject({ digest: "done" });
    expect(
      lines.filter((line) => line.event === "lab_notice_not_sent" && line.notice === "digest:2026-12-01"),
    ).toHaveLength(1);
    expect(await w.store.lastDigest()).toMatchObject({ state: "not_sent", day: "2026-12-01" });
  });

  it("off, reads and computes nothing", async () => {
    const w = world({ env: { LAB_DIGEST: "off" } });
    const untouchable = new Proxy({} as NoticeStore, {
      get: () => {
        throw new Error("the notice store was read");
      },
    });
    expect(
      await runNotices({
        ...w.deps,
        store: untouchable,
        records: untouchable as never,
        contact: untouchable as never,
        quota: untouchable as never,
      }),
    ).toEqual({
      digest: "not_due",
      alerts: [],
    });
  });
});

describe("the alerts", () => {
  it("go at the first firing that sees them, once a kind a day, and again the next day", async () => {
    const w = world({ env: { LAB_DIGEST_ALERTS: "failing" } });
    for (let i = 0; i < 4; i++) {
      await w.records.put(agentRecord({ at: new Date(MORNING - i * 60_000), done: done({ reason: "model_error" }) }));
    }
    expect(await runNotices(w.deps)).toMatchObject({ alerts: [{ kind: "failing", outcome: "sent" }] });
    expect(await runNotices(w.deps)).toMatchObject({ alerts: [] });
    expect(w.sent.filter((email) => !email.subject.includes("2026"))).toHaveLength(1);
    w.setNow(MORNING + 86_400_000);
    await w.records.put(
      agentRecord({ at: new Date(MORNING + 86_400_000 - 1000), done: done({ reason: "model_error" }) }),
    );
    for (let i = 0; i < 3; i++) {
      await w.records.put(
        agentRecord({ at: new Date(MORNING + 86_400_000 - 2000 - i), done: done({ reason: "model_error" }) }),
      );
    }
    expect(await runNotices(w.deps)).toMatchObject({ alerts: [{ kind: "failing", outcome: "sent" }] });
  });

  it("alert when the platform paused the Lab", async () => {
    const w = world({ env: { LAB_DIGEST_ALERTS: "failing" } });
    await w.quota.pauseModel("workers-ai", {
      reason: "allocation_exhausted",
      until: new Date(MORNING + 3_600_000).toISOString(),
    });
    expect(await runNotices(w.deps)).toMatchObject({ alerts: [{ kind: "failing", outcome: "sent" }] });
  });

  it("a bot: units refused to many addresses in the last hour", async () => {
    const w = world({ env: { LAB_DIGEST_ALERTS: "bot" } });
    const quota = w.quota;
    // Each address spends its day, then is refused.
    for (let i = 0; i < 20; i++) {
      const ip = `198.51.100.${i}`;
      for (let j = 0; j < 11; j++) await quota.reserve({ ip, units: 2 });
    }
    const run = await runNotices(w.deps);
    expect(run.alerts.map((alert) => alert.kind)).toContain("bot");
  });
});
