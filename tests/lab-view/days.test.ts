import { describe, expect, it } from "vitest";
import { daysTo, keptDays, neighbours, readDay } from "@/lib/lab-view/days";

const NOW = Date.parse("2031-03-02T10:00:00Z");

describe("the days the studio can open", () => {
  const kept = keptDays(NOW, 3);

  it("are today back to the retention, newest first", () => {
    expect(kept).toEqual(["2031-03-02", "2031-03-01", "2031-02-28"]);
    expect(keptDays(NOW, 0)).toEqual([]);
  });

  it("read a kept day from the address, anything else as today", () => {
    expect(readDay("2031-03-01", kept, NOW)).toBe("2031-03-01");
    for (const odd of ["2031-02-27", "2031-3-1", "../2031-03-01", ["2031-02-28"], undefined]) {
      expect(readDay(odd, kept, NOW)).toBe(Array.isArray(odd) ? "2031-02-28" : "2031-03-02");
    }
  });

  it("step a day back and forth within them", () => {
    expect(neighbours("2031-03-02", kept)).toEqual({ previous: "2031-03-01", next: null });
    expect(neighbours("2031-02-28", kept)).toEqual({ previous: null, next: "2031-03-01" });
    expect(daysTo("2031-03-01", kept, 7)).toEqual(["2031-03-01", "2031-02-28"]);
  });
});
