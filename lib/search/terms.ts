// Rules by language code, not by the studio's locales: a site in a language with no rules here is
// searched by its folded words, without stop words or plural folding.
type Language = string;
const NONE: ReadonlySet<string> = new Set();

/**
 * Words to index terms: lower case, no accents, plural and a few inflections folded, stop words
 * out. Deliberately light: the corpus is a few dozen pages, so recall matters more than a real
 * stemmer's precision, and every rule must map the singular and the plural to the same term.
 */

export type Token = { term: string; start: number; end: number };

// Function words, greetings, "I want/need" phrasing and question words: they say nothing about
// which page fits ("how much" and "how long" are in every goal). Folded; 1-letter words are
// skipped anyway.
const STOP_WORDS: Partial<Record<Language, Set<string>>> = {
  es: words(`
    al algo ante aqui bajo bien buen buena cada como con contra cual cuales cuanta cuantas cuanto cuantos de del
    desde donde durante el ella ellos en entre era es esa ese eso esta estan estar este esto favor fue gracias ha
    hacer han hay hola hasta hacia la las le les lo los me mas mi mis mucho muy nada necesitamos necesito ni no nos
    nuestra nuestro otra otro para pero poco por porque puede pueden que queremos quiero quisiera se segun ser si
    sin sobre solo son su sus tambien te tener tengo tiene todo todos tras tu tus un una uno unos unas usted
    ustedes ya yo`),
  en: words(`
    about after all also am an and any are as at be been but by can could do does doing for from get got had has
    have hello hi how if in into is it its just let like long many me more most much my need needs no not of on
    or our please should so some than that the their them then there these they this those to too up us very want
    wants was we were what when where which who whom why will with would you your`),
};

// Price and time words: a goal nearly always has them, and they match every page that quotes a
// figure; they count a little (an FAQ about costs), not as much as what the visitor wants built.
const WEAK_WORDS: Partial<Record<Language, Set<string>>> = {
  es: words("costo costos cuesta cuestan demora precio precios tarda tardan tiempo valor vale"),
  en: words("cost costs price prices take takes time"),
};
export const WEAK_WEIGHT = 0.3;

function words(list: string): Set<string> {
  return new Set(list.trim().split(/\s+/));
}

/** Lower case, accents removed ("Línea" -> "linea", "ñ" -> "n"). */
export function fold(word: string): string {
  return word
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
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

// After folding, Spanish and English words are ASCII ("ñ" -> "n"): a plain class, far cheaper
// than `\p{L}` on a cold isolate.
const WORD = /[a-z0-9]+/g;

/** `remember`: words of the site's pages are memoised; a visitor's words are not (unbounded). */
function termOf(word: string, locale: Language, remember = true): string | null {
  let memo = terms.get(locale);
  if (!memo) {
    memo = new Map();
    terms.set(locale, memo);
  }
  let term = memo.get(word);
  if (term === undefined) {
    term = word.length < 2 || (STOP_WORDS[locale] ?? NONE).has(word) ? null : stem(word, locale);
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
  for (const word of fold(text).match(WORD) ?? []) {
    const term = termOf(word, locale);
    if (term !== null) out.push(term);
  }
  return out;
}

/** A query's distinct terms, each with its weight (1, or `WEAK_WEIGHT` for price and time words). */
export function queryTermsOf(query: string, locale: Language): Map<string, number> {
  const out = new Map<string, number>();
  for (const word of fold(query).match(WORD) ?? []) {
    const term = termOf(word, locale, false);
    const weight = (WEAK_WORDS[locale] ?? NONE).has(word) ? WEAK_WEIGHT : 1;
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
  for (const word of fold(text).match(WORD) ?? []) {
    if (word.length < 2 || (STOP_WORDS[locale] ?? NONE).has(word)) continue;
    out.push({ term: stem(word, locale, false), weight: (WEAK_WORDS[locale] ?? NONE).has(word) ? WEAK_WEIGHT : 1 });
  }
  return out;
}

/** The terms of a text with their offsets in it, for snippets (a few pages per search). */
export function tokenize(text: string, locale: Language): Token[] {
  const tokens: Token[] = [];
  const folded = foldKeepingOffsets(text);
  const word = new RegExp(WORD);
  for (let match = word.exec(folded); match !== null; match = word.exec(folded)) {
    const term = termOf(match[0], locale);
    if (term !== null) tokens.push({ term, start: match.index, end: match.index + match[0].length });
  }
  return tokens;
}
