/**
 * A word as the checks compare it, in any language: lower case with the language's rules, and
 * combining diacritics (U+0300–U+036F) removed after canonical decomposition, so "Línea" is
 * "linea" while a language's own letters stay whole ("Größe" is "größe", "Øre" "øre", "œuvre"
 * "œuvre"), and the vowel signs of Devanagari or the voicing marks of kana stay in their words.
 */
const DIACRITICS = /[\u0300-\u036f]/g;
/**
 * Full-width Latin letters and digits ("ＨＰ", "２０") and half-width katakana ("ﾎｰﾑﾍﾟｰｼﾞ"), which
 * Japanese and Chinese keyboards type beside the ordinary forms: read as those (Unicode's
 * compatibility mapping, NFKC), so "ＨＰ" is "hp" and "ﾎｰﾑ" is "ホーム".
 */
const WIDTH_FORMS = /[\uff01-\uff5e\uff61-\uff9f]+/g;

export function foldWord(word: string, language?: string): string {
  let lower: string;
  try {
    lower = word.toLocaleLowerCase(language);
  } catch {
    // A language tag someone sent that Intl doesn't know: the default rules.
    lower = word.toLowerCase();
  }
  // ASCII has nothing to decompose: most words, without two normalisations.
  if (!/[^ -~]/.test(lower)) return lower;
  const narrow = lower.replace(WIDTH_FORMS, (forms) => forms.normalize("NFKC").toLowerCase());
  return narrow.normalize("NFD").replace(DIACRITICS, "").normalize("NFC");
}
