import type { Locale } from "@/lib/i18n/config";
import { paths } from "./paths";

export const NAV_ITEMS = ["services", "projects", "lab", "blog", "faq", "quote", "contact"] as const;
export type NavItem = (typeof NAV_ITEMS)[number];

export function navHref(locale: Locale, item: NavItem): string {
  return paths[item](locale);
}

/**
 * Lab entries that have a page of their own. An entry not listed here is shown on the Lab index
 * without a link, so the index never links to a 404.
 */
export const LAB_PAGES: Partial<Record<"agent" | "assistant" | "reviewer", (locale: Locale) => string>> = {
  agent: (locale) => paths.labPage(locale, "agent"),
  assistant: (locale) => paths.labPage(locale, "assistant"),
  reviewer: (locale) => paths.labPage(locale, "reviewer"),
};
