import { expect, test } from "@playwright/test";
import { SITE } from "@/lib/content/site";
import { getDictionary } from "@/lib/i18n/dictionary";
import { paths } from "@/lib/site/paths";
import { DEFAULT_LOCALE, LOCALES, literal } from "./studio";

const home = paths.home(DEFAULT_LOCALE);
const [service] = SITE.services;
if (!service) throw new Error("the studio has no service: its content/services/ needs one");

// Guards what the platform adds: the health route names the runtime that served it, and every
// kind of response (page, route, redirect, static asset) carries the security headers.

test("health route names its runtime", async ({ request }, testInfo) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ ok: true, runtime: testInfo.project.metadata.runtime });
});

async function staticAssetPath(request: import("@playwright/test").APIRequestContext): Promise<string> {
  const html = await (await request.get(home)).text();
  const asset = /\/_next\/static\/[^"]+\.js/.exec(html)?.[0];
  if (!asset) throw new Error(`no /_next/static script on ${home}`);
  return asset;
}

test("security headers on every kind of response", async ({ request }) => {
  const pages = LOCALES.map((locale) => paths.home(locale));
  for (const path of [...pages, "/api/health", "/", await staticAssetPath(request)]) {
    const response = await request.get(path, { maxRedirects: 0 });
    const headers = response.headers();
    const csp = headers["content-security-policy"] ?? "";
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(csp, path).toContain("default-src 'self'");
    expect(csp, path).not.toMatch(/https?:\/\//);
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"], path).toContain("camera=()");
  }
});

test("the page hydrates under the CSP without violations", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto(paths.home(DEFAULT_LOCALE));
  // Only a hydrated page navigates on the client: a full page load would drop this marker.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  const services = getDictionary(DEFAULT_LOCALE).nav.services;
  await page.getByRole("navigation").getByRole("link", { name: services }).click();
  await expect(page).toHaveURL(new RegExp(`${literal(paths.services(DEFAULT_LOCALE))}$`));
  expect(await page.evaluate(() => "__sameDocument" in window)).toBe(true);
  expect(violations).toEqual([]);
});

// Re-rendering a prerendered page costs the Worker ~18 ms of CPU, past Workers Free's 10 ms: in
// workerd they come from OpenNext's static-assets cache (open-next.config.ts); pages that change
// per request (the calculator's URL state) are still rendered.
test("prerendered pages come from the build's cache; the calculator is rendered", async ({ request }, testInfo) => {
  const header = testInfo.project.metadata.runtime === "workerd" ? "x-opennext-cache" : "x-nextjs-cache";
  const prerendered = [
    home,
    paths.labPage(LOCALES.at(-1) ?? DEFAULT_LOCALE, "agent"),
    paths.service(DEFAULT_LOCALE, service.text[DEFAULT_LOCALE].slug),
  ];
  for (const path of prerendered) {
    expect((await request.get(path)).headers()[header], path).toBe("HIT");
  }
  const quote = await request.get(paths.quote(DEFAULT_LOCALE, service.id));
  expect(quote.status()).toBe(200);
  expect(quote.headers()[header]).toBeUndefined();
  expect(quote.headers()["cache-control"]).toContain("no-store");
});
