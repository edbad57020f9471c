import { expect, test } from "@playwright/test";
import { SITE } from "@/lib/content/site";
import { getDictionary } from "@/lib/i18n/dictionary";
import { localeTag } from "@/lib/i18n/format";
import { NAV_ITEMS } from "@/lib/site/nav";
import { paths } from "@/lib/site/paths";
import { DEFAULT_LOCALE, LOCALES, literal, MISSING_LOCALE, OTHER_LOCALE } from "./studio";

// Guards the site's frame: every language of the studio renders, `/` picks the browser's
// language, the switch keeps the page, and no link in the navigation leads to a 404.

for (const locale of LOCALES) {
  test(`home page in ${locale}`, async ({ page }) => {
    const response = await page.goto(paths.home(locale));
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(getDictionary(locale).home.title);
    await expect(page.getByRole("link", { name: SITE.studio.name })).toBeVisible();
    await expect(page.getByRole("navigation").getByRole("link")).toHaveCount(NAV_ITEMS.length);
    await expect(page.getByRole("contentinfo")).toContainText(SITE.studio.name);
  });
}

test("`/` redirects by Accept-Language", async ({ request }) => {
  for (const locale of LOCALES) {
    const preferred = await request.get("/", {
      headers: { "Accept-Language": `${localeTag(locale)},${locale};q=0.9` },
      maxRedirects: 0,
    });
    expect(preferred.status()).toBe(307);
    expect(preferred.headers().location).toMatch(new RegExp(`${literal(paths.home(locale))}$`));
  }
  const other = await request.get("/", { headers: { "Accept-Language": MISSING_LOCALE }, maxRedirects: 0 });
  expect(other.headers().location).toMatch(new RegExp(`${literal(paths.home(DEFAULT_LOCALE))}$`));
});

if (OTHER_LOCALE) {
  const other = OTHER_LOCALE;
  test("the language switch keeps the page", async ({ page }) => {
    await page.goto(paths.home(DEFAULT_LOCALE));
    await page.getByTestId("language-switch").click();
    await expect(page).toHaveURL(new RegExp(`${literal(paths.home(other))}$`));
    await expect(page.locator("html")).toHaveAttribute("lang", other);
    await page.getByTestId("language-switch").click();
    await expect(page).toHaveURL(new RegExp(`${literal(paths.home(DEFAULT_LOCALE))}$`));
    await expect(page.locator("html")).toHaveAttribute("lang", DEFAULT_LOCALE);
  });
}

test("every link on the home page leads somewhere", async ({ page, request }) => {
  for (const locale of LOCALES) {
    await page.goto(paths.home(locale));
    const hrefs = await page
      .locator("a[href^='/']")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
    expect(hrefs.length).toBeGreaterThan(NAV_ITEMS.length);
    for (const href of new Set(hrefs)) {
      const [path = "", fragment] = href.split("#");
      const response = await request.get(path);
      expect(response.status(), href).toBe(200);
      if (fragment) expect(await response.text(), href).toContain(`id="${fragment}"`);
    }
  }
});

test("an unknown page answers 404 in its language, with the navigation", async ({ page }) => {
  const locale = OTHER_LOCALE ?? DEFAULT_LOCALE;
  const response = await page.goto(`${paths.home(locale)}/no-such-page`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(getDictionary(locale).boundary.notFound.title);
  await expect(page.getByRole("navigation")).toBeVisible();
});
