import { CATALOG } from "@/lib/content/catalog";
import { isLocale, type Locale } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { stopWordsOf } from "@/lib/i18n/language-data";
import { commonWords } from "./words";

/**
 * A word in this share of a language's texts is one of its function words. Measured on the demo
 * content (32 pages and 24 dictionary sections a language): at 30 % the articles, prepositions
 * and pronouns go, while a service's own words ("store", "blog") stay below it.
 */
const COMMON_SHARE = 0.3;
/** Fewer visitor texts than this say nothing about which of their words are common. */
export const MIN_VISITOR_TEXTS = 12;

function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

const site = new Map<Locale, Set<string>>();

/** The common words of the site in one of its languages: its pages and its dictionary's sections. */
export function siteCommonWords(locale: Locale): Set<string> {
  let words = site.get(locale);
  if (!words) {
    const pages = CATALOG[locale].pages.map((page) => `${page.title}\n${page.text}`);
    const sections = Object.values(getDictionary(locale)).map((section) => strings(section).join("\n"));
    words = commonWords([...pages, ...sections], locale, COMMON_SHARE);
    site.set(locale, words);
  }
  return words;
}

/**
 * The words the gaps report leaves out, per language: the language's function words (its data's
 * stop words: "about", "me", "sobre"), the site's common words in that language, and, once there
 * are enough of them, the words common to what visitors typed in it ("how much", "I want": what
 * every goal says, whatever it is about). A language the site doesn't have keeps only the last.
 */
export function stopWordsFor(visitorTexts: ReadonlyMap<string, readonly string[]>): (language: string) => Set<string> {
  const made = new Map<string, Set<string>>();
  return (language) => {
    let words = made.get(language);
    if (!words) {
      const texts = visitorTexts.get(language) ?? [];
      const typed = texts.length >= MIN_VISITOR_TEXTS ? commonWords(texts, language, COMMON_SHARE) : new Set<string>();
      words = new Set([...stopWordsOf(language), ...(isLocale(language) ? siteCommonWords(language) : []), ...typed]);
      made.set(language, words);
    }
    return words;
  };
}
