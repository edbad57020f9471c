import catalog from "@/content/generated/catalog.json" with { type: "json" };
import type { CatalogData } from "@/lib/content/types";
import { LOCALES } from "@/lib/i18n/config";

const CATALOG = catalog as CatalogData;
const SECTIONS = ["", "/services", "/projects", "/blog", "/faq", "/lab", "/quote", "/contact"];

const KNOWN = new Set<string>([
  ...LOCALES.flatMap((locale) => SECTIONS.map((section) => `/${locale}${section}`)),
  ...LOCALES.flatMap((locale) => CATALOG[locale].pages.map((page) => page.path.split("#")[0] ?? "")),
]);

/** Whether a path (with or without query and fragment) is a page of this site. */
export function isSitePath(path: string): boolean {
  if (!path.startsWith("/") || path.startsWith("//")) return false;
  const bare = path.split(/[?#]/)[0]?.replace(/\/$/, "") ?? "";
  return KNOWN.has(bare);
}
