import { tool } from "ai";
import { z } from "zod";
import searchIndex from "@/content/generated/search-index.json" with { type: "json" };
import type { CatalogPage, PageKind } from "@/lib/content/types";
import { LOCALES, type Locale } from "@/lib/i18n/config";
import { restoreSearchIndex, type SearchIndex, type SerializedSearchIndex, search } from "@/lib/search";
import { CATALOG, type ToolContext, toolInput } from "./shared";

export const MAX_RESULTS = 5;

// A goal is nearly always about something to build, and the next tools need a service id: when a
// service page and a case study match about as well, the service page comes first.
const KIND_BOOST: Record<PageKind, number> = { service: 1.3, project: 1, post: 1, lab: 1, faq: 1 };

type Page = CatalogPage & { boost: number };
const indexes = new Map<Locale, SearchIndex<Page>>();

/** Restored on first use, once per locale and isolate, from the index `npm run knowledge` built. */
function indexOf(locale: Locale): SearchIndex<Page> {
  let index = indexes.get(locale);
  if (!index) {
    const pages = CATALOG[locale].pages.map((page) => ({ ...page, boost: KIND_BOOST[page.kind] }));
    index = restoreSearchIndex(
      pages,
      locale,
      (searchIndex as unknown as Record<Locale, SerializedSearchIndex>)[locale],
    );
    indexes.set(locale, index);
  }
  return index;
}

export type SearchSiteResult = { ok: true; results: { path: string; title: string; snippet: string }[] };

export function searchSite(query: string, locale: Locale): SearchSiteResult {
  const hits = search(indexOf(locale), query, MAX_RESULTS);
  return { ok: true, results: hits.map(({ doc, snippet }) => ({ path: doc.path, title: doc.title, snippet })) };
}

export const searchSiteInput = z.object({
  query: z.string().trim().min(1).max(200).describe("Keywords"),
  locale: z.enum(LOCALES).optional().describe("Default: the page's"),
});

export const searchSiteTool = (context: ToolContext) =>
  tool({
    description: "Search this site's services, projects, blog and FAQ.",
    inputSchema: toolInput(searchSiteInput),
    execute: ({ query, locale }): SearchSiteResult => searchSite(query, locale ?? context.locale),
  });
