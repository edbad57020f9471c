import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { allSitemapPages } from "@/lib/site/sitemap-pages";

// Guards a clean browser console on every page of the sitemap, on both runtimes: no error or
// warning (an unknown Permissions-Policy feature, a CSP violation, a hydration mismatch, a
// preloaded file the page never uses), no failed request and no 4xx/5xx for anything the page
// loads, and an icon the tab can show. Some warnings come late: Chromium reports a preload that
// went unused a few seconds after the load event, so each page stays open past that.

/** Chromium's unused-preload warning fires 3 s after `load`; a margin for a busy CI machine. */
const LATE_WARNINGS_MS = 4_500;
/** Pages open side by side in one browser context, so the wait for late warnings is shared. */
const PAGES_AT_ONCE = 6;

function watch(page: Page, path: string, problems: string[]) {
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

async function visit(context: BrowserContext, path: string, problems: string[]) {
  const page = await context.newPage();
  watch(page, path, problems);
  await page.goto(path, { waitUntil: "networkidle" });
  await expect(page.locator("h1").first()).toBeVisible();

  // Headless Chromium fetches no icon by itself: ask for the one the page links to.
  const icon = await page.locator('link[rel="icon"]').getAttribute("href");
  expect(icon, `${path} links an icon`).toBeTruthy();
  const response = await page.request.get(icon ?? "");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("image/svg+xml");
  return page;
}

const paths = allSitemapPages();
const groups: string[][] = [];
for (let start = 0; start < paths.length; start += PAGES_AT_ONCE)
  groups.push(paths.slice(start, start + PAGES_AT_ONCE));

test("the sitemap lists the pages this spec visits", () => {
  expect(paths.length).toBeGreaterThan(20);
});

for (const group of groups) {
  test(`a clean console, late warnings included: ${group.join(" ")}`, async ({ context }) => {
    // Six pages load at once, then the late warnings' wait: on workerd that took the whole 30 s.
    test.slow();
    const problems: string[] = [];
    const pages = await Promise.all(group.map((path) => visit(context, path, problems)));
    await pages[0]?.waitForTimeout(LATE_WARNINGS_MS);
    expect(problems).toEqual([]);
  });
}
