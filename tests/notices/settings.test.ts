// Guards the digest's settings as lib/config.ts reads them: the defaults, each setting, and a value
// that is set but unusable, which names the setting (kept as the error: the site still renders).
import { describe, expect, it } from "vitest";
import { readConfig } from "@/lib/config";
import { ALERT_KINDS, readNoticeSettings } from "@/lib/notice-settings";
import { ConfigError } from "@/lib/platform/errors";

describe("the digest's settings", () => {
  it("default to on, at 8 on the studio's clock, to where leads go, every alert, the previous day", () => {
    expect(readNoticeSettings({}, "leads@studio.example")).toEqual({
      on: true,
      hour: 8,
      to: ["leads@studio.example"],
      alerts: [...ALERT_KINDS],
      whenEmpty: false,
      day: "previous",
    });
  });

  it("reads each setting", () => {
    expect(
      readNoticeSettings(
        {
          LAB_DIGEST: "off",
          LAB_DIGEST_HOUR: "6",
          LAB_DIGEST_TO: "a@studio.example, b@studio.example",
          LAB_DIGEST_ALERTS: "bot,leads",
          LAB_DIGEST_EMPTY: "on",
          LAB_DIGEST_DAY: "current",
        },
        "leads@studio.example",
      ),
    ).toEqual({
      on: false,
      hour: 6,
      to: ["a@studio.example", "b@studio.example"],
      alerts: ["bot", "leads"],
      whenEmpty: true,
      day: "current",
    });
    expect(readNoticeSettings({ LAB_DIGEST_ALERTS: "none" }, "l@s.example").alerts).toEqual([]);
  });

  it.each([
    ["LAB_DIGEST", "maybe"],
    ["LAB_DIGEST_HOUR", "24"],
    ["LAB_DIGEST_TO", "not an address"],
    ["LAB_DIGEST_ALERTS", "failing,weather"],
    ["LAB_DIGEST_DAY", "tomorrow"],
  ])("names %s when it is set to %s, and the site's other settings still read", (name, value) => {
    expect(() => readNoticeSettings({ [name]: value }, "l@s.example")).toThrow(new RegExp(name));
    const config = readConfig({ [name]: value }, { production: false, workers: false });
    expect(config.notices).toBeInstanceOf(ConfigError);
    expect((config.notices as ConfigError).message).toMatch(name);
  });
});
