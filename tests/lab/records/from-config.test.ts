import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_RECORD_DAYS } from "@/lib/config";
import { recordSettings } from "@/lib/lab/records/from-config";
import { labRecording } from "@/lib/lab/records/recording";
import { DEFAULT_RECORD_LIMITS } from "@/lib/lab/records/store";

// Guards the path from LAB_RECORDS_DAYS to what the Lab keeps: the setting wins over the defaults
// (0 keeps nothing, not 30 days), and the caps stay the defaults.

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("the record settings this deployment runs with", () => {
  it.each([
    ["0", 0],
    ["7", 7],
    ["365", 365],
  ])("LAB_RECORDS_DAYS=%s keeps records %i days, the caps as defaults", (value, days) => {
    vi.stubEnv("LAB_RECORDS_DAYS", value);
    expect(days).not.toBe(DEFAULT_RECORD_LIMITS.retentionDays);
    expect(recordSettings()).toEqual({ ...DEFAULT_RECORD_LIMITS, retentionDays: days });
  });

  it("unset: the default days", () => {
    vi.stubEnv("LAB_RECORDS_DAYS", "");
    expect(recordSettings().retentionDays).toBe(DEFAULT_RECORD_DAYS);
  });

  it("LAB_RECORDS_DAYS=0: no use is recorded at all", () => {
    vi.stubEnv("LAB_RECORDS_DAYS", "0");
    expect(labRecording()).toBeNull();
  });

  it("LAB_RECORDS_DAYS=7: uses are recorded, kept 7 days", () => {
    vi.stubEnv("LAB_RECORDS_DAYS", "7");
    vi.stubEnv("QUOTA_STORE", "memory");
    expect(labRecording()?.limits.retentionDays).toBe(7);
  });
});
