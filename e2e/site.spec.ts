import { expect, test } from "@playwright/test";

// Guards the site's frame: both locales render, `/` picks the browser's language, the switch
// keeps the page, and no link in the navigation leads to a 404.

for (const [locale, heading] of [
  ["es", "Sitios y automatizaciones que trabajan para su negocio"],
  ["en", "Websites and automations that work for your business"],
] as const) {
  test(`home page in ${locale}`, async ({ page }) => {
    const response = await page.goto(`/${locale}`);
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page.getByRole("link", { name: "Taller Norte" })).toBeVisible();
    await expect(page.getByRole("navigation").getByRole("link")).toHaveCount(7);
    await expect(page.getByRole("contentinfo")).toContainText("Taller Norte");
  });
}

test("`/` redirects by Accept-Language", async ({ request }) => {
  const english = await request.get("/", { headers: { "Accept-Language": "en-US,en;q=0.9" }, maxRedirects: 0 });
  expect(english.status()).toBe(307);
  expect(english.headers().location).toMatch(/\/en$/);
  const spanish = await request.get("/", { headers: { "Accept-Language": "es-CO,es;q=0.9" }, maxRedirects: 0 });
  expect(spanish.headers().location).toMatch(/\/es$/);
  const other = await request.get("/", { headers: { "Accept-Language": "de-DE" }, maxRedirects: 0 });
  expect(other.headers().location).toMatch(/\/es$/);
});

test("the language switch keeps the page", async ({ page }) => {
  await page.goto("/es");
  await page.getByTestId("language-switch").click();
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.getByTestId("language-switch").click();
  await expect(page).toHaveURL(/\/es$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
});

test("every link on the home page leads somewhere", async ({ page, request }) => {
  for (const locale of ["es", "en"]) {
    await page.goto(`/${locale}`);
    const hrefs = await page
      .locator("a[href^='/']")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
    expect(hrefs.length).toBeGreaterThan(7);
    for (const href of new Set(hrefs)) {
      const [path = "", fragment] = href.split("#");
      const response = await request.get(path);
      expect(response.status(), href).toBe(200);
      if (fragment) expect(await response.text(), href).toContain(`id="${fragment}"`);
    }
  }
});

test("an unknown page answers 404 in its locale, with the navigation", async ({ page }) => {
  const response = await page.goto("/en/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("We couldn't find this page");
  await expect(page.getByRole("navigation")).toBeVisible();
});
