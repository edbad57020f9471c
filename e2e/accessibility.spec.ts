import { type BrowserContext, expect, type Page } from "@playwright/test";
import { DEFAULT_LOCALE, LOCALES } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { paths as sitePaths } from "@/lib/site/paths";
import { allSitemapPages, sitemapPagesByKind } from "@/lib/site/sitemap-pages";
import { expectAccessible, expectFitsWidth, expectOwnStyles, expectTypeScale, PHONE, test } from "./checks";
import { sitemapPageCount } from "./studio";

// Every page of the sitemap on a 360 px phone, on the Worker (`@page-checks`, playwright.config.ts):
// - a clean browser console: no error or warning (an unknown Permissions-Policy feature, a CSP
//   violation, a hydration mismatch, a preloaded file the page never uses), no failed request and
//   no 4xx/5xx for anything the page loads, and an icon the tab can show;
// - and, in the same visit, no axe violation of WCAG 2.2 AA, headings that never skip a level,
//   nothing wider than the screen, type on the scale, only the page's own CSS; the page the visitor
//   is on is marked in the navigation.
// On next start (`@node-only`) the console watch and the icon, on one page of each kind in the
// studio's first language: the files, icon and API calls a page loads are its kind's, and every
// page's document and headers are the Worker's, byte for byte (e2e/same-pages.spec.ts).
// Pages added to the sitemap are covered without touching this spec. A page that doesn't exist
// says so in its title.

const paths = allSitemapPages();

test.use({ viewport: PHONE });

test("the sitemap lists the pages these checks visit", () => {
  expect(paths).toHaveLength(sitemapPageCount());
  expect(new Set(paths).size).toBe(paths.length);
  for (const locale of LOCALES) expect(paths).toContain(`/${locale}`);
});

/** Chromium's unused-preload warning fires 3 s after `load`; a margin for a busy CI machine. */
const LATE_WARNINGS_MS = 4_500;
/**
 * Pages a test: they load side by side in one browser context, then are checked one after the
 * other, so the checks take up the wait for late warnings; the two workers share the tests.
 */
const PAGES_PER_TEST = 6;
function inGroups(pages: string[]): string[][] {
  const groups: string[][] = [];
  for (let start = 0; start < pages.length; start += PAGES_PER_TEST)
    groups.push(pages.slice(start, start + PAGES_PER_TEST));
  return groups;
}

function watchConsole(page: Page, path: string, problems: string[]) {
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") {
      problems.push(`${path}: console ${message.type()}: ${message.text()}`);
    }
  });
  page.on("pageerror", (error) => problems.push(`${path}: page error: ${error.message}`));
  page.on("requestfailed", (request) => {
    const error = request.failure()?.errorText ?? "";
    // Leaving a page cancels its link prefetches (`?_rsc=`): that is the browser, not a failure.
    if (error === "net::ERR_ABORTED") return;
    problems.push(`${path}: request failed: ${request.url()} ${error}`);
  });
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`${path}: ${response.status()}: ${response.url()}`);
  });
}

async function open(context: BrowserContext, path: string, problems: string[]) {
  const page = await context.newPage();
  watchConsole(page, path, problems);
  const response = await page.goto(path, { waitUntil: "networkidle" });
  expect(response?.status(), path).toBe(200);
  return { page, path, loadedAt: Date.now() };
}

async function expectPageRight(page: Page, path: string) {
  await expectShownWithIcon(page, path);
  await expectFitsWidth(page, path);
  await expectAccessible(page, path);
  await expectTypeScale(page, path);
  await expectOwnStyles(page, path);

  // The nav marks the page itself with aria-current="page", a page inside a section with "true".
  const current = page.getByRole("navigation").locator("a[aria-current]");
  expect(await current.count(), `${path} marks at most one nav link`).toBeLessThanOrEqual(1);
  const href = (await current.count()) ? await current.getAttribute("href") : null;
  if (href === path) await expect(current).toHaveAttribute("aria-current", "page");
  else if (href) {
    expect(path.startsWith(`${href}/`), `${path} marks ${href}`).toBe(true);
    await expect(current).toHaveAttribute("aria-current", "true");
  }
}

/** The page shows its heading and links an icon the tab can show. */
async function expectShownWithIcon(page: Page, path: string) {
  await expect(page.locator("h1").first()).toBeVisible();
  // Headless Chromium fetches no icon by itself: ask for the one the page links to.
  const icon = await page.locator('link[rel="icon"]').getAttribute("href");
  expect(icon, `${path} links an icon`).toBeTruthy();
  const response = await page.request.get(icon ?? "");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("image/svg+xml");
}

/**
 * Opens a group's pages side by side, checks each, then waits out Chromium's late warnings (the
 * checks take up most of that wait) and expects a clean console on all of them.
 */
async function visitGroup(
  context: BrowserContext,
  group: string[],
  check: (page: Page, path: string) => Promise<void>,
) {
  const problems: string[] = [];
  const opened = await Promise.all(group.map((path) => open(context, path, problems)));
  for (const { page, path } of opened) await check(page, path);
  const lastLoad = Math.max(...opened.map(({ loadedAt }) => loadedAt));
  const left = lastLoad + LATE_WARNINGS_MS - Date.now();
  if (left > 0) await opened[0]?.page.waitForTimeout(left);
  expect(problems).toEqual([]);
}

for (const group of inGroups(paths)) {
  test(`WCAG 2.2 AA, headings in order, fits 360 px, type scale, own CSS, nav marks the page, a clean console: ${group.join(" ")}`, {
    tag: "@page-checks",
  }, async ({ context }) => {
    test.slow();
    await visitGroup(context, group, expectPageRight);
  });
}

const onePageOfEachKind = sitemapPagesByKind(DEFAULT_LOCALE).flatMap((kind) => kind.slice(0, 1));
for (const group of inGroups(onePageOfEachKind)) {
  test(`a clean console and an icon: ${group.join(" ")}`, { tag: "@node-only" }, async ({ context }) => {
    await visitGroup(context, group, expectShownWithIcon);
  });
}

test("the nav marks the current page, and only it", { tag: "@page-checks" }, async ({ page }) => {
  const locale = DEFAULT_LOCALE;
  const words = getDictionary(locale).nav;
  await page.goto(sitePaths.services(locale));
  const nav = page.getByRole("navigation");
  await expect(nav.getByRole("link", { name: words.services })).toHaveAttribute("aria-current", "page");
  await expect(nav.locator("a[aria-current]")).toHaveCount(1);
  await page.goto(sitePaths.labPage(locale, "agent"));
  await expect(nav.getByRole("link", { name: words.lab })).toHaveAttribute("aria-current", "true");
  await page.goto(sitePaths.home(locale));
  await expect(nav.locator("a[aria-current]")).toHaveCount(0);
});

test("a page that doesn't exist: its own title, accessible, fits the phone", { tag: "@page-checks" }, async ({
  page,
}) => {
  for (const locale of LOCALES) {
    const response = await page.goto(`/${locale}/no-such-page`);
    expect(response?.status()).toBe(404);
    const heading = (await page.locator("h1").textContent()) ?? "";
    expect(heading.length).toBeGreaterThan(0);
    await expect(page).toHaveTitle(new RegExp(heading.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
    const home = await page.request.get(`/${locale}`);
    const homeTitle = /<title>([^<]*)<\/title>/.exec(await home.text())?.[1];
    expect(await page.title()).not.toBe(homeTitle);
    await expectFitsWidth(page, `/${locale}/no-such-page`);
    await expectAccessible(page, `/${locale}/no-such-page`);
  }
});

test("pages the sitemap leaves out: the studio's inbox door and a contact form prefilled from the Lab", {
  tag: "@page-checks",
}, async ({ page }) => {
  for (const path of LOCALES.flatMap((locale) => [
    `/${locale}/inbox`,
    `${sitePaths.contact(locale)}?from=agent&goal=${encodeURIComponent(getDictionary(locale).agent.console.exampleGoals[0] ?? "")}`,
  ])) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.locator("h1").first()).toBeVisible();
    await expectFitsWidth(page, path);
    await expectAccessible(page, path);
  }
});

test("the axe check fails a page that breaks WCAG: an image without a text alternative, a button without a name", {
  tag: "@page-checks",
}, async ({ page }) => {
  await page.goto(`/${DEFAULT_LOCALE}`);
  await expectAccessible(page, "the page as sent");
  await page
    .locator("main")
    .evaluate((main) => main.insertAdjacentHTML("beforeend", '<img src="/icon.svg"><button></button>'));
  const failure = await expectAccessible(page, "the page broken").then(
    () => "",
    (error: Error) => error.message,
  );
  expect(failure).toContain("image-alt");
  expect(failure).toContain("button-name");
});
