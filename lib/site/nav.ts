import type { Locale } from "@/lib/i18n/config";

export const NAV_ITEMS = ["services", "projects", "lab", "blog", "faq", "quote", "contact"] as const;
export type NavItem = (typeof NAV_ITEMS)[number];

/**
 * Where each navigation entry leads. An entry points at its section of the home page until its
 * own page exists, so the navigation never links to a 404.
 */
export function navHref(locale: Locale, item: NavItem): string {
  return `/${locale}#${item}`;
}
