// @studio demo
import { describe, expect, it } from "vitest";
import { isLocale, switchLocalePath } from "@/lib/i18n/config";
import { locale } from "@/tests/support/studio";

const es = locale("es");
const en = locale("en");

describe("switchLocalePath", () => {
  it.each([
    ["/es", en, "/en"],
    ["/en", es, "/es"],
    ["/es/lab/agent", en, "/en/lab/agent"],
    ["/en/services/online-store", es, "/es/services/online-store"],
    ["/", en, "/en"],
    ["/es/", en, "/en"],
    ["/unknown/page", es, "/es/unknown/page"],
  ] as const)("%s -> %s", (path, to, expected) => {
    expect(switchLocalePath(path, to)).toBe(expected);
  });
});

describe("isLocale", () => {
  it("accepts only the site's locales", () => {
    expect(isLocale("es")).toBe(true);
    expect(isLocale("en")).toBe(true);
    expect(isLocale("fr")).toBe(false);
    expect(isLocale("ES")).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });
});
