import type { Locale } from "@/lib/i18n/config";

/** Every site path in one place: pages, the catalog the agent searches and its next-step links. */
export const paths = {
  home: (locale: Locale) => `/${locale}`,
  services: (locale: Locale) => `/${locale}/services`,
  service: (locale: Locale, id: string) => `/${locale}/services/${id}`,
  projects: (locale: Locale) => `/${locale}/projects`,
  project: (locale: Locale, slug: string) => `/${locale}/projects/${slug}`,
  blog: (locale: Locale) => `/${locale}/blog`,
  post: (locale: Locale, slug: string) => `/${locale}/blog/${slug}`,
  lab: (locale: Locale) => `/${locale}/lab`,
  labEntry: (locale: Locale, id: string) => `/${locale}/lab#${id}`,
  labUsage: (locale: Locale) => `/${locale}/lab/usage`,
  faq: (locale: Locale) => `/${locale}/faq`,
  faqEntry: (locale: Locale, id: string) => `/${locale}/faq#${id}`,
  contact: (locale: Locale) => `/${locale}/contact`,
  quote: (locale: Locale, serviceId?: string, extraIds: readonly string[] = []) => {
    const params = new URLSearchParams();
    if (serviceId) params.set("service", serviceId);
    if (serviceId && extraIds.length) params.set("extras", extraIds.join(","));
    const query = params.toString().replaceAll("%2C", ",");
    return `/${locale}/quote${query ? `?${query}` : ""}`;
  },
};
