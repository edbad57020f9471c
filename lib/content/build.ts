// Turns validated content into the generated files: pure, deterministic (stable order), so the
// committed output can be compared with a fresh build.
import { fromMarkdown } from "mdast-util-from-markdown";
import { toString as mdastToString } from "mdast-util-to-string";
import { LOCALES, type Locale } from "@/lib/i18n/config";
import { createSearchIndex, type SerializedSearchIndex, serializeSearchIndex } from "@/lib/search";
import { paths } from "@/lib/site/paths";
import type { CatalogData, CatalogPage, PricingData, SiteData } from "./types";

/** Markdown to plain text, one line per block, for search. */
export function plainText(markdown: string): string {
  return fromMarkdown(markdown)
    .children.map((node) => mdastToString(node).replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
}

export function buildPricing(site: SiteData): PricingData {
  return {
    currency: "COP",
    services: site.services.map(({ id, price, weeks, extras }) => ({
      id,
      price,
      weeks,
      extras: extras.map((extra) => ({ id: extra.id, price: extra.price, weeks: extra.weeks })),
    })),
  };
}

function catalogFor(site: SiteData, locale: Locale): CatalogData[Locale] {
  const services = site.services.map((service) => ({
    id: service.id,
    name: service.text[locale].name,
    summary: service.text[locale].summary,
    includes: service.text[locale].includes,
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
        path: paths.service(locale, service.id),
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
  return Object.fromEntries(LOCALES.map((locale) => [locale, catalogFor(site, locale)])) as CatalogData;
}

/** The generated files, by path, as they are written (stable JSON, trailing newline). */
/** The search_site tool's index of each locale's pages, precomputed (lib/search/index.ts). */
export function buildSearchIndex(catalog: CatalogData): Record<Locale, SerializedSearchIndex> {
  return Object.fromEntries(
    LOCALES.map((locale) => [locale, serializeSearchIndex(createSearchIndex(catalog[locale].pages, locale))]),
  ) as Record<Locale, SerializedSearchIndex>;
}

export function generatedFiles(site: SiteData): Record<string, string> {
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  const catalog = buildCatalog(site);
  return {
    "content/generated/site.json": json(site),
    "content/generated/pricing.json": json(buildPricing(site)),
    "content/generated/catalog.json": json(catalog),
    // One line: ~1,000 terms a locale, read by the Worker, not by people.
    "content/generated/search-index.json": `${JSON.stringify(buildSearchIndex(catalog))}\n`,
  };
}
