import { SITE } from "@/lib/content/site";
import { LOCALES, type Locale } from "@/lib/i18n/config";
import { LAB_PAGES } from "./nav";
import { paths } from "./paths";

/** Every page of one locale, in the sitemap's order: what the sitemap lists and the e2e checks visit. */
export function pagesOf(locale: Locale): string[] {
  return [
    paths.home(locale),
    paths.services(locale),
    ...SITE.services.map((service) => paths.service(locale, service.text[locale].slug)),
    paths.projects(locale),
    ...SITE.projects[locale].map((project) => paths.project(locale, project.slug)),
    paths.blog(locale),
    ...SITE.posts[locale].map((post) => paths.post(locale, post.slug)),
    paths.faq(locale),
    paths.lab(locale),
    ...Object.values(LAB_PAGES).map((page) => page(locale)),
    paths.quote(locale),
    paths.contact(locale),
  ];
}

/** Every page of every locale. No configuration read here, so tests outside the server can use it. */
export function sitePages(): string[] {
  return LOCALES.flatMap(pagesOf);
}
