import { foldWord } from "@/lib/i18n/language-data/fold";

/**
 * A visitor's words as the gaps report groups them, in any language: `Intl.Segmenter` finds the
 * words (spaces or none, as in Japanese or Thai), case is folded with the text's language, and the
 * accents of Latin, Greek and Cyrillic letters go ("Panadería" and "panaderia" are one word). Only
 * combining diacritics (U+0300–U+036F) are removed: the vowel signs of Devanagari or the voicing
 * marks of kana are part of their words.
 */
const DIGITS = /^[\p{N}\p{P}]+$/u;

function segmenterFor(language: string): Intl.Segmenter {
  try {
    return new Intl.Segmenter(language, { granularity: "word" });
  } catch {
    // A record's language is text someone sent: one Intl doesn't know is read with the default rules.
    return new Intl.Segmenter(undefined, { granularity: "word" });
  }
}

const segmenters = new Map<string, Intl.Segmenter>();

function lowerCase(word: string, language: string): string {
  try {
    return word.toLocaleLowerCase(language);
  } catch {
    return word.toLowerCase();
  }
}

/** A word as it is compared: lower case in its language, without accents (lib/i18n/language-data's folding). */
export { foldWord };

/** A word as it is compared (`key`) and as the visitor spelt it, in lower case (`surface`). */
export type WordForm = { key: string; surface: string };

/**
 * The words of a text, folded, in order. Numbers go (a budget or a year says nothing about what
 * is missing), and so does a lone letter of a script with capitals ("a", "y", "I"); a lone
 * character of a script without them (a Chinese word) stays.
 */
export function wordFormsOf(text: string, language: string): WordForm[] {
  let segmenter = segmenters.get(language);
  if (!segmenter) {
    segmenter = segmenterFor(language);
    if (segmenters.size < 32) segmenters.set(language, segmenter);
  }
  const out: WordForm[] = [];
  for (const { segment, isWordLike } of segmenter.segment(text)) {
    if (!isWordLike || DIGITS.test(segment)) continue;
    const key = foldWord(segment, language);
    if ([...key].length === 1 && key.toUpperCase() !== key) continue;
    out.push({ key, surface: lowerCase(segment, language) });
  }
  return out;
}

export function wordsOf(text: string, language: string): string[] {
  return wordFormsOf(text, language).map((form) => form.key);
}

/**
 * The words found in at least `share` of the documents: the language's function words ("de",
 * "the", "und"), read off texts in that language instead of a list written per language.
 */
export function commonWords(documents: readonly string[], language: string, share: number): Set<string> {
  const counts = new Map<string, number>();
  for (const document of documents) {
    for (const word of new Set(wordsOf(document, language))) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const least = Math.max(2, Math.ceil(documents.length * share));
  return new Set([...counts].filter(([, count]) => count >= least).map(([word]) => word));
}
