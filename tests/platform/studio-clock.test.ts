// Guards the studio's clock: its day and hour in its time zone, a day's window in UTC across a
// summer-time change, and the UTC days and hours a studio day overlaps.
import { describe, expect, it } from "vitest";
import { dayBefore, studioDay, studioDayWindow, studioHour, utcHours } from "@/lib/platform/studio-clock";

describe("the studio's clock", () => {
  it("tells the studio's day and hour, not UTC's", () => {
    const at = Date.parse("2026-12-02T03:30:00Z");
    expect(studioDay(at, "America/Bogota")).toBe("2026-12-01");
    expect(studioHour(at, "America/Bogota")).toBe(22);
    expect(studioDay(at, "Pacific/Auckland")).toBe("2026-12-02");
    expect(studioHour(at, "Europe/Berlin")).toBe(4);
    expect(dayBefore("2026-03-01")).toBe("2026-02-28");
  });

  it("a studio day is a window of UTC time over one or two UTC days", () => {
    expect(studioDayWindow("2026-12-01", "America/Bogota")).toEqual({
      from: Date.parse("2026-12-01T05:00:00Z"),
      to: Date.parse("2026-12-02T05:00:00Z"),
      utcDays: ["2026-12-01", "2026-12-02"],
    });
    expect(studioDayWindow("2026-12-01", "UTC").utcDays).toEqual(["2026-12-01"]);
  });

  it("a day of summer time's change has 23 or 25 hours", () => {
    const spring = studioDayWindow("2026-03-29", "Europe/Berlin");
    expect(spring.from).toBe(Date.parse("2026-03-28T23:00:00Z"));
    expect((spring.to - spring.from) / 3_600_000).toBe(23);
    const autumn = studioDayWindow("2026-10-25", "Europe/Berlin");
    expect((autumn.to - autumn.from) / 3_600_000).toBe(25);
    expect(utcHours(autumn.from, autumn.to)).toHaveLength(25);
  });
});
