import type { Metadata } from "next";
import { SITE } from "@/lib/content/site";
import type { Studio } from "@/lib/content/types";
import type { Locale } from "@/lib/i18n/config";
import { openGraphLocale } from "@/lib/i18n/format";
import { alternateLinks } from "./alternates";
import { paths } from "./paths";
import { absoluteUrl } from "./public-origin";

/** Served by `app/icon.svg/route.ts` from `content/icon.svg`. */
const ICON_PATH = "/icon.svg";

/**
 * What every page of a locale starts from: the title template, description and icon. All of it
 * comes from `content/studio.yaml`, so another studio changes content/ and nothing else. The
 * links (the home page's, which its own pages replace) are on `origin` (`lib/site/metadata.ts`).
 */
export function frameMetadata(studio: Studio, locale: Locale, origin?: string): Metadata {
  const home = paths.home(locale);
  return {
    ...(origin ? { metadataBase: new URL(origin) } : {}),
    title: { default: `${studio.name} · ${studio.tagline[locale]}`, template: `%s · ${studio.name}` },
    description: studio.description[locale],
    applicationName: studio.name,
    icons: { icon: [{ url: ICON_PATH, type: "image/svg+xml" }] },
    alternates: alternateLinks(home, origin, SITE),
    openGraph: {
      title: studio.name,
      description: studio.description[locale],
      url: absoluteUrl(home, origin),
      siteName: studio.name,
      locale: openGraphLocale(locale),
      type: "website",
    },
  };
}
