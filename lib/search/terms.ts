import { foldWord, languageData, stopWordsOf } from "@/lib/i18n/language-data";
import { isStopWord, segmentWords, writtenWithoutSpaces } from "@/lib/i18n/words";

// Stop words and price words by language code, from the studio's language data
// (lib/i18n/language-data: stopwords-iso and the shipped language's own file); plural folding by
// the rules below. A language the studio doesn't have is searched by its folded words alone.
type Language = string;

/**
 * Words to index terms: lower case, no accents, plural and a few inflections folded, stop words
 * out. Deliberately light: the corpus is a few dozen pages, so recall matters more than a real
 * stemmer's precision, and every rule must map the singular and the plural to the same term.
 */

export type Token = { term: string; start: number; end: number };

const weak = new Map<Language, ReadonlySet<string>>();
/**
 * Price and time words: a goal nearly always has them, and they match every page that quotes a
 * figure; they count a little (an FAQ about costs), not as much as what the visitor wants built.
 */
function weakWordsOf(language: Language): ReadonlySet<string> {
  let set = weak.get(language);
  if (!set) {
    set = new Set(languageData(language)?.weakWords ?? []);
    weak.set(language, set);
  }
  return set;
}
const WEAK_WEIGHT = 0.3;

/**
 * Lower case, accents removed ("Línea" -> "linea", "ñ" -> "n"), a language's own letters kept
 * ("Größe" -> "größe", "œ" and "ø" stay): lib/i18n/language-data's folding.
 */
export function fold(word: string, language?: string): string {
  return foldWord(word, language);
}

/** A folded word's index term: "tiendas" and "tienda" -> "tiend", "stores" and "store" -> "stor". */
export function stem(word: string, locale: Language, inflections = true): string {
  let w = word;
  if (locale === "en") {
    if (w.length > 4 && w.endsWith("ies")) w = `${w.slice(0, -3)}y`;
    else if (/(?:ss|x|ch|sh)es$/.test(w)) w = w.slice(0, -2);
    else if (w.length > 3 && w.endsWith("s") && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
    if (inflections && w.length > 6 && w.endsWith("ing")) w = w.slice(0, -3);
    else if (inflections && w.length > 5 && w.endsWith("ed")) w = w.slice(0, -2);
    if (w.length > 3 && w.endsWith("e")) w = w.slice(0, -1);
    return w;
  }
  if (locale !== "es") return w;
  // Spanish: drop the plural "s", then the final vowel, so "flores" -> "flor" like "flor",
  // "clientes" -> "client" like "cliente", and gender folds too ("nuevo", "nueva").
  if (w.length > 3 && w.endsWith("s")) w = w.slice(0, -1);
  if (w.length > 3 && /[aeo]$/.test(w)) w = w.slice(0, -1);
  return w;
}

const foldedChars = new Map<string, string>();
const terms = new Map<Language, Map<string, string | null>>();

/**
 * `fold` for a whole text, one character for one, so offsets in the result are offsets in
 * `text`. ASCII lowers 1:1; other characters are folded once each and remembered.
 */
function foldKeepingOffsets(text: string): string {
  return text
    .replace(/[\u0080-\uffff]/g, (char) => {
      let folded = foldedChars.get(char);
      if (folded === undefined) {
        const f = fold(char);
        folded = f.length === 1 ? f : " ";
        foldedChars.set(char, folded);
      }
      return folded;
    })
    .toLowerCase();
}

// After folding, most words are ASCII ("ñ" -> "n"): a plain class, far cheaper than `\p{L}` on a
// cold isolate; a text with other letters left ("größe", "œuvre", Greek) is read with the Unicode
// one; a text in a script written without spaces (Japanese, Chinese, Thai) with `Intl.Segmenter`,
// which alone finds its words (lib/i18n/words.ts).
const ASCII_WORD = /[a-z0-9]+/g;
const ANY_WORD = /[\p{L}\p{N}]+/gu;
const NON_ASCII = /[\u0080-\uffff]/;
function wordsIn(folded: string, locale: Language): readonly string[] {
  if (!NON_ASCII.test(folded)) return folded.match(ASCII_WORD) ?? [];
  if (writtenWithoutSpaces(folded)) return segmentWords(folded, locale).map(({ word }) => word);
  return folded.match(ANY_WORD) ?? [];
}

/** `remember`: words of the site's pages are memoised; a visitor's words are not (unbounded). */
function termOf(word: string, locale: Language, remember = true): string | null {
  let memo = terms.get(locale);
  if (!memo) {
    memo = new Map();
    terms.set(locale, memo);
  }
  let term = memo.get(word);
  if (term === undefined) {
    term = word.length < 2 || isStopWord(word, stopWordsOf(locale)) ? null : stem(word, locale);
    if (remember) memo.set(word, term);
  }
  return term;
}

/**
 * The terms of a text, in order; stop words and 1-letter words skipped. The index is built on a
 * cold Worker, whose CPU time is counted in milliseconds: one native fold and one native match
 * over the whole text and a memo per word cost several times less than a per-word fold.
 */
export function termsOf(text: string, locale: Language): string[] {
  const out: string[] = [];
  for (const word of wordsIn(fold(text, locale), locale)) {
    const term = termOf(word, locale);
    if (term !== null) out.push(term);
  }
  return out;
}

/** A query's distinct terms, each with its weight (1, or `WEAK_WEIGHT` for price and time words). */
export function queryTermsOf(query: string, locale: Language): Map<string, number> {
  const out = new Map<string, number>();
  for (const word of wordsIn(fold(query, locale), locale)) {
    const term = termOf(word, locale, false);
    const weight = weakWordsOf(locale).has(word) ? WEAK_WEIGHT : 1;
    if (term !== null) out.set(term, Math.max(out.get(term) ?? 0, weight));
  }
  return out;
}

/**
 * A text's words with only their plural folded ("books" -> "book", but "booking" stays: a noun
 * a visitor writes is not the verb a page uses), stop words out, each with its query weight.
 * For the offline fit (lib/ai/offline-fit.ts), which needs the words' sense more than recall.
 */
export function plainTermsOf(text: string, locale: Language): { term: string; weight: number }[] {
  const out: { term: string; weight: number }[] = [];
  for (const word of wordsIn(fold(text, locale), locale)) {
    if (word.length < 2 || isStopWord(word, stopWordsOf(locale))) continue;
    out.push({ term: stem(word, locale, false), weight: weakWordsOf(locale).has(word) ? WEAK_WEIGHT : 1 });
  }
  return out;
}

/** The terms of a text with their offsets in it, for snippets (a few pages per search). */
export function tokenize(text: string, locale: Language): Token[] {
  const tokens: Token[] = [];
  const folded = foldKeepingOffsets(text);
  if (writtenWithoutSpaces(folded)) {
    for (const { word, index } of segmentWords(folded, locale)) {
      const term = termOf(word, locale);
      if (term !== null) tokens.push({ term, start: index, end: index + word.length });
    }
    return tokens;
  }
  const word = new RegExp(NON_ASCII.test(folded) ? ANY_WORD : ASCII_WORD);
  for (let match = word.exec(folded); match !== null; match = word.exec(folded)) {
    const term = termOf(match[0], locale);
    if (term !== null) tokens.push({ term, start: match.index, end: match.index + match[0].length });
  }
  return tokens;
}
