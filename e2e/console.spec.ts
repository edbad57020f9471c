import { expect, type Page, test } from "@playwright/test";
import { LOCALES } from "@/lib/i18n/config";

// Guards a clean browser console on every page of the sitemap, on both runtimes: no error or
// warning (an unknown Permissions-Policy feature, a CSP violation, a hydration mismatch), no
// failed request and no 4xx/5xx for anything the page loads, and an icon the tab can show.

async function sitemapPaths(page: Page): Promise<string[]> {
  const response = await page.request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  const xml = await response.text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "").pathname);
}

function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") {
      problems.push(`console ${message.type()}: ${message.text()} (${page.url()})`);
    }
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message} (${page.url()})`));
  page.on("requestfailed", (request) => {
    problems.push(`request failed: ${request.url()} ${request.failure()?.errorText ?? ""}`);
  });
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`${response.status()}: ${response.url()}`);
  });
  return problems;
}

for (const locale of LOCALES) {
  test(`every ${locale} page of the sitemap loads with a clean console`, async ({ page }) => {
    test.setTimeout(180_000);
    const paths = (await sitemapPaths(page)).filter((path) => path === `/${locale}` || path.startsWith(`/${locale}/`));
    expect(paths.length).toBeGreaterThan(10);
    const problems = watch(page);
    for (const path of paths) {
      await page.goto(path, { waitUntil: "networkidle" });
      await expect(page.locator("h1").first(), path).toBeVisible();
    }
    expect(problems).toEqual([]);

    // Headless Chromium fetches no icon by itself: ask for the one the pages link to.
    const icon = await page.locator('link[rel="icon"]').getAttribute("href");
    expect(icon).toBeTruthy();
    const response = await page.request.get(icon ?? "");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("image/svg+xml");
  });
}
