import { expect, test } from "@playwright/test";

// Guards what the platform adds: the health route names the runtime that served it, and every
// kind of response (page, route, redirect, static asset) carries the security headers.

test("health route names its runtime", async ({ request }, testInfo) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ ok: true, runtime: testInfo.project.metadata.runtime });
});

async function staticAssetPath(request: import("@playwright/test").APIRequestContext): Promise<string> {
  const html = await (await request.get("/es")).text();
  const asset = /\/_next\/static\/[^"]+\.js/.exec(html)?.[0];
  if (!asset) throw new Error("no /_next/static script on /es");
  return asset;
}

test("security headers on every kind of response", async ({ request }) => {
  const paths = ["/es", "/en", "/api/health", "/", await staticAssetPath(request)];
  for (const path of paths) {
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
  await page.goto("/es");
  // Only a hydrated page navigates on the client: a full page load would drop this marker.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  await page.getByTestId("language-switch").click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  expect(await page.evaluate(() => "__sameDocument" in window)).toBe(true);
  expect(violations).toEqual([]);
});
