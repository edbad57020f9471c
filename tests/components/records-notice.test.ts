import { readFileSync } from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RecordsNotice } from "@/components/lab/records-notice";
import { DEFAULT_LOCALE } from "@/lib/i18n/config";
import { es } from "@/lib/i18n/dictionaries/es";
import { getDictionary } from "@/lib/i18n/dictionary";
import { ROOT } from "@/tests/support/import-graph";

// The line on every Lab page that says what is kept: small print under the console, in the site's
// own voice. It was the page's boldest line, and the only Spanish text that said "tú".

/** Every text of a dictionary group, by its path. */
const texts = (value: unknown, at: string): [string, string][] =>
  typeof value === "string"
    ? [[at, value]]
    : typeof value === "object" && value !== null
      ? Object.entries(value).flatMap(([key, inner]) => texts(inner, `${at}.${key}`))
      : [];

describe("the records notice", () => {
  it("is small, regular, muted text, before and after its days arrive", () => {
    const html = renderToStaticMarkup(
      createElement(RecordsNotice, { locale: DEFAULT_LOCALE, copy: getDictionary(DEFAULT_LOCALE).records }),
    );
    expect(html).toMatch(/^<p class="[^"]*records[^"]*"/);
    expect(html).not.toMatch(/class="[^"]*units/);
    const css = readFileSync(path.join(ROOT, "components/lab/lab.module.css"), "utf8");
    const rule = /\.records\s*\{([^}]*)\}/.exec(css)?.[1] ?? "";
    expect(rule).toMatch(/font-size:\s*var\(--text-sm\)/);
    expect(rule).toMatch(/font-weight:\s*400/);
    expect(rule).toMatch(/color:\s*var\(--ink-soft\)/);
  });

  // The shipped Spanish dictionary, whatever languages the studio has: the site says "usted".
  it("speaks to the visitor as usted in the shipped Spanish", () => {
    const familiar = /\b(tú|tu|tus|te|ti|contigo|haces|escribes|escribiste|puedes|quieres|ejecútalo)\b/i;
    expect(texts(es.records, "records").filter(([, text]) => familiar.test(text))).toEqual([]);
  });
});
