import { CATALOG } from "@/lib/content/catalog";
import type { Locale } from "@/lib/i18n/config";
import { LOCALES } from "@/lib/i18n/config";
import { LAB_PAGES } from "@/lib/site/nav";
import { paths } from "@/lib/site/paths";

/** The pages of one locale that aren't in the catalog: the section indexes, the tools, the Lab's own pages. */
function sectionPages(locale: Locale): string[] {
  const sections = [
    paths.home,
    paths.services,
    paths.projects,
    paths.blog,
    paths.faq,
    paths.lab,
    paths.quote,
    paths.contact,
  ];
  return [...sections, ...Object.values(LAB_PAGES)].map((page) => page(locale));
}

const KNOWN = new Set<string>(
  LOCALES.flatMap((locale) => [
    ...sectionPages(locale),
    ...CATALOG[locale].pages.map((page) => page.path.split("#")[0] ?? ""),
  ]),
);

/** Whether a path (with or without query and fragment) is a page of this site. */
export function isSitePath(path: string): boolean {
  if (!path.startsWith("/") || path.startsWith("//")) return false;
  const bare = path.split(/[?#]/)[0]?.replace(/\/$/, "") ?? "";
  return KNOWN.has(bare);
}
