// Turns validated content into the generated files: pure, deterministic (stable order), so the
// committed output can be compared with a fresh build.
import { fromMarkdown } from "mdast-util-from-markdown";
import { toString as mdastToString } from "mdast-util-to-string";
import type { Locale } from "@/lib/i18n/config";
import { languageDataSet } from "@/lib/i18n/language-data/build";
import { foldWord } from "@/lib/i18n/language-data/fold";
import type { LanguageDataSet } from "@/lib/i18n/language-data/types";
import { createSearchIndex, type SerializedSearchIndex, serializeSearchIndex } from "@/lib/search";
import { type SitePaths, sitePaths } from "@/lib/site/sections";
import type { CatalogData, CatalogPage, PricingData, SiteData } from "./types";

/** Where the generated module imports a language's dictionary from. */
const dictionaryImport = (locale: string) => `@/lib/i18n/dictionaries/${locale}`;

/** Markdown to plain text, one line per block, for search. */
export function plainText(markdown: string): string {
  return fromMarkdown(markdown)
    .children.map((node) => mdastToString(node).replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
}

export function buildPricing(site: SiteData): PricingData {
  return {
    currency: site.settings.currency,
    quoteStep: site.settings.quoteStep,
    services: site.services.map(({ id, price, weeks, term, extras }) => ({
      id,
      price,
      weeks,
      ...(term ? { term } : {}),
      extras: extras.map((extra) => ({ id: extra.id, price: extra.price, weeks: extra.weeks })),
    })),
  };
}

function catalogFor(site: SiteData, locale: Locale, paths: SitePaths): CatalogData[Locale] {
  const services = site.services.map((service) => ({
    id: service.id,
    path: paths.service(locale, service.text[locale].slug),
    name: service.text[locale].name,
    summary: service.text[locale].summary,
    includes: service.text[locale].includes,
    idealFor: service.text[locale].idealFor,
    price: service.price,
    weeks: service.weeks,
    ...(service.term ? { term: service.term } : {}),
    extras: service.extras.map((extra) => ({
      id: extra.id,
      name: extra.name[locale],
      price: extra.price,
      weeks: extra.weeks,
    })),
  }));
  const pages: CatalogPage[] = [
    ...site.services.map((service) => {
      const text = service.text[locale];
      return {
        path: paths.service(locale, text.slug),
        kind: "service" as const,
        title: text.name,
        text: [
          text.summary,
          text.description,
          text.idealFor,
          ...text.includes,
          ...service.extras.map((e) => e.name[locale]),
        ].join("\n"),
      };
    }),
    ...site.projects[locale].map((project) => ({
      path: paths.project(locale, project.slug),
      kind: "project" as const,
      title: project.title,
      text: [
        project.summary,
        `${project.client} · ${project.sector}`,
        ...project.results,
        plainText(project.body),
      ].join("\n"),
    })),
    ...site.posts[locale].map((post) => ({
      path: paths.post(locale, post.slug),
      kind: "post" as const,
      title: post.title,
      text: [post.summary, plainText(post.body)].join("\n"),
    })),
    ...site.lab[locale].map((entry) => ({
      path: paths.labEntry(locale, entry.id),
      kind: "lab" as const,
      title: entry.title,
      text: [entry.summary, plainText(entry.body)].join("\n"),
    })),
    ...site.faq[locale].map((item) => ({
      path: paths.faqEntry(locale, item.id),
      kind: "faq" as const,
      title: item.question,
      text: plainText(item.answer),
    })),
  ];
  return { services, pages };
}

export function buildCatalog(site: SiteData): CatalogData {
  const paths = sitePaths(site.settings.sectionPaths);
  return Object.fromEntries(
    site.settings.locales.map((locale) => [locale, catalogFor(site, locale as Locale, paths)]),
  ) as CatalogData;
}

/** The search_site tool's index of each locale's pages, precomputed (lib/search/index.ts). */
export function buildSearchIndex(catalog: CatalogData): Record<Locale, SerializedSearchIndex> {
  return Object.fromEntries(
    (Object.keys(catalog) as Locale[]).map((locale) => [
      locale,
      serializeSearchIndex(createSearchIndex(catalog[locale].pages, locale)),
    ]),
  ) as Record<Locale, SerializedSearchIndex>;
}

/** The words the studio names its services and extras with (five letters or more): never stop words for it. */
export function namingWords(site: SiteData): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const locale of site.settings.locales) {
    const words = new Set<string>();
    for (const service of site.services) {
      const names = [service.text[locale]?.name ?? "", ...service.extras.map((extra) => extra.name[locale] ?? "")];
      for (const name of names)
        for (const word of name.split(/[^\p{L}\p{N}]+/u)) {
          // A function word in a name ("with", "de") stays one; a longer word ("website") names the offer.
          if ([...word].length >= 5) words.add(foldWord(word, locale));
        }
    }
    out.set(locale, words);
  }
  return out;
}

/** The studio's languages' data, for `generatedFiles`. */
export function studioLanguageData(site: SiteData): Promise<LanguageDataSet> {
  return languageDataSet(site.settings.localeTags, namingWords(site));
}

const HEADER = "// Generated by `npm run knowledge` from content/studio.yaml: do not edit.\n";

/**
 * The settings as a module (not JSON) so that `Locale` is the studio's languages as a type: code
 * that names a language the studio doesn't have fails to compile. Small enough for the browser.
 */
function settingsModule(site: SiteData): string {
  const { locales, ...settings } = site.settings;
  return (
    `${HEADER}export const LOCALES = ${JSON.stringify(locales)} as const;\n\n` +
    `export const SETTINGS = ${JSON.stringify(settings, null, 2)} as const;\n`
  );
}

/** The dictionaries of the studio's languages, and only those, for `lib/i18n/dictionary.ts`. */
function dictionariesModule(site: SiteData, from: (locale: string) => string): string {
  const { locales } = site.settings;
  const imports = [...locales]
    .sort()
    .map((locale) => `import { ${locale} } from "${from(locale)}";\n`)
    .join("");
  return (
    `${HEADER}import type { Dictionary } from "@/lib/i18n/dictionary";\n${imports}\n` +
    `export const DICTIONARIES: Record<${locales.map((l) => JSON.stringify(l)).join(" | ")}, Dictionary> = { ${locales.join(", ")} };\n`
  );
}

/**
 * The generated files, by path, as they are written (stable JSON, trailing newline); with the
 * studio's language data (`languageDataSet` of lib/i18n/language-data/build.ts, async), its file too.
 */
export function generatedFiles(
  site: SiteData,
  dictionaries = dictionaryImport,
  languages?: LanguageDataSet,
): Record<string, string> {
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  const catalog = buildCatalog(site);
  return {
    "content/generated/settings.ts": settingsModule(site),
    "content/generated/dictionaries.ts": dictionariesModule(site, dictionaries),
    "content/generated/site.json": json(site),
    "content/generated/pricing.json": json(buildPricing(site)),
    "content/generated/catalog.json": json(catalog),
    // One line: ~1,000 terms a locale, read by the Worker, not by people.
    "content/generated/search-index.json": `${JSON.stringify(buildSearchIndex(catalog))}\n`,
    // One line: the Worker reads it, people read lib/i18n/language-data/.
    ...(languages ? { "content/generated/language-data.json": `${JSON.stringify(languages)}\n` } : {}),
  };
}
