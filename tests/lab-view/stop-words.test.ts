import { describe, expect, it } from "vitest";
import { LOCALES } from "@/lib/i18n/config";
import { MIN_VISITOR_TEXTS, siteCommonWords, stopWordsFor } from "@/lib/lab-view/stop-words";

describe("the gaps' common words", () => {
  it("come from the site's own texts in each of its languages", () => {
    for (const locale of LOCALES) {
      const words = siteCommonWords(locale);
      // Every language has a handful of function words across its pages; no page's subject is one.
      expect(words.size, locale).toBeGreaterThan(10);
      expect(words.size, locale).toBeLessThan(200);
    }
  });

  it("add what visitors of a language keep typing, once there are enough of their texts", () => {
    const language = "xx-test";
    const texts = Array.from({ length: MIN_VISITOR_TEXTS }, (_, i) => `how much for subject${i}`);
    const stop = stopWordsFor(new Map([[language, texts]]));
    expect([...stop(language)].sort()).toEqual(["for", "how", "much"]);
    const few = stopWordsFor(new Map([[language, texts.slice(1)]]));
    expect(few(language).size).toBe(0);
  });
});
