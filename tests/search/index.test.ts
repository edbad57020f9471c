// @studio demo
import { describe, expect, it } from "vitest";
import searchIndex from "@/content/generated/search-index.json" with { type: "json" };
import { CATALOG } from "@/lib/agent/tools/shared";
import { LOCALES } from "@/lib/i18n/config";
import {
  createSearchIndex,
  restoreSearchIndex,
  type SerializedSearchIndex,
  search,
  serializeSearchIndex,
} from "@/lib/search";
import { locale, ofLocale } from "@/tests/support/studio";

const es = locale("es");

// The Worker searches an index `npm run knowledge` built: restored, it must rank and cut snippets
// exactly as one built from the pages (tests/content/generated.test.ts keeps the file fresh).

// Written per language; a studio with a language this table lacks fails here, by name (ofLocale).
const QUERIES: Readonly<Record<string, readonly string[]>> = {
  es: ["sitio con blog para mi panadería", "tienda online ropa", "reservas citas", "cuánto cuesta"],
  en: ["bakery blog", "online store clothes", "booking appointments", "how much for a landing page"],
};

describe("precomputed search index", () => {
  it.each(LOCALES)("the committed index (%s) answers like a fresh one", (locale) => {
    const pages = CATALOG[locale].pages;
    const fresh = createSearchIndex(pages, locale);
    const restored = restoreSearchIndex(
      pages,
      locale,
      (searchIndex as unknown as Record<string, SerializedSearchIndex>)[locale] as SerializedSearchIndex,
    );
    for (const query of ofLocale(QUERIES, locale)) {
      const expected = search(fresh, query).map((hit) => [hit.doc.path, hit.score, hit.snippet]);
      expect(expected.length, query).toBeGreaterThan(0);
      expect(search(restored, query).map((hit) => [hit.doc.path, hit.score, hit.snippet])).toEqual(expected);
    }
  });

  it("survives JSON and refuses an index of other pages", () => {
    const pages = CATALOG[es].pages;
    const data = JSON.parse(JSON.stringify(serializeSearchIndex(createSearchIndex(pages, es))));
    expect(search(restoreSearchIndex(pages, es, data), "blog")[0]?.doc.path).toBe(
      search(createSearchIndex(pages, es), "blog")[0]?.doc.path,
    );
    expect(() => restoreSearchIndex(pages.slice(1), es, data)).toThrow(/npm run knowledge/);
  });
});
