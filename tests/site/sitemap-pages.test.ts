// @studio demo mx us
import { describe, expect, it } from "vitest";
import { sitemapPageCount } from "@/e2e/studio";
import { LOCALES } from "@/lib/i18n/config";
import { allSitemapPages } from "@/lib/site/sitemap-pages";

// The e2e's accessibility spec visits every page of the sitemap and first checks it has them all:
// against a number counted from the studio's content, which a studio of one language (mx, us)
// meets as well as the demo's two.
describe("the sitemap's pages", () => {
  it(`are as many as the content has, in ${LOCALES.length} language(s), each once`, () => {
    const pages = allSitemapPages();
    expect(pages).toHaveLength(sitemapPageCount());
    expect(new Set(pages).size).toBe(pages.length);
  });
});
