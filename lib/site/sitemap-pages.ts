import { SITE } from "@/lib/content/site";
import { LOCALES, type Locale } from "@/lib/i18n/config";
import { LAB_PAGES } from "@/lib/site/nav";
import { paths } from "@/lib/site/paths";

// Apart from app/sitemap.ts, which adds the origin from the configuration (server-only): the e2e
// specs visit these same paths and run outside a server build.

/**
 * The pages the sitemap lists in one language, by kind: a list for each of the site's routes (a
 * studio without projects or posts has an empty one), in the sitemap's order.
 */
export function sitemapPagesByKind(locale: Locale): string[][] {
  return [
    [paths.home(locale)],
    [paths.services(locale)],
    SITE.services.map((service) => paths.service(locale, service.text[locale].slug)),
    [paths.projects(locale)],
    SITE.projects[locale].map((project) => paths.project(locale, project.slug)),
    [paths.blog(locale)],
    SITE.posts[locale].map((post) => paths.post(locale, post.slug)),
    [paths.faq(locale)],
    [paths.lab(locale)],
    ...Object.values(LAB_PAGES).map((page) => [page(locale)]),
    [paths.quote(locale)],
    [paths.contact(locale)],
  ];
}

/** The pages the sitemap lists in one language, as site paths. */
export function sitemapPages(locale: Locale): string[] {
  return sitemapPagesByKind(locale).flat();
}

/** Every page the sitemap lists, in every language of the site. */
export function allSitemapPages(): string[] {
  return LOCALES.flatMap(sitemapPages);
}
