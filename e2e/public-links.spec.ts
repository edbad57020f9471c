import { expect, test } from "@playwright/test";
import { SITE } from "@/lib/content/site";
import { DEFAULT_LOCALE, LOCALES } from "@/lib/i18n/config";
import { alternatePath } from "@/lib/site/alternates";
import { allSitemapPages } from "@/lib/site/sitemap-pages";

// Guards the links search engines read, on both runtimes: the sitemap and robots.txt are absolute
// on the site's own origin (SITE_URL when the server has it, else the origin this test addressed,
// port and all: never another server's), every sitemap entry lists each language and x-default,
// and each kind of page links its canonical, hreflang and Open Graph URL to the same pages the
// sitemap lists: absolute on SITE_URL when the build had it, relative (resolved on this origin)
// when it had none. The pages' heads are read on the Worker (`@page-checks`): next start sends the
// same documents, byte for byte (e2e/same-pages.spec.ts).

const configured = process.env.SITE_URL?.trim().replace(/\/$/, "") || undefined;

test("the sitemap and robots.txt are absolute on the origin this server answers for", async ({ request, baseURL }) => {
  const origin = configured ?? new URL(baseURL ?? "").origin;
  const xml = await (await request.get("/sitemap.xml")).text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? "");
  expect(locs).toEqual(allSitemapPages().map((path) => `${origin}${path}`));
  const hreflangs = [...xml.matchAll(/hreflang="([^"]+)"\s+href="([^"]+)"/g)];
  expect(new Set(hreflangs.map((match) => match[1]))).toEqual(new Set([...LOCALES, "x-default"]));
  expect(hreflangs.every((match) => match[2]?.startsWith(`${origin}/`))).toBe(true);
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);
});

// One page of each kind, in each language: the home page, a section, a service, a project, a
// post, the Lab's index and one of its pages.
function kinds(locale: (typeof LOCALES)[number]): string[] {
  const pages = allSitemapPages().filter((path) => path === `/${locale}` || path.startsWith(`/${locale}/`));
  const depth = (path: string) => path.split("/").length - 1;
  const [home = "", section = ""] = pages;
  const details = pages.filter((path) => depth(path) === 3);
  const byFolder = new Map(details.map((path) => [path.split("/")[2], path]));
  return [home, section, ...byFolder.values()];
}

const listed = new Set(allSitemapPages());

// What a crawler that runs no script reads: the document as sent (and no page's hydration to pay
// for, in a suite that shares two cores with its servers).
test.use({ javaScriptEnabled: false });

for (const path of LOCALES.flatMap(kinds)) {
  test(`${path} links its canonical, hreflang and Open Graph URL to the sitemap's pages`, {
    tag: "@page-checks",
  }, async ({ page, baseURL }) => {
    const origin = new URL(baseURL ?? "").origin;
    await page.goto(path, { waitUntil: "domcontentloaded" });
    const head = await page.evaluate(() => ({
      canonical: document.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? null,
      og: document.querySelector('meta[property="og:url"]')?.getAttribute("content") ?? null,
      alternates: [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((link) => [
        link.getAttribute("hreflang") ?? "",
        link.getAttribute("href") ?? "",
      ]),
    }));
    const expected = (target: string) => (configured ? `${configured}${target}` : target);
    expect(head.canonical).toBe(expected(path));
    expect(head.og).toBe(expected(path));
    expect(Object.fromEntries(head.alternates)).toEqual({
      ...Object.fromEntries(LOCALES.map((other) => [other, expected(alternatePath(path, other, SITE))])),
      "x-default": expected(alternatePath(path, DEFAULT_LOCALE, SITE)),
    });
    // Every link is a page the sitemap lists (and so one that answers: e2e/site-pages.spec.ts).
    for (const [, href = ""] of head.alternates) expect(listed.has(new URL(href, origin).pathname), href).toBe(true);
  });
}
