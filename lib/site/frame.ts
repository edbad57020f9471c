import type { Metadata } from "next";
import type { Studio } from "@/lib/content/types";
import { LOCALES, type Locale } from "@/lib/i18n/config";
import { paths } from "./paths";

/** Served by `app/icon.svg/route.ts` from `content/icon.svg`. */
export const ICON_PATH = "/icon.svg";

/**
 * What every page of a locale starts from: the title template, description and icon. All of it
 * comes from `content/studio.yaml`, so another studio changes content/ and nothing else.
 */
export function frameMetadata(studio: Studio, locale: Locale): Metadata {
  return {
    title: { default: `${studio.name} · ${studio.tagline[locale]}`, template: `%s · ${studio.name}` },
    description: studio.description[locale],
    applicationName: studio.name,
    icons: { icon: [{ url: ICON_PATH, type: "image/svg+xml" }] },
    alternates: {
      canonical: paths.home(locale),
      languages: Object.fromEntries(LOCALES.map((other) => [other, paths.home(other)])),
    },
  };
}
