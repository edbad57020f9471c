import { describe, expect, it } from "vitest";
import { ConfigError, DEFAULT_RECORD_DAYS, readConfig } from "@/lib/config";

// Guards the retention setting: 30 days unless LAB_RECORDS_DAYS says otherwise, 0 keeps nothing,
// and a value that isn't a whole number of days (or is over a year) names the setting.

const dev = { production: false, workers: false };

describe("LAB_RECORDS_DAYS", () => {
  it.each([
    [undefined, DEFAULT_RECORD_DAYS],
    ["", DEFAULT_RECORD_DAYS],
    ["0", 0],
    ["7", 7],
    [" 365 ", 365],
  ])("%j keeps records %i days", (value, days) => {
    expect(readConfig({ LAB_RECORDS_DAYS: value }, dev).records).toEqual({ retentionDays: days });
  });

  it.each(["-1", "1.5", "thirty", "366", "1e3"])("refuses %j, naming the setting", (value) => {
    expect(() => readConfig({ LAB_RECORDS_DAYS: value }, dev)).toThrow(ConfigError);
    expect(() => readConfig({ LAB_RECORDS_DAYS: value }, dev)).toThrow(/LAB_RECORDS_DAYS/);
  });
});
