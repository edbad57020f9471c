import "server-only";
import type { Metadata } from "next";
import { config } from "@/lib/config";
import { SITE } from "@/lib/content/site";
import type { Locale } from "@/lib/i18n/config";
import { openGraphLocale } from "@/lib/i18n/format";
import { onWorkers } from "@/lib/platform/client-ip";
import { alternateLinks } from "./alternates";
import { absoluteUrl, requestOrigin } from "./public-origin";

/**
 * The origin of links that leave the page (canonical, `hreflang`, Open Graph, sitemap, the
 * studio's email): `SITE_URL`, else the origin the request was addressed to. Prerendered pages
 * are made once by `next build` and then served as they are from OpenNext's static cache, with
 * no request to ask: they carry `SITE_URL` as the build had it, or relative links when the build
 * had none (next.config.ts warns; a production release refuses such a build).
 */
export function publicOrigin(headers?: Pick<Headers, "get">): string | undefined {
  return config().siteUrl ?? (headers ? requestOrigin(headers, { workers: onWorkers() }) : undefined);
}

/** Title, description, canonical URL, `hreflang` alternates and Open Graph of one page. */
export function pageMetadata(locale: Locale, page: { title: string; description: string; path: string }): Metadata {
  const origin = publicOrigin();
  return {
    title: page.title,
    description: page.description,
    alternates: alternateLinks(page.path, origin, SITE),
    openGraph: {
      title: page.title,
      description: page.description,
      url: absoluteUrl(page.path, origin),
      siteName: SITE.studio.name,
      locale: openGraphLocale(locale),
    },
  };
}

/**
 * A studio-only page (the inbox and its Lab view): its title, kept out of search engines, and none
 * of the layout's canonical, `hreflang` or Open Graph links, which name the site's public pages.
 */
export function privatePageMetadata(title: string): Metadata {
  return { title, robots: { index: false, follow: false }, alternates: {}, openGraph: null };
}
