import type { Locale } from "@/lib/i18n/config";
import { snippetOf } from "./snippet";
import { queryTermsOf, termsOf } from "./terms";

/**
 * A small BM25F ranking over a title and a body, for a corpus of a few dozen pages, searched in
 * about a millisecond. The site's index is built by `npm run knowledge` (`serializeSearchIndex`)
 * and restored per isolate (`restoreSearchIndex`): building it costs a cold Worker tens of ms of
 * CPU. Deterministic: equal scores keep the documents' order.
 */

export type SearchDoc = {
  title: string;
  text: string;
  /** A prior on the document's kind (e.g. service pages over blog posts); 1 when unsure. */
  boost?: number;
};
export type SearchHit<D extends SearchDoc> = { doc: D; score: number; snippet: string };

type Field = { length: number; counts: Map<string, number> };
type Entry<D> = { doc: D; title: Field; body: Field };
export type SearchIndex<D extends SearchDoc> = {
  locale: Locale;
  entries: Entry<D>[];
  df: Map<string, number>;
  avgTitle: number;
  avgBody: number;
};

const K1 = 1.2;
const B = 0.75;
/** A title word counts as much as this many body words (before length normalisation). */
const TITLE_WEIGHT = 3;
/** A query term that only shares a long prefix with a page's term ("reservar" ~ "reserva"). */
const PREFIX_WEIGHT = 0.5;
/** Hits below this share of the best score are noise, and cost the model tokens. */
const MIN_SHARE = 0.2;

function field(text: string, locale: Locale): Field {
  const terms = termsOf(text, locale);
  const counts = new Map<string, number>();
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  return { length: terms.length, counts };
}

function countDocument(df: Map<string, number>, title: Field, body: Field): void {
  for (const term of body.counts.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  for (const term of title.counts.keys()) if (!body.counts.has(term)) df.set(term, (df.get(term) ?? 0) + 1);
}

export function createSearchIndex<D extends SearchDoc>(docs: readonly D[], locale: Locale): SearchIndex<D> {
  const df = new Map<string, number>();
  let titles = 0;
  let bodies = 0;
  const entries = docs.map((doc) => {
    const entry = { doc, title: field(doc.title, locale), body: field(doc.text, locale) };
    countDocument(df, entry.title, entry.body);
    titles += entry.title.length;
    bodies += entry.body.length;
    return entry;
  });
  const n = Math.max(entries.length, 1);
  return { locale, entries, df, avgTitle: Math.max(titles / n, 1), avgBody: Math.max(bodies / n, 1) };
}

/** Term counts as JSON: `[titleLength, titleCounts, bodyLength, bodyCounts]` per document. */
export type SerializedSearchIndex = {
  avgTitle: number;
  avgBody: number;
  df: Record<string, number>;
  fields: [number, Record<string, number>, number, Record<string, number>][];
};

export function serializeSearchIndex(index: SearchIndex<SearchDoc>): SerializedSearchIndex {
  return {
    avgTitle: index.avgTitle,
    avgBody: index.avgBody,
    df: Object.fromEntries(index.df),
    fields: index.entries.map(({ title, body }) => [
      title.length,
      Object.fromEntries(title.counts),
      body.length,
      Object.fromEntries(body.counts),
    ]),
  };
}

/** The index of `docs` (the same documents, in the same order, as when it was serialised). */
export function restoreSearchIndex<D extends SearchDoc>(
  docs: readonly D[],
  locale: Locale,
  data: SerializedSearchIndex,
): SearchIndex<D> {
  if (data.fields.length !== docs.length) throw new Error("search index: stale, run `npm run knowledge`");
  const entries = docs.map((doc, i) => {
    const [titleLength, titleCounts, bodyLength, bodyCounts] = data.fields[
      i
    ] as SerializedSearchIndex["fields"][number];
    return {
      doc,
      title: { length: titleLength, counts: new Map(Object.entries(titleCounts)) },
      body: { length: bodyLength, counts: new Map(Object.entries(bodyCounts)) },
    };
  });
  return { locale, entries, df: new Map(Object.entries(data.df)), avgTitle: data.avgTitle, avgBody: data.avgBody };
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/** The index terms a query term stands for, with a weight: itself, and long-prefix relatives. */
function expand(term: string, vocabulary: Iterable<string>): Map<string, number> {
  const matches = new Map<string, number>();
  const head = term.length >= 5 ? term.slice(0, 5) : null;
  for (const candidate of vocabulary) {
    if (candidate === term) matches.set(candidate, 1);
    else if (head && candidate.startsWith(head)) {
      const shared = commonPrefix(term, candidate);
      if (shared >= Math.min(term.length, candidate.length) - 1) matches.set(candidate, PREFIX_WEIGHT);
    }
  }
  return matches;
}

export function search<D extends SearchDoc>(index: SearchIndex<D>, query: string, limit = 5): SearchHit<D>[] {
  const queryTerms = queryTermsOf(query, index.locale);
  if (queryTerms.size === 0) return [];
  const n = index.entries.length;
  const idf = (term: string) => {
    const df = index.df.get(term) ?? 0;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  };
  const expansions = [...queryTerms].map(([term, weight]) => ({ weight, terms: expand(term, index.df.keys()) }));
  const queryWeight = [...queryTerms.values()].reduce((sum, weight) => sum + weight, 0);

  const scored = index.entries.map((entry, order) => {
    const titleNorm = 1 - B + (B * entry.title.length) / index.avgTitle;
    const bodyNorm = 1 - B + (B * entry.body.length) / index.avgBody;
    let score = 0;
    let matched = 0;
    const titleHits = new Map<string, number>();
    for (const expansion of expansions) {
      let best = 0;
      for (const [term, prefix] of expansion.terms) {
        const weight = prefix * expansion.weight;
        const inTitle = entry.title.counts.get(term) ?? 0;
        const tf = (TITLE_WEIGHT * inTitle) / titleNorm + (entry.body.counts.get(term) ?? 0) / bodyNorm;
        if (tf === 0) continue;
        best = Math.max(best, (weight * idf(term) * tf * (K1 + 1)) / (tf + K1));
        if (inTitle) titleHits.set(term, Math.max(titleHits.get(term) ?? 0, weight));
      }
      if (best > 0) matched += expansion.weight;
      score += best;
    }
    // Pages that match more of the query's words beat pages that repeat one of them, and a page
    // whose title the query mostly names ("sitio con blog" -> "Sitio web con blog") comes first.
    const titleCover = [...titleHits.values()].reduce((sum, w) => sum + w, 0) / Math.max(entry.title.counts.size, 1);
    score *= (matched / queryWeight) * (1 + titleCover) * (entry.doc.boost ?? 1);
    return { entry, order, score };
  });

  const ranked = scored.filter((hit) => hit.score > 0).sort((a, b) => b.score - a.score || a.order - b.order);
  const top = ranked[0]?.score ?? 0;
  return ranked
    .filter((hit) => hit.score >= top * MIN_SHARE)
    .slice(0, limit)
    .map(({ entry, score }) => {
      // Which of the query's terms this page's body holds, weighted as in the score.
      const weights = new Map<string, number>();
      for (const expansion of expansions) {
        for (const [term, prefix] of expansion.terms) {
          const weight = prefix * expansion.weight * idf(term);
          if (entry.body.counts.has(term)) weights.set(term, Math.max(weights.get(term) ?? 0, weight));
        }
      }
      return { doc: entry.doc, score, snippet: snippetOf(entry.doc.text, index.locale, weights) };
    });
}
