import type { CatalogPage, CatalogService } from "@/lib/content/types";
import { foldWord, LANGUAGE_DATA, languageData } from "@/lib/i18n/language-data";
import { writtenWithoutSpaces } from "@/lib/i18n/words";
import { plainTermsOf, termsOf } from "@/lib/search/terms";

/**
 * How the offline stand-ins (planner and assistant) decide which service a visitor's text is
 * about, if any: word matching over the catalog's own words, service by service. Shared, so both
 * say "nothing fits" for the same texts.
 *
 * - Terms are the site search's words with only their plurals folded (`plainTermsOf`): stop words
 *   out where `lib/search/terms.ts` has rules for the language, plain folded words elsewhere.
 *   "books" is not "booking": a word matches the same word fully and a longer one it starts (or
 *   that starts it) for less; short words match only themselves ("mar" is not "marca"). A long
 *   word one letter off another inside it (one added, left out, changed or two swapped:
 *   "boutque", "negozzio", "vetirna") is a slip of the keys and matches it for less too; one off
 *   in its last letter is another form of the word ("panadero", "panadería"), which the
 *   language's folding keeps apart or not.
 * - A service's words weigh by where they are (its name most; then its summary and extras; what
 *   it includes and who it is for; then the rest of its page), by how often its texts say them,
 *   and by how rare they are among the services (BM25's idf): a word every service has, such as a
 *   language's function words where it has no stop words, weighs next to nothing.
 * - The generic words of a service's kind ("site", "online", "page") say nothing by themselves, but
 *   one in a service's own name ("Business website", "Negozio online"), or the head of a compound
 *   there (a "website" is a "site"), is a quarter of a word of that name, once: it tips a text
 *   with other evidence for the service, and never fits one alone.
 * - A goal's later words weigh a little less: visitors name what they want first, then its context.
 * - A fit needs enough evidence: about one word of one service's name, or a few of its other
 *   words; a text of words no service has ("a poem about the sea") fits none.
 */

export type FitCatalog = { services: readonly CatalogService[]; pages: readonly CatalogPage[] };

const FIELD = { name: 1, summary: 0.6, extra: 0.6, includes: 0.5, page: 0.35 } as const;
/** A prefix match ("reserv" ~ "reservacion") counts for less than the same word. */
const PREFIX_MATCH = 0.75;
/** Both terms this long at least, so "mar" never matches "marca". */
const PREFIX_MIN = 5;
/** A term one letter off another inside it ("boutque" ~ "boutique") counts for less than the same word. */
const TYPO_MATCH = 0.75;
/** Both terms this long at least: shorter words one letter apart are different words ("shop", "ship"). */
const TYPO_MIN = 6;
/**
 * A generic word of a service's name, in units of one word of its name: well below THRESHOLD, so
 * never a fit alone, and less than a few words of the visitor's need ("una página … con varias
 * secciones" is a site of several pages, not the "Página de aterrizaje").
 */
const GENERIC_NAME = 0.25;
/** Later words of a goal weigh a little less: visitors name what they want first, then its context. */
const POSITION_DECAY = 0.15;
/** The evidence a fit needs, in units of one word of one service's name. */
const THRESHOLD = 0.55;

// Words of a service's kind that every studio's services share, whatever their content ("tell me
// your system prompt" is not a booking system, "a plan" not a maintenance plan): each language's
// from its data (lib/i18n/language-data); a language with none relies on the content (a word every
// service has weighs nothing).
const genericOf = (language: string, terms: (text: string) => string[]) =>
  new Set(terms((languageData(language)?.genericWords ?? []).join(" ")));
const GENERIC: Partial<Record<string, ReadonlySet<string>>> = Object.fromEntries(
  Object.keys(LANGUAGE_DATA.languages).map((language) => [
    language,
    genericOf(language, (words) => plainTermsOf(words, language).map(({ term }) => term)),
  ]),
);
const GENERIC_STEMS: Partial<Record<string, ReadonlySet<string>>> = Object.fromEntries(
  Object.keys(LANGUAGE_DATA.languages).map((language) => [
    language,
    genericOf(language, (words) => termsOf(words, language)),
  ]),
);

/** A service's words: the best field each is in, times how often its texts say it (BM25's saturation). */
type ServiceWords = { id: string; weights: Map<string, number> };
type FitIndex = {
  services: ServiceWords[];
  /** Each service's name terms, in the catalog's order. */
  names: Set<string>[];
  /**
   * Each service's name words written without spaces, whole and folded ("ネットショップ"): the
   * segmenter's pieces of one ("ネット", "ショップ") are not words of the name by themselves.
   */
  unspacedNames: string[][];
  /** Each service's name terms that are generic words of the language ("website" of "Business website"). */
  genericNames: Set<string>[];
  /** Every generic name term, with its idf among the names: one all the names share tells none apart. */
  genericIdf: Map<string, number>;
  /** Every term of some service, with its idf among the services (BM25's). */
  idf: Map<string, number>;
  /** The idf of a term of one service only: the unit of evidence. */
  rare: number;
};

const indexes = new WeakMap<FitCatalog, Map<string, FitIndex>>();

/** BM25's term-frequency saturation (k1 = 1.2), 1 for a word said once: a word said often is central. */
function saturated(times: number): number {
  return (times * 2.2) / (times + 1.2);
}

function idfOf(count: number, withTerm: number): number {
  return Math.log(1 + (count - withTerm + 0.5) / (withTerm + 0.5));
}

function buildIndex(catalog: FitCatalog, language: string): FitIndex {
  const generic = GENERIC[language];
  const services = catalog.services.map((service): ServiceWords => {
    const field = new Map<string, number>();
    const count = new Map<string, number>();
    const add = (text: string, weight: number) => {
      for (const { term } of plainTermsOf(text, language)) {
        if (generic?.has(term)) continue;
        field.set(term, Math.max(field.get(term) ?? 0, weight));
        count.set(term, (count.get(term) ?? 0) + 1);
      }
    };
    const page = catalog.pages.find((candidate) => candidate.path === service.path);
    if (page) add(page.text, FIELD.page);
    for (const item of [...service.includes, service.idealFor]) add(item, FIELD.includes);
    add(service.summary, FIELD.summary);
    for (const extra of service.extras) add(`${extra.name} ${extra.id.replace(/-/g, " ")}`, FIELD.extra);
    add(`${service.name} ${service.id.replace(/-/g, " ")}`, FIELD.name);
    const weights = new Map<string, number>();
    for (const [term, best] of field) weights.set(term, best * saturated(count.get(term) ?? 1));
    return { id: service.id, weights };
  });
  // How well a word tells the services apart: a word all of them share, such as a language's
  // function words where it has no stop words, weighs next to nothing.
  const withTerm = new Map<string, number>();
  for (const { weights } of services)
    for (const term of weights.keys()) withTerm.set(term, (withTerm.get(term) ?? 0) + 1);
  const idf = new Map<string, number>();
  for (const [term, count] of withTerm) idf.set(term, idfOf(services.length, count));
  const names = catalog.services.map(
    (service) =>
      new Set(plainTermsOf(`${service.name} ${service.id.replace(/-/g, " ")}`, language).map(({ term }) => term)),
  );
  const genericNames = names.map((name) => new Set([...name].filter((term) => generic?.has(term))));
  const unspacedNames = catalog.services.map((service) =>
    service.name
      .split(/[\s\p{P}]+/u)
      .filter(writtenWithoutSpaces)
      .map((word) => foldWord(word, language)),
  );
  const withGeneric = new Map<string, number>();
  for (const name of genericNames) for (const term of name) withGeneric.set(term, (withGeneric.get(term) ?? 0) + 1);
  const genericIdf = new Map<string, number>();
  for (const [term, count] of withGeneric) genericIdf.set(term, idfOf(names.length, count));
  return {
    services,
    names,
    unspacedNames,
    genericNames,
    genericIdf,
    idf,
    rare: idfOf(Math.max(services.length, 1), 1),
  };
}

function indexFor(catalog: FitCatalog, language: string): FitIndex {
  let byLanguage = indexes.get(catalog);
  if (!byLanguage) {
    byLanguage = new Map();
    indexes.set(catalog, byLanguage);
  }
  let index = byLanguage.get(language);
  if (!index) {
    index = buildIndex(catalog, language);
    byLanguage.set(language, index);
  }
  return index;
}

/**
 * Whether two different terms are one edit apart before their last letter: a letter added, left
 * out or changed, or two neighbours swapped (Damerau's "optimal string alignment" distance of 1).
 */
function oneEditInside(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || a.at(-1) !== b.at(-1)) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  // What is left between the common start and the common end: at most one letter on each side,
  // or two swapped neighbours ("vetirna", "vetrina").
  const restA = a.slice(start, endA);
  const restB = b.slice(start, endB);
  if (restA.length <= 1 && restB.length <= 1) return true;
  return restA.length === 2 && restB.length === 2 && restA[0] === restB[1] && restA[1] === restB[0];
}

/**
 * A term's length in letters of an alphabet, which the lengths above count: a character of a
 * script of syllables or ideographs (kana, Han, Thai) says about what two Latin letters do, so
 * "コーポレート" (6 characters) is as long as "corporate". Terms are read by their first character:
 * the segmenter gives words of one script.
 */
const letters = (term: string) =>
  term.charCodeAt(0) >= 0x0e00 && writtenWithoutSpaces(term) ? term.length * 2 : term.length;

/**
 * How well two terms match: 1 for the same term, less for a long one that starts the other or
 * one letter off it, 0 otherwise.
 */
export function termMatch(a: string, b: string): number {
  if (a === b) return 1;
  const sizeA = letters(a);
  const sizeB = letters(b);
  if (sizeA < PREFIX_MIN || sizeB < PREFIX_MIN) return 0;
  if (a.startsWith(b) || b.startsWith(a)) return PREFIX_MATCH;
  if (sizeA >= TYPO_MIN && sizeB >= TYPO_MIN && oneEditInside(a, b)) return TYPO_MATCH;
  return sameRoot(a, b, Math.min(sizeA, sizeB)) ? ROOT_MATCH : 0;
}

/** Two forms of one long word share this share of the shorter one ("automatizar" ~ "automatizacion"). */
const ROOT_SHARE = 0.8;
const ROOT_MIN = 10;
const ROOT_MATCH = 0.6;

/**
 * Two long words that differ only in their ending: a verb and its noun, as a language without
 * stemming rules here writes them ("automatizar", "automatización"; "automatiser",
 * "automatisation"). Nearly the whole shorter word must be shared, so "presencia" is not
 * "presentar".
 */
function sameRoot(a: string, b: string, size: number): boolean {
  if (size < ROOT_MIN) return false;
  const shorter = Math.min(a.length, b.length);
  let shared = 0;
  while (shared < shorter && a[shared] === b[shared]) shared += 1;
  return shared >= Math.ceil(shorter * ROOT_SHARE);
}

/** The services' terms a text's term stands for, each with how well it matches. */
function matchesOf(term: string, index: FitIndex): [string, number][] {
  if (index.idf.has(term)) return [[term, 1]];
  const out: [string, number][] = [];
  for (const known of index.idf.keys()) {
    const match = termMatch(term, known);
    if (match > 0) out.push([known, match]);
  }
  return out;
}

export type FitScore = { serviceId: string; score: number };
/** What one term of the text gave each service (to read why a text fits). */
export type FitTrace = { term: string; evidence: number[] };

/**
 * Every service's evidence for `text`, in the catalog's order, in units of one word of one
 * service's name: for each of the text's terms, its best match among the service's words, by
 * where that word is (name, summary and extras, page) and how rare it is among the services.
 */
export function fitScores(text: string, catalog: FitCatalog, language: string, trace?: FitTrace[]): FitScore[] {
  const index = indexFor(catalog, language);
  const generic = GENERIC[language];
  const scores = index.services.map(() => 0);
  // The best generic name word the text has for each service, counted once after the others.
  const kind = index.services.map(() => 0);
  const seen = new Set<string>();
  let position = 0;
  for (const { term, weight } of plainTermsOf(text, language)) {
    if (seen.has(term)) continue;
    seen.add(term);
    const said = weight / (1 + POSITION_DECAY * position);
    if (generic?.has(term)) {
      for (const [n, name] of index.genericNames.entries()) {
        for (const known of name) {
          const match = known.endsWith(term) ? 1 : termMatch(term, known);
          const evidence = match * said * ((index.genericIdf.get(known) ?? 0) / index.rare);
          kind[n] = Math.max(kind[n] ?? 0, GENERIC_NAME * evidence);
        }
      }
      continue;
    }
    position += 1;
    const matches = matchesOf(term, index);
    if (matches.length === 0) continue;
    const evidence = index.services.map((service) => {
      let best = 0;
      for (const [known, match] of matches) {
        best = Math.max(best, match * (service.weights.get(known) ?? 0) * (index.idf.get(known) ?? 0));
      }
      return (said * best) / index.rare;
    });
    for (const n of scores.keys()) scores[n] = (scores[n] ?? 0) + (evidence[n] ?? 0);
    trace?.push({ term, evidence });
  }
  if (kind.some((evidence) => evidence > 0)) trace?.push({ term: "(generic name words)", evidence: kind });
  for (const n of scores.keys()) scores[n] = (scores[n] ?? 0) + (kind[n] ?? 0);
  return index.services.map((service, n) => ({ serviceId: service.id, score: scores[n] ?? 0 }));
}

/**
 * Whether `text` has a word of the service's name (or one that starts like it). A name's word
 * written without spaces is said whole ("ネットショップ"): "ネット予約" (online booking) says
 * "ネット" and names no shop.
 */
export function namesService(text: string, serviceId: string, catalog: FitCatalog, language: string): boolean {
  const index = indexFor(catalog, language);
  const at = index.services.findIndex((service) => service.id === serviceId);
  const name = index.names[at];
  const whole = index.unspacedNames[at] ?? [];
  if (whole.length > 0) {
    const folded = foldWord(text, language);
    if (whole.some((word) => folded.includes(word))) return true;
  }
  const generic = GENERIC[language];
  return plainTermsOf(text, language).some(
    ({ term }) =>
      !generic?.has(term) &&
      [...(name ?? [])].some(
        (known) => !(whole.length > 0 && writtenWithoutSpaces(known)) && termMatch(term, known) > 0,
      ),
  );
}

/** The services `text` has enough evidence for (THRESHOLD), best first: a goal may name two needs. */
export function fitServices(text: string, catalog: FitCatalog, language: string): string[] {
  return fitScores(text, catalog, language)
    .filter((candidate) => candidate.score >= THRESHOLD)
    .sort((a, b) => b.score - a.score)
    .map((candidate) => candidate.serviceId);
}

/** The service `text` is about, or undefined when none has enough evidence. */
export function fitService(text: string, catalog: FitCatalog, language: string): string | undefined {
  return fitServices(text, catalog, language)[0];
}

/**
 * A text's words as the site's search reads them, for naming extras: short ones out (they match
 * too much by prefix), and the generic words of a service's kind ("online deposits" is not named
 * by "online booking").
 */
export function keyTerms(text: string, language: string): string[] {
  const generic = GENERIC_STEMS[language];
  return termsOf(text, language).filter((term) => term.length >= 3 && !generic?.has(term));
}

/** Two terms are alike when one starts the other ("fotos" ~ "fotografía"). */
export const alike = (a: string, b: string) => a.startsWith(b) || b.startsWith(a);
