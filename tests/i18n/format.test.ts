// @studio demo
import { describe, expect, it, vi } from "vitest";
import { LOCALES } from "@/lib/i18n/config";
import { formatMoney, formatMoneyRange, formatWeeks, languageName } from "@/lib/i18n/format";
import { locale } from "@/tests/support/studio";

const es = locale("es");
const en = locale("en");

// Intl separates "$" and the digits with a no-break space; compare with plain spaces.
const plain = (text: string) => text.replace(/\u00a0/g, " ");

describe("formatMoney", () => {
  it("writes pesos as each locale does", () => {
    expect(plain(formatMoney(1_800_000, es))).toBe("$ 1.800.000");
    expect(plain(formatMoney(1_800_000, en))).toBe("COP 1,800,000");
  });

  it("writes a range, or one amount when both ends match", () => {
    expect(plain(formatMoneyRange({ min: 1_800_000, max: 2_600_000 }, es))).toBe("$ 1.800.000 – $ 2.600.000");
    expect(plain(formatMoneyRange({ min: 500_000, max: 500_000 }, en))).toBe("COP 500,000");
  });
});

describe("formatWeeks", () => {
  it.each([
    [{ min: 2, max: 4 }, es, "2–4 semanas"],
    [{ min: 1, max: 1 }, es, "1 semana"],
    [{ min: 3, max: 3 }, en, "3 weeks"],
    [{ min: 1, max: 2 }, en, "1–2 weeks"],
  ] as const)("%j in %s", (range, locale, expected) => {
    expect(formatWeeks(range, locale)).toBe(expected);
  });
});

describe("languageName", () => {
  it("names a language in the page's language, and gives back a code Intl does not know", () => {
    expect(languageName("en", es)).toBe("inglés");
    expect(languageName("es", en)).toBe("Spanish");
    // Asked again (the cached name), the same.
    expect(languageName("en", es)).toBe("inglés");
    expect(languageName("not a code", en)).toBe("not a code");
    expect(languageName("not a code", en)).toBe("not a code");
  });
});

describe("warmFormats", () => {
  it("builds each number format once, ahead of use, so the next price or duration builds none", async () => {
    vi.resetModules();
    let made = 0;
    const Real = Intl.NumberFormat;
    class Counted extends Real {
      constructor(...args: ConstructorParameters<typeof Real>) {
        super(...args);
        made += 1;
      }
    }
    Intl.NumberFormat = Counted as typeof Intl.NumberFormat;
    try {
      const format = await import("@/lib/i18n/format");
      const locale = LOCALES[0];
      format.warmFormats(locale);
      expect(made).toBe(3);
      format.formatMoneyRange({ min: 1000, max: 2000 }, locale);
      format.formatWeeks({ min: 2, max: 4 }, locale);
      format.formatCount(2000, locale);
      expect(made).toBe(3);
    } finally {
      Intl.NumberFormat = Real;
    }
  });
});
