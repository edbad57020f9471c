import type { MetadataRoute } from "next";
import { SITE } from "@/lib/content/site";
import { LOCALES, type Locale } from "@/lib/i18n/config";
import { alternatePath } from "@/lib/site/alternates";
import { siteUrl } from "@/lib/site/metadata";
import { LAB_PAGES } from "@/lib/site/nav";
import { paths } from "@/lib/site/paths";

function pagesOf(locale: Locale): string[] {
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

export default function sitemap(): MetadataRoute.Sitemap {
  const origin = siteUrl();
  return LOCALES.flatMap((locale) =>
    pagesOf(locale).map((path) => ({
      url: `${origin}${path}`,
      alternates: {
        languages: Object.fromEntries(LOCALES.map((other) => [other, `${origin}${alternatePath(path, other, SITE)}`])),
      },
    })),
  );
}
