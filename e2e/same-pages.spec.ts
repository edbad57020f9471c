import { type APIResponse, expect, test } from "@playwright/test";
import { getDictionary } from "@/lib/i18n/dictionary";
import { paths } from "@/lib/site/paths";
import { allSitemapPages } from "@/lib/site/sitemap-pages";
import { LOCALES } from "./studio";

// Both runtimes serve the one build: next start sends every page the Worker sends, the same
// document byte for byte, with the same status and the same headers but those of caching and
// transport. What a browser makes of a page's HTML (axe, the layout checks, the console's policy,
// hydration and preload warnings) is then checked once, on the Worker (`@page-checks`), and next
// start is left what is its own: the files and API calls a page loads (e2e/accessibility.spec.ts,
// one page of each kind). Runs on next start (`@node-only`), asking the Worker too.

/** Headers each runtime writes its own way for the same page: caching and transport, nothing the page does. */
const OWN_TO_EACH_RUNTIME = new Set([
  "age",
  "cache-control",
  "connection",
  "content-encoding",
  "content-length",
  "date",
  "etag",
  "keep-alive",
  "transfer-encoding",
  "vary",
  "x-nextjs-cache",
  "x-nextjs-prerender",
  "x-opennext-cache",
]);

/** Every page a visitor can open: the sitemap's, a missing one, the inbox's door, a contact form the Lab prefilled. */
const PAGES = [
  ...allSitemapPages(),
  ...LOCALES.flatMap((locale) => [
    `/${locale}/no-such-page`,
    `/${locale}/inbox`,
    `${paths.contact(locale)}?from=agent&goal=${encodeURIComponent(getDictionary(locale).agent.console.exampleGoals[0] ?? "")}`,
  ]),
];

async function sent(response: APIResponse) {
  const headers = response
    .headersArray()
    .map(({ name, value }) => `${name.toLowerCase()}: ${value}`)
    .filter((line) => !OWN_TO_EACH_RUNTIME.has(line.slice(0, line.indexOf(":"))));
  return { status: response.status(), headers: [...new Set(headers)].sort(), body: await response.text() };
}

test("next start sends every page the Worker sends, byte for byte", { tag: "@node-only" }, async ({ request }) => {
  const worker = test.info().project.metadata.twin;
  expect(worker, "playwright.config.ts gives the node project its Worker's URL").toMatch(/^http:\/\//);
  for (const path of PAGES) {
    const [node, onWorker] = await Promise.all([request.get(path), request.get(`${worker}${path}`)]);
    const [mine, its] = await Promise.all([sent(node), sent(onWorker)]);
    expect(mine.status, path).toBe(its.status);
    expect(mine.headers, path).toEqual(its.headers);
    // Not toBe: a failure prints the first place the documents part, not two pages of HTML.
    if (mine.body !== its.body) {
      const at = [...mine.body].findIndex((char, index) => char !== its.body[index]);
      expect(mine.body.slice(Math.max(0, at - 80), at + 80), `${path}: the documents part at ${at}`).toBe(
        its.body.slice(Math.max(0, at - 80), at + 80),
      );
    }
  }
});
