/**
 * Characters that take no visible room: Unicode format characters (`Cf`: zero-width space and
 * joiners, word joiner, BOM, soft hyphen, Mongolian vowel separator, bidi controls, tag
 * characters…), the default-ignorable code points that are not `Cf` (variation selectors, the
 * Hangul fillers U+115F, U+1160, U+3164 and U+FFA0, the combining grapheme joiner, Khmer inherent
 * vowels), control characters other than tab and line breaks, and the blank Braille pattern.
 * A text made of them looks empty, so it is measured without them.
 */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]|(?![\t\n\r])\p{Cc}/gu;

/**
 * The text a reader sees: invisible and format characters removed, then whitespace trimmed at
 * both ends (JavaScript's `trim` covers every Unicode space, U+3000 and U+2028 included). Every
 * route that takes free text from a visitor measures and uses this form (the goal, chat turns).
 */
export function visibleText(text: string): string {
  return withoutInvisible(text).trim();
}

/** The same without the trim, for text whose lines are numbered (the reviewer's code). */
export function withoutInvisible(text: string): string {
  return text.replace(INVISIBLE, "");
}
