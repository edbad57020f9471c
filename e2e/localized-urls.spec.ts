import { expect, test } from "@playwright/test";
import { SITE } from "@/lib/content/site";
import type { Locale } from "@/lib/i18n/config";
import { paths } from "@/lib/site/paths";
import { DEFAULT_LOCALE, LOCALES, literal, MISSING_LOCALE, OTHER_LOCALE, serviceWithExtras } from "./studio";

// Guards "URLs read in their language" on both runtimes: a post has its own slug per language, the
// language switch and hreflang lead to its counterpart, another language's slug and the page
// folders' English paths redirect (308), and a language the site lacks goes to the default one.

const location = (response: { headers(): Record<string, string> }) =>
  new URL(response.headers().location ?? "", "http://x");

if (OTHER_LOCALE) {
  const [from, to]: [Locale, Locale] = [OTHER_LOCALE, DEFAULT_LOCALE];
  // A post whose slug differs between the two languages (the demo's English posts have English slugs).
  const post = SITE.posts[from].find((entry) =>
    SITE.posts[to].some((other) => other.id === entry.id && other.slug !== entry.slug),
  );
  const counterpart = SITE.posts[to].find((entry) => entry.id === post?.id);
  if (post && counterpart) {
    const here = paths.post(from, post.slug);
    const there = paths.post(to, counterpart.slug);

    test("the language switch and hreflang go to the post's counterpart", async ({ page }) => {
      await page.goto(here);
      await expect(page.locator(`link[rel="alternate"][hreflang="${to}"]`)).toHaveAttribute(
        "href",
        new RegExp(`${literal(there)}$`),
      );
      await page.getByTestId("language-switch").click();
      await expect(page).toHaveURL(new RegExp(`${literal(there)}$`));
      await page.getByTestId("language-switch").click();
      await expect(page).toHaveURL(new RegExp(`${literal(here)}$`));
    });

    test("a link with the other language's slug redirects to this language's", async ({ page }) => {
      const response = await page.request.get(paths.post(from, counterpart.slug), { maxRedirects: 0 });
      expect(response.status()).toBe(308);
      expect(location(response).pathname).toBe(here);
    });
  }
}

const service = serviceWithExtras(0);
for (const locale of LOCALES) {
  const servicePath = paths.service(locale, service.text[locale].slug);
  // The page folders are named in English (app/[locale]/services): where the language names the
  // section otherwise, the folder's path redirects to the language's.
  if (servicePath !== `/${locale}/services/${service.text[locale].slug}`) {
    test(`${paths.services(locale)} reads in its language, and /${locale}/services/… redirects (308) to it`, async ({
      page,
    }) => {
      const old = await page.request.get(`/${locale}/services/${service.id}?x=1`, { maxRedirects: 0 });
      expect(old.status()).toBe(308);
      expect(`${location(old).pathname}${location(old).search}`).toBe(`${servicePath}?x=1`);
      const served = await page.goto(servicePath);
      expect(served?.status()).toBe(200);
      await expect(page.getByTestId("service-price")).toBeVisible();
    });
  }
  if (paths.quote(locale) !== `/${locale}/quote`) {
    test(`/${locale}/quote redirects (308) to ${paths.quote(locale)}`, async ({ page }) => {
      const quote = await page.request.get(`/${locale}/quote`, { maxRedirects: 0 });
      expect(quote.status()).toBe(308);
      expect(location(quote).pathname).toBe(paths.quote(locale));
    });
  }
}

test("a language the site doesn't have goes to its default language", async ({ page }) => {
  const response = await page.request.get(`/${MISSING_LOCALE}/blog`, { maxRedirects: 0 });
  expect(response.status()).toBe(307);
  expect(location(response).pathname).toBe(paths.blog(DEFAULT_LOCALE));
});
