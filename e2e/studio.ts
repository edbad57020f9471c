// What the e2e specs know of the studio they run against: only what content/ says, through the
// site's own code (the studio's languages, services, prices and its dictionaries' words).
import { SITE } from "@/lib/content/site";
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from "@/lib/i18n/config";
import { LAB_PAGES } from "@/lib/site/nav";

export { DEFAULT_LOCALE, LOCALES };

/** The studio's second language, if it has one: the language switch's specs need two. */
export const OTHER_LOCALE: Locale | undefined = LOCALES.find((locale) => locale !== DEFAULT_LOCALE);

/** A language code the site does not have. */
export const MISSING_LOCALE = ["fr", "de", "es", "en", "it", "pt"].find((code) => !isLocale(code)) ?? "zz";

/** The studio's first service with at least `count` extras (the calculator's specs tick them). */
export function serviceWithExtras(count: number) {
  const found = SITE.services.find((service) => service.extras.length >= count);
  if (!found) throw new Error(`the studio has no service with ${count} extras: its content/services/ needs one`);
  return found;
}

/** A regular expression that matches `text` literally. */
export function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * How many pages the sitemap lists, counted from the studio's content (not from the sitemap's own
 * list): in each language the home, the services, projects, blog, FAQ, Lab, calculator and contact
 * pages and each Lab page, then each service, project and post. A one-language studio lists half
 * the demo's, so no fixed number holds.
 */
export function sitemapPageCount(): number {
  const sections = 8 + Object.keys(LAB_PAGES).length;
  return LOCALES.reduce(
    (sum, locale) => sum + sections + SITE.services.length + SITE.projects[locale].length + SITE.posts[locale].length,
    0,
  );
}
