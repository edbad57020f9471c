// Relative imports only: next.config.ts reaches this file for its rewrites and redirects.
import type { Locale } from "../i18n/config";

/**
 * The site's sections by the folder their pages live in under `app/[locale]/`. Each language
 * names them in its dictionary's `paths` (`/es/servicios`, `/en/services`); `next.config.ts`
 * rewrites those names to these folders and redirects a folder path that is not the name (308).
 */
export const SECTIONS = ["services", "projects", "blog", "faq", "lab", "quote", "contact"] as const;
/** The Lab's own pages, under the Lab's path. */
export const LAB_SECTIONS = ["agent", "assistant", "reviewer", "usage"] as const;

export type Section = (typeof SECTIONS)[number];
export type LabSection = (typeof LAB_SECTIONS)[number];
export type SectionPaths = Record<Section | LabSection, string>;

const SEGMENT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Problems with one language's section names: not a URL segment, twice, or another section's folder. */
export function sectionPathProblems(words: SectionPaths): string[] {
  const problems: string[] = [];
  for (const group of [SECTIONS, LAB_SECTIONS] as const) {
    const seen = new Map<string, string>();
    for (const section of group) {
      const word = words[section];
      if (typeof word !== "string" || !SEGMENT.test(word)) {
        problems.push(`paths.${section}: expected a lowercase URL segment such as "services"`);
        continue;
      }
      const twice = seen.get(word);
      if (twice) problems.push(`paths.${section}: "${word}" is already paths.${twice}`);
      // A word that is another section's folder would send that section's old path to this one.
      const folder = (group as readonly string[]).find((other) => other === word && other !== section);
      if (folder) problems.push(`paths.${section}: "${word}" is the folder of paths.${folder}`);
      seen.set(word, section);
    }
  }
  return problems;
}

/**
 * Every site path in one place: pages, the catalog the agent searches and its next-step links.
 * Section names come from each language's dictionary (`/es/servicios`, `/en/services`), a
 * service's, project's or post's slug from its content.
 */
export function sitePaths(words: Readonly<Record<string, SectionPaths>>) {
  const section = (locale: Locale, name: Section) => `/${locale}/${words[locale]?.[name] ?? name}`;
  const labPage = (locale: Locale, name: LabSection) => `${section(locale, "lab")}/${words[locale]?.[name] ?? name}`;
  return {
    home: (locale: Locale) => `/${locale}`,
    services: (locale: Locale) => section(locale, "services"),
    /** `slug`: the service's slug in this locale (`Service.text[locale].slug`). */
    service: (locale: Locale, slug: string) => `${section(locale, "services")}/${slug}`,
    projects: (locale: Locale) => section(locale, "projects"),
    project: (locale: Locale, slug: string) => `${section(locale, "projects")}/${slug}`,
    blog: (locale: Locale) => section(locale, "blog"),
    post: (locale: Locale, slug: string) => `${section(locale, "blog")}/${slug}`,
    lab: (locale: Locale) => section(locale, "lab"),
    labEntry: (locale: Locale, id: string) => `${section(locale, "lab")}#${id}`,
    labPage,
    labUsage: (locale: Locale) => labPage(locale, "usage"),
    faq: (locale: Locale) => section(locale, "faq"),
    faqEntry: (locale: Locale, id: string) => `${section(locale, "faq")}#${id}`,
    contact: (locale: Locale) => section(locale, "contact"),
    quote: (locale: Locale, serviceId?: string, extraIds: readonly string[] = []) => {
      const params = new URLSearchParams();
      if (serviceId) params.set("service", serviceId);
      if (serviceId && extraIds.length) params.set("extras", extraIds.join(","));
      const query = params.toString().replaceAll("%2C", ",");
      return `${section(locale, "quote")}${query ? `?${query}` : ""}`;
    },
  };
}

export type SitePaths = ReturnType<typeof sitePaths>;
