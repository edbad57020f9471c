import { expect, type Page, test } from "@playwright/test";
import sitemap from "@/app/sitemap";

// Guards a clean browser console on every page of the sitemap, on both runtimes: no error or
// warning (an unknown Permissions-Policy feature, a CSP violation, a hydration mismatch), no
// failed request and no 4xx/5xx for anything the page loads, and an icon the tab can show.

function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") {
      problems.push(`console ${message.type()}: ${message.text()}`);
    }
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("requestfailed", (request) => {
    const error = request.failure()?.errorText ?? "";
    // Leaving a page cancels its link prefetches (`?_rsc=`): that is the browser, not a failure.
    if (error === "net::ERR_ABORTED") return;
    problems.push(`request failed: ${request.url()} ${error}`);
  });
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`${response.status()}: ${response.url()}`);
  });
  return problems;
}

const paths = sitemap().map((entry) => new URL(entry.url).pathname);

test("the sitemap lists the pages this spec visits", () => {
  expect(paths.length).toBeGreaterThan(20);
});

for (const path of paths) {
  test(`${path} loads with a clean console`, async ({ page }) => {
    const problems = watch(page);
    await page.goto(path, { waitUntil: "networkidle" });
    await expect(page.locator("h1").first()).toBeVisible();
    expect(problems).toEqual([]);

    // Headless Chromium fetches no icon by itself: ask for the one the page links to.
    const icon = await page.locator('link[rel="icon"]').getAttribute("href");
    expect(icon).toBeTruthy();
    const response = await page.request.get(icon ?? "");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("image/svg+xml");
  });
}
