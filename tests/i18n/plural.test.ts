import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { labCopy } from "@/components/lab/copy";
import { ReviewConsole } from "@/components/review/review-console";
import { LOCALES } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { fill } from "@/lib/i18n/fill";
import { localeTag } from "@/lib/i18n/format";
import { groupDigits, type Plural, plural } from "@/lib/i18n/plural";
import { REVIEW_LIMITS } from "@/lib/review/limits";
import { offlineReview } from "@/lib/review/offline-reviewer";

// Counts on the site take the form the language's plural rules give them ("1 punto", not
// "1 puntos") and are written as the locale writes numbers ("6.000", not "6000").

const CATEGORIES = ["zero", "one", "two", "few", "many", "other"];

/** Every plural entry of a dictionary (an object keyed by plural categories only), by its path. */
function pluralEntries(value: unknown, at = ""): [string, Plural][] {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return [];
  if ("other" in value && Object.keys(value).every((key) => CATEGORIES.includes(key))) return [[at, value as Plural]];
  return Object.entries(value).flatMap(([key, inner]) => pluralEntries(inner, at ? `${at}.${key}` : key));
}

describe.each(LOCALES)("plural forms in %s", (locale) => {
  const dict = getDictionary(locale);
  const rules = new Intl.PluralRules(localeTag(locale));

  it("the dictionary has a form for every category the language gives a count up to 1,000", () => {
    const used = new Set(Array.from({ length: 1001 }, (_, n) => rules.select(n)));
    const entries = pluralEntries(dict);
    expect(entries.length).toBeGreaterThan(10);
    const missing = entries.flatMap(([path, forms]) => [...used].filter((c) => !forms[c]).map((c) => `${path}.${c}`));
    expect(missing).toEqual([]);
  });

  it("picks each count's own form and groups its digits", () => {
    const forms = dict.reviewer.offlineSummary.findings;
    for (const count of [0, 1, 2, 5, 21, 1000, 6000]) {
      const form = forms[rules.select(count)] ?? forms.other;
      expect(plural(forms, count, locale)).toBe(fill(form, { count: groupDigits(count, locale) }));
    }
  });

  it("the offline reviewer counts one finding in one line in the singular", () => {
    const { summary, findings } = offlineReview("el.innerHTML = html;", "javascript", locale);
    expect(findings).toHaveLength(1);
    const { some, findings: things, lines } = dict.reviewer.offlineSummary;
    const one = (forms: Plural) => fill(forms[rules.select(1)] ?? forms.other, { count: "1" });
    expect(summary).toBe(fill(some, { findings: one(things), lines: one(lines) }));
  });

  it("the reviewer's counter writes its limit as the locale writes numbers", () => {
    const html = renderToStaticMarkup(
      createElement(ReviewConsole, { locale, copy: dict.reviewer, shared: labCopy(dict) }),
    );
    const counter = fill(dict.reviewer.counter, { count: "0", max: groupDigits(REVIEW_LIMITS.maxCodeChars, locale) });
    expect(html).toContain(`data-testid="review-counter">${counter}<`);
  });
});
