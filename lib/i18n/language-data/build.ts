// `npm run knowledge`: each of the studio's languages' data (types.ts), derived from CLDR through
// Intl, from n2words (spelled-out numbers) and stopword / stopwords-iso (function words), plus the shipped
// language's own file (shipped/). Node only: the Worker reads the generated JSON.
import { createRequire } from "node:module";
import type { SiteData } from "@/lib/content/types";
import { segmentWords, splitWords, writtenWithoutSpaces } from "../words";
import { foldWord } from "./fold";
import { SHIPPED } from "./shipped";
import type { LanguageData, LanguageDataSet } from "./types";

const require = createRequire(import.meta.url);
const STOP_WORDS_ISO: Readonly<Record<string, string[]>> = require("stopwords-iso/stopwords-iso.json");
// `stopword`'s lists are shorter than stopwords-iso's ("page", "new", "one" are in the latter's
// English), so a shipped language takes its list; any other language stopwords-iso's.
const STOPWORD: Readonly<Record<string, unknown>> = require("stopword");
/** n2words' modules, one a locale ("de-DE.js"), listed once from its package. */
const N2WORDS_LOCALES: readonly string[] = (() => {
  const dir = require.resolve("n2words/package.json").replace(/package\.json$/, "src/");
  const { readdirSync } = require("node:fs") as typeof import("node:fs");
  return readdirSync(dir)
    .filter((name) => name.endsWith(".js"))
    .map((name) => name.slice(0, -3));
})();

type Cardinal = (value: number) => string;

/** n2words' module for `tag`: the same tag, else one of the same language (pt-BR reads pt-PT's words). */
async function cardinalFor(tag: string): Promise<Cardinal | null> {
  const language = new Intl.Locale(tag).language;
  const name =
    N2WORDS_LOCALES.find((each) => each.toLowerCase() === tag.toLowerCase()) ??
    N2WORDS_LOCALES.find((each) => new Intl.Locale(each).language === language);
  if (!name) return null;
  const module = (await import(`n2words/${name}`)) as { toCardinal: Cardinal };
  return module.toCardinal;
}

const pieces = (text: string, language: string) => text.toLocaleLowerCase(language).split(/\s+/).filter(Boolean);
const joined = (text: string, language: string) => pieces(text, language).join("").replace(/-/g, "");

/** The spelled-out numbers' words: below a thousand in full, the scales, and the words that join them. */
function spelledNumbers(cardinal: Cardinal, language: string) {
  const numbers: Record<string, number> = {};
  const scales: Record<string, number> = {};
  const joiners = new Set<string>();
  const small = [...Array.from({ length: 99 }, (_, k) => k + 1), ...Array.from({ length: 9 }, (_, k) => (k + 1) * 100)];
  for (const value of small) {
    const words = pieces(cardinal(value), language);
    numbers[joined(cardinal(value), language)] ??= value;
    // One word a number ("treinta y cinco", "vingt et un", "trois cent"): each known word keeps
    // its value, the others join the parts.
    if (words.length > 1) for (const word of words) numbers[word.replace(/-/g, "")] ??= Number.NaN;
  }
  // A word seen only inside longer numbers: "cents" of "deux cents" multiplies, "y" of "treinta y cinco" joins.
  for (const [word, value] of Object.entries(numbers)) {
    if (!Number.isNaN(value)) continue;
    delete numbers[word];
    const hundreds = [2, 3, 4].map((k) => pieces(cardinal(k * 100), language));
    if (hundreds.every((words) => words.at(-1) === word)) numbers[word] = 100;
    else joiners.add(word);
  }
  // A scale's word: what a multiple of it says besides its multiplier ("zwei|tausend", "due|mila",
  // "dos millones"), singular and plural.
  const units = Object.keys(numbers).sort((a, b) => b.length - a.length);
  for (const scale of [1e3, 1e6, 1e9]) {
    for (const times of [1, 2, 3]) {
      const words = pieces(cardinal(times * scale), language).filter((word) => !joiners.has(word));
      const unitWord = times === 1 ? null : units.find((unit) => numbers[unit] === times);
      // "eintausend", "mille": one and the scale in one word, a number ("eintausend Euro" is money).
      if (times === 1 && words.length === 1 && words[0]) {
        numbers[words[0]] ??= scale;
        continue;
      }
      const rest =
        words.length === 1 && unitWord && words[0]?.startsWith(unitWord)
          ? [words[0].slice(unitWord.length)]
          : words.filter((word) => numbers[word] !== times);
      if (rest.length === 1 && rest[0]) scales[rest[0]] ??= scale;
      // "eine Million", "un millón", "um milhão": the one before a scale.
      if (times === 1 && words.length === 2 && words[0] && rest.length === 2) {
        numbers[words[0]] ??= 1;
        if (words[1]) scales[words[1]] ??= scale;
      }
    }
  }
  return { numbers, scales, joiners: [...joiners] };
}

/** CLDR's compact notation's words, long and short ("Millionen", "Mio."), each for the first power it names. */
function compactScales(tag: string, language: string): { scales: Record<string, number>; short: string[] } {
  const scales: Record<string, number> = {};
  const short = new Set<string>();
  for (const compactDisplay of ["long", "short"] as const) {
    const format = new Intl.NumberFormat(tag, { notation: "compact", compactDisplay });
    for (const power of [3, 4, 5, 6, 7, 8, 9, 10, 11, 12]) {
      const parts = format.formatToParts(10 ** power);
      const integer = Number(parts.find((part) => part.type === "integer")?.value.replace(/\D/g, "") ?? "1");
      const word = parts.find((part) => part.type === "compact")?.value;
      if (!word) continue;
      const folded = word.trim().toLocaleLowerCase(language);
      // "mil M" (es, a thousand millions): two words the spelled reader combines by itself.
      if (/\s/.test(folded)) continue;
      scales[folded] ??= 10 ** power / integer;
      if (folded.endsWith(".")) scales[folded.slice(0, -1)] ??= 10 ** power / integer;
      if (word.trim().length <= 2) short.add(word.trim());
    }
  }
  return { scales, short: [...short] };
}

/** "3 Prozent", "3 por ciento": the words after a figure that make it a share. */
function percentWords(tag: string, language: string): string[] {
  const parts = new Intl.NumberFormat(tag, { style: "unit", unit: "percent", unitDisplay: "long" }).formatToParts(3);
  const words = parts
    .filter((part) => part.type === "unit" || (part.type === "literal" && /\p{L}/u.test(part.value)))
    .map((part) => foldWord(part.value.trim(), language))
    .join(" ")
    .trim();
  return words ? [words] : [];
}

const CURRENCIES = Intl.supportedValuesOf("currency");

function currencyName(tag: string, code: string, display: "name" | "symbol" | "narrowSymbol", value: number) {
  const format = new Intl.NumberFormat(tag, {
    style: "currency",
    currency: code,
    currencyDisplay: display,
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  });
  return format
    .formatToParts(value)
    .filter((part) => part.type === "currency")
    .map((part) => part.value.trim())
    .join(" ");
}

/** A currency name as the reader looks it up: folded, dots out ("U.S. dollars" is "us dollars"). */
const nameKey = (name: string, language?: string) =>
  foldWord(name, language).replace(/\./g, "").replace(/\s+/g, " ").trim();

/**
 * Every currency's names in the language: Intl.DisplayNames' and NumberFormat's (one per plural
 * form: "Kolumbianische Pesos"), and their head noun, the word most names share at the same end
 * ("Dollar" of "US-Dollar" and "Kanadischer Dollar"; "dólares" of "dólares estadounidenses").
 * A head several currencies share names the one whose sign is bare in English ("$" is USD's, "£"
 * GBP's); none where no sign settles it ("pesos", "francs"): still another currency than a
 * studio's whose marks don't have the word.
 */
function currencyNames(tag: string, language: string): Record<string, string> {
  const names = new Map<string, Set<string>>();
  const add = (name: string, code: string) => {
    const key = nameKey(name, language);
    if (!key || !/\p{L}/u.test(key)) return;
    const codes = names.get(key) ?? new Set<string>();
    codes.add(code);
    names.set(key, codes);
  };
  const display = new Intl.DisplayNames(tag, { type: "currency" });
  const full: [string, string][] = [];
  for (const code of CURRENCIES) {
    const forms = new Set([display.of(code) ?? "", ...[1, 2, 5, 1e6].map((n) => currencyName(tag, code, "name", n))]);
    for (const form of forms) if (form && form.toUpperCase() !== code) full.push([nameKey(form, language), code]);
  }
  // Which end of a name holds its noun: the end more names share.
  const ends = { first: new Map<string, Set<string>>(), last: new Map<string, Set<string>>() };
  // A name written without spaces has words all the same ("米|ドル", "カナダ|ドル"): the segmenter finds them.
  const wordsOf = (name: string) =>
    writtenWithoutSpaces(name)
      ? segmentWords(name, language).map(({ word }) => word)
      : name.split(/[\s-]+/).filter(Boolean);
  for (const [name, code] of full) {
    const words = wordsOf(name);
    if (words.length < 2) continue;
    for (const [end, word] of [
      ["first", words[0]],
      ["last", words.at(-1)],
    ] as const) {
      if (!word) continue;
      const codes = ends[end].get(word) ?? new Set<string>();
      codes.add(code);
      ends[end].set(word, codes);
    }
  }
  const shared = (end: "first" | "last") => [...ends[end].values()].filter((codes) => codes.size > 1).length;
  const head = shared("last") > shared("first") ? "last" : "first";
  const nouns = new Set<string>();
  for (const [name, code] of full) {
    add(name, code);
    const words = wordsOf(name);
    const noun = head === "first" ? words[0] : words.at(-1);
    if (words.length > 1 && noun) {
      add(noun, code);
      nouns.add(noun);
    }
  }
  // A name the segmenter keeps whole ("米ドル", "香港ドル": words of its dictionary) still ends
  // with the noun other names share ("ドル" of "カナダ ドル"): that noun names it too.
  for (const [name, code] of full) {
    if (!writtenWithoutSpaces(name) || wordsOf(name).length > 1) continue;
    const noun = [...nouns].find(
      (each) => each !== name && (head === "first" ? name.startsWith(each) : name.endsWith(each)),
    );
    if (noun) add(noun, code);
  }
  const out: Record<string, string> = {};
  for (const [key, codes] of [...names].sort(([a], [b]) => a.localeCompare(b))) out[key] = ownerOf(codes);
  return out;
}

/**
 * The one of several currencies a shared word or sign means by itself: the one whose English symbol
 * is the bare sign the others write as their narrow one ("$" is USD's, "£" GBP's, "¥" JPY's), else
 * none ("" : "pesos", "francs", "kr").
 */
function ownerOf(codes: ReadonlySet<string>): string {
  const all = [...codes];
  if (all.length === 1) return all[0] ?? "";
  const narrow = new Set(all.map((code) => currencyName("en", code, "narrowSymbol", 1)));
  const owners = all.filter((code) => {
    const symbol = currencyName("en", code, "symbol", 1);
    return (
      !/\p{L}/u.test(symbol) &&
      narrow.has(symbol) &&
      all.some((other) => other !== code && currencyName("en", other, "narrowSymbol", 1) === symbol)
    );
  });
  return owners.length === 1 ? (owners[0] ?? "") : "";
}

/** Currency symbols that say which currency they are: every currency's, as the tags (and English) write them. */
function currencySymbols(tags: readonly string[]): Record<string, string> {
  const symbols = new Map<string, Set<string>>();
  for (const tag of [...tags, "en"]) {
    for (const code of CURRENCIES) {
      for (const display of ["symbol", "narrowSymbol"] as const) {
        const symbol = currencyName(tag, code, display, 1);
        // A code is read as a code; a bare "$" by the reader's own rules.
        if (!symbol || symbol === code || symbol === "$") continue;
        const codes = symbols.get(symbol) ?? new Set<string>();
        codes.add(code);
        symbols.set(symbol, codes);
      }
    }
  }
  // Each currency as its own country writes it ("S/" of PEN in es-PE): an ISO 4217 code starts with its country's.
  for (const code of CURRENCIES) {
    const region = code.slice(0, 2);
    let home: string;
    try {
      home = `${new Intl.Locale(`und-${region}`).maximize().language}-${region}`;
    } catch {
      continue;
    }
    const symbol = currencyName(home, code, "symbol", 1);
    if (!symbol || symbol === code || symbol === "$") continue;
    const codes = symbols.get(symbol) ?? new Set<string>();
    codes.add(code);
    symbols.set(symbol, codes);
  }
  return Object.fromEntries(
    [...symbols]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([symbol, codes]) => [symbol, codes.size === 1 ? ([...codes][0] ?? "") : symbolOwner(symbol, codes)]),
  );
}

/** The currency whose English symbol a shared sign is ("£" of GBP, FKP, GIP…), else none. */
function symbolOwner(symbol: string, codes: ReadonlySet<string>): string {
  const owners = [...codes].filter((code) => currencyName("en", code, "symbol", 1) === symbol);
  return owners.length === 1 ? (owners[0] ?? "") : "";
}

const sorted = (words: Iterable<string>) => [...new Set(words)].filter(Boolean).sort();
const sortedRecord = <T>(record: Record<string, T>) =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));

/**
 * One language's data. `keep`: words the studio names its services with, never stop words for it
 * (stopwords-iso lists "website" and "page" in English).
 */
export async function languageData(language: string, tag: string, keep: ReadonlySet<string>): Promise<LanguageData> {
  const own = SHIPPED[language] ?? {};
  const fold = (word: string) => foldWord(word, language);
  const cardinal = await cardinalFor(tag);
  const spelled = cardinal ? spelledNumbers(cardinal, language) : { numbers: {}, scales: {}, joiners: [] };
  const compact = compactScales(tag, language);
  const scales = { ...spelled.scales, ...compact.scales };
  const short = new Set(compact.short);
  for (const [word, value] of Object.entries(own.scales ?? {})) {
    scales[fold(word)] ??= value;
    if (word.length <= 2) short.add(word);
  }
  const listed = own.stopwordList ? STOPWORD[own.stopwordList] : undefined;
  const maintained = Array.isArray(listed) ? (listed as string[]) : (STOP_WORDS_ISO[language] ?? []);
  const stopWords = sorted([...maintained, ...(own.stopWords ?? [])].map(fold)).filter(
    (word) => !keep.has(word) && scales[word] === undefined,
  );
  // Scales as written ("millón", for the reader's pattern) and folded ("millon", for its look-ups).
  for (const [word, value] of Object.entries(scales)) scales[fold(word)] ??= value;
  const numbers = Object.fromEntries(Object.entries(spelled.numbers).map(([word, value]) => [fold(word), value]));
  return {
    tag,
    scales: sortedRecord(scales),
    shortScales: sorted(short),
    numbers: sortedRecord(numbers),
    and: sorted([...spelled.joiners, ...(own.and ?? [])].map(fold)),
    of: sorted((own.of ?? []).map(fold)),
    articles: sorted((own.articles ?? []).map(fold)),
    fractions: sortedRecord(Object.fromEntries(Object.entries(own.fractions ?? {}).map(([w, v]) => [fold(w), v]))),
    percent: percentWords(tag, language),
    currencies: currencyNames(tag, language),
    stopWords,
    weakWords: sorted((own.weakWords ?? []).map(fold)),
    genericWords: sorted((own.genericWords ?? []).map(fold)),
  };
}

/** The studio's languages' data (`tags`: each language's locale tag), and only theirs. */
export async function languageDataSet(
  tags: Readonly<Record<string, string>>,
  keep: ReadonlyMap<string, ReadonlySet<string>> = new Map(),
): Promise<LanguageDataSet> {
  const languages: Record<string, LanguageData> = {};
  for (const [language, tag] of Object.entries(tags)) {
    languages[language] = await languageData(language, tag, keep.get(language) ?? new Set());
  }
  // The currencies a language names with one word ("dollars", "Euro", "Pfund", "yenes"), read by
  // their code in any case (any other code is read in capitals beside a figure).
  const named = new Set<string>();
  for (const data of Object.values(languages)) {
    for (const [name, code] of Object.entries(data.currencies)) if (code && !/[\s-]/.test(name)) named.add(code);
  }
  // …and written with a sign alone ("$", "€", "£", "¥"): a code that is also a word ("ALL", "TOP") stays in capitals.
  for (const code of named) if (/\p{L}/u.test(currencyName("en", code, "symbol", 1))) named.delete(code);
  return { languages, symbols: currencySymbols(Object.values(tags)), codes: [...named].sort() };
}

/** The words the studio names its services and extras with (five letters or more): never stop words for it. */
function namingWords(site: SiteData): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const locale of site.settings.locales) {
    const words = new Set<string>();
    for (const service of site.services) {
      // The studio's languages, as `loadStudio` checked them: `Localized` is keyed by the generated `Locale`.
      const text = service.text as Readonly<Record<string, { name: string }>>;
      const extras = service.extras.map((extra) => (extra.name as Readonly<Record<string, string>>)[locale] ?? "");
      const names = [text[locale]?.name ?? "", ...extras];
      for (const name of names) {
        for (const word of splitWords(name, locale)) {
          // A function word in a name ("with", "de") stays one; a longer word ("website") names the offer.
          if ([...word].length >= 5) words.add(foldWord(word, locale));
        }
      }
    }
    out.set(locale, words);
  }
  return out;
}

/**
 * The studio's languages' data, for `generatedFiles`. Written before the other generated files
 * are built: the search index reads it (scripts/knowledge.ts imports the builder after writing it).
 */
export function studioLanguageData(site: SiteData): Promise<LanguageDataSet> {
  return languageDataSet(site.settings.localeTags, namingWords(site));
}
