import { describe, expect, it } from "vitest";
import { visibleText } from "@/lib/text/visible";

// Guards what "empty" and "500 characters" mean for a visitor's text: what a reader sees, so a
// goal of invisible characters is empty and can't spend quota.
describe("visibleText", () => {
  it.each([
    ["zero-width space", "\u200B"],
    ["zero-width non-joiner and joiner", "\u200C\u200D"],
    ["word joiner", "\u2060"],
    ["byte order mark", "\uFEFF"],
    ["soft hyphen", "\u00AD"],
    ["Mongolian vowel separator", "\u180E"],
    ["bidi overrides and isolates", "\u202E\u2066\u2069"],
    ["Hangul fillers", "\u115F\u1160\u3164\uFFA0"],
    ["variation selectors", "\uFE0F\u{E0100}"],
    ["tag characters", "\u{E0001}\u{E0041}\u{E007F}"],
    ["combining grapheme joiner", "\u034F"],
    ["control characters", "\u0000\u0007\u001B\u007F\u0085"],
    ["blank Braille pattern", "\u2800"],
    ["Unicode spaces", " \u00A0\u2003\u3000\u2028\t\n"],
  ])("%s alone is empty", (_name, text) => {
    expect(visibleText(text.repeat(3))).toBe("");
  });

  it("keeps what a reader sees, accents and emoji included, without the hidden characters", () => {
    expect(visibleText("  una\u200B tienda\u00AD para mi\u2060 panadería 🥐\uFE0F  ")).toBe(
      "una tienda para mi panadería 🥐",
    );
  });

  it("keeps line breaks and tabs inside the text", () => {
    expect(visibleText("a\tb\nc\r\nd")).toBe("a\tb\nc\r\nd");
  });
});
