import type { Metadata } from "next";
import { config } from "@/lib/config";
import { SITE } from "@/lib/content/site";
import { LOCALES, type Locale } from "@/lib/i18n/config";
import { openGraphLocale } from "@/lib/i18n/format";
import { alternatePath } from "./alternates";

/** Title, description, canonical URL and `hreflang` alternates of one page. */
export function pageMetadata(locale: Locale, page: { title: string; description: string; path: string }): Metadata {
  return {
    title: page.title,
    description: page.description,
    alternates: {
      canonical: page.path,
      languages: Object.fromEntries(LOCALES.map((other) => [other, alternatePath(page.path, other, SITE)])),
    },
    openGraph: { title: page.title, description: page.description, locale: openGraphLocale(locale) },
  };
}

/** The site's public origin, for absolute URLs (sitemap, metadata). Set SITE_URL when deploying. */
export function siteUrl(): string {
  return (config().siteUrl ?? "http://localhost:3000").replace(/\/$/, "");
}
