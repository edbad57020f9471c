import catalog from "@/content/generated/catalog.json" with { type: "json" };
import searchIndex from "@/content/generated/search-index.json" with { type: "json" };
import type { Locale } from "@/lib/i18n/config";
import { restoreSearchIndex, type SearchIndex, type SerializedSearchIndex, search } from "./index";

// The generated files are read here, not through lib/content (which builds this index at
// `npm run knowledge`): the folders depend one way.
type SitePage = { path: string; kind: "service" | "project" | "post" | "lab" | "faq"; title: string; text: string };

export const MAX_RESULTS = 5;

// A goal is nearly always about something to build, and the next tools need a service id: when a
// service page and a case study match about as well, the service page comes first.
const KIND_BOOST: Record<SitePage["kind"], number> = { service: 1.3, project: 1, post: 1, lab: 1, faq: 1 };

type Page = SitePage & { boost: number };
const indexes = new Map<Locale, SearchIndex<Page>>();

/** Restored on first use, once per locale and isolate, from the index `npm run knowledge` built. */
function indexOf(locale: Locale): SearchIndex<Page> {
  let index = indexes.get(locale);
  if (!index) {
    const pages = (catalog as unknown as Record<Locale, { pages: SitePage[] }>)[locale].pages.map((page) => ({
      ...page,
      boost: KIND_BOOST[page.kind],
    }));
    index = restoreSearchIndex(
      pages,
      locale,
      (searchIndex as unknown as Record<Locale, SerializedSearchIndex>)[locale],
    );
    indexes.set(locale, index);
  }
  return index;
}

export type SiteSearchResult = { ok: true; results: { path: string; title: string; snippet: string }[] };

/** The site's pages that best match `query`: what the agent's `search_site`, the chat and the offline assistant read. */
export function searchSite(query: string, locale: Locale): SiteSearchResult {
  const hits = search(indexOf(locale), query, MAX_RESULTS);
  return { ok: true, results: hits.map(({ doc, snippet }) => ({ path: doc.path, title: doc.title, snippet })) };
}
