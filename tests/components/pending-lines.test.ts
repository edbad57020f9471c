import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RecordsNotice } from "@/components/lab/records-notice";
import { UnitsLeft } from "@/components/lab/units-left";
import { DEFAULT_LOCALE } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { fill } from "@/lib/i18n/fill";

// The Lab's lines that arrive after the page (the units left, the days a use is kept) hold their
// place in the server's HTML with their own sentence, hidden, so nothing below them moves when they
// come. An empty placeholder was one line high where the sentence wraps to two or more on a phone.
const dict = getDictionary(DEFAULT_LOCALE);
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&");

describe("lines that arrive after the page", () => {
  it("the units left: the sentence with stand-in numbers, hidden from sight and from assistive technology", () => {
    const html = renderToStaticMarkup(createElement(UnitsLeft, { locale: DEFAULT_LOCALE, copy: dict.labUses }));
    expect(html).toMatch(/^<p class="[^"]*pending[^"]*" aria-hidden="true"/);
    expect(text(html)).toBe(fill(dict.labUses.left.other, { left: "00", count: "00" }));
  });

  it("the days kept: the sentence with a stand-in number, hidden the same way", () => {
    const html = renderToStaticMarkup(createElement(RecordsNotice, { locale: DEFAULT_LOCALE, copy: dict.records }));
    expect(html).toMatch(/^<p class="[^"]*pending[^"]*" aria-hidden="true"/);
    expect(text(html)).toBe(fill(dict.records.kept, { days: fill(dict.records.days.other, { count: "00" }) }));
  });
});
