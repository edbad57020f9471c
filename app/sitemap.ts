import type { MetadataRoute } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { SITE } from "@/lib/content/site";
import { LOCALES } from "@/lib/i18n/config";
import { alternateLinks } from "@/lib/site/alternates";
import { publicOrigin } from "@/lib/site/metadata";
import { sitemapPages } from "@/lib/site/sitemap-pages";

// Made per request (a few microseconds): without SITE_URL its links are on the host the request
// was addressed to, so a local preview on any port lists its own pages.
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const origin = publicOrigin(await headers());
  // A Host that is no host: there is no origin to write, and a sitemap of relative URLs is invalid.
  if (!origin) notFound();
  return LOCALES.flatMap((locale) =>
    sitemapPages(locale).map((path) => {
      const { canonical, languages } = alternateLinks(path, origin, SITE);
      return { url: canonical, alternates: { languages } };
    }),
  );
}
