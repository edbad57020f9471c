import type { MetadataRoute } from "next";
import { SITE } from "@/lib/content/site";
import { LOCALES } from "@/lib/i18n/config";
import { alternatePath } from "@/lib/site/alternates";
import { siteUrl } from "@/lib/site/metadata";
import { sitemapPages } from "@/lib/site/sitemap-pages";

export default function sitemap(): MetadataRoute.Sitemap {
  const origin = siteUrl();
  return LOCALES.flatMap((locale) =>
    sitemapPages(locale).map((path) => ({
      url: `${origin}${path}`,
      alternates: {
        languages: Object.fromEntries(LOCALES.map((other) => [other, `${origin}${alternatePath(path, other, SITE)}`])),
      },
    })),
  );
}
