// Guards when an alert fires: the thresholds, each just below and at its mark.
import { describe, expect, it } from "vitest";
import { ALERT_KINDS } from "@/lib/notice-settings";
import { alertsOf, ALERT_THRESHOLDS as T } from "@/lib/notices/alerts";
import { lead } from "../contact/lead-fixtures";

const kinds = (readings: Parameters<typeof alertsOf>[0]) => alertsOf(readings, ALERT_KINDS).map((alert) => alert.kind);
const reasons = (errors: number, answered: number) => [
  ...Array(errors).fill("model_error"),
  ...Array(answered).fill("answered"),
];

describe("the Lab failing", () => {
  it("fires when most of the newest ended uses are model errors, and at least a few", () => {
    expect(kinds({ recentReasons: reasons(T.failedMin, T.failedMin - 1) })).toEqual(["failing"]);
    // Half is not most.
    expect(kinds({ recentReasons: reasons(T.failedMin, T.failedMin) })).toEqual([]);
    // Two errors of two uses is a bad minute, not a failing Lab.
    expect(kinds({ recentReasons: reasons(T.failedMin - 1, 0) })).toEqual([]);
    // Only the newest count: errors long ago, answers since.
    expect(kinds({ recentReasons: [...reasons(0, T.recent), ...reasons(T.recent, 0)] })).toEqual([]);
    // A visitor who left is no ending of the model's.
    expect(kinds({ recentReasons: [...Array(5).fill("client_abort"), ...reasons(3, 2)] })).toEqual(["failing"]);
  });

  it("fires when the platform paused the Lab, whatever the uses say", () => {
    expect(alertsOf({ recentReasons: [], pausedUntil: "2026-12-03T00:00:00.000Z" }, ["failing"])).toEqual([
      { kind: "failing", failed: 0, recent: 0, pausedUntil: "2026-12-03T00:00:00.000Z" },
    ]);
  });
});

describe("the day's units spent early", () => {
  const units = (used: number) => ({ used, limit: 120, resetAt: "2026-12-03T00:00:00.000Z" });
  it("fires when the site's units are spent before the studio's evening, not after", () => {
    expect(kinds({ units: units(120), studioHour: T.eveningHour - 1 })).toEqual(["units"]);
    expect(kinds({ units: units(119), studioHour: 9 })).toEqual([]);
    expect(kinds({ units: units(120), studioHour: T.eveningHour })).toEqual([]);
  });
});

describe("a bot", () => {
  it("fires on units refused to many addresses in the last hour or two", () => {
    expect(kinds({ refused: { units: 400, addresses: T.botAddresses } })).toEqual(["bot"]);
    expect(kinds({ refused: { units: 400, addresses: T.botAddresses - 1 } })).toEqual([]);
  });
});

describe("leads that can't be sent", () => {
  it("fires on a message still unsent after several tries, not on one being retried", () => {
    const stored = (state: "sent" | "unsent", attempts: number) => ({ lead: lead(1), delivery: { state, attempts } });
    expect(kinds({ leads: [stored("unsent", T.leadAttempts)] })).toEqual(["leads"]);
    expect(kinds({ leads: [stored("unsent", T.leadAttempts - 1), stored("sent", 5)] })).toEqual([]);
  });

  it("fires only the kinds the studio turned on", () => {
    expect(alertsOf({ refused: { units: 400, addresses: 50 } }, ["leads"])).toEqual([]);
  });
});
