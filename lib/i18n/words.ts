// Where a text's words are, in any language. Most scripts put spaces between words, and a regular
// expression finds them cheaply. Chinese, Japanese, Thai, Lao, Khmer and Burmese don't: a regular
// expression reads a whole sentence of them as one word ("ホームページを作りたい"). There
// `Intl.Segmenter` finds the words with ICU's dictionaries ("ホームページ", "を", "作り", "たい").
// Only a text with such characters pays for it: the Worker's CPU on a cold isolate is counted in
// milliseconds, and Latin text keeps its regular expression. No imports: the language data's
// builder (Node) and the Worker's readers share it.

/**
 * A character of a script written without spaces between words: Thai, Lao, Myanmar, Khmer, the
 * CJK radicals, ideographic marks, kana (half-width too) and Han ideographs.
 */
const UNSPACED =
  /[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u19e0-\u19ff\u2e80-\u2fdf\u3005-\u3007\u3021-\u3029\u3031-\u3035\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f]|[\ud840-\ud87f][\udc00-\udfff]/;

/** Whether `text` has words of a script written without spaces, which only a segmenter finds. */
export function writtenWithoutSpaces(text: string): boolean {
  return UNSPACED.test(text);
}

const segmenters = new Map<string, Intl.Segmenter>();

function segmenterFor(language: string | undefined): Intl.Segmenter {
  const key = language ?? "";
  let segmenter = segmenters.get(key);
  if (!segmenter) {
    try {
      segmenter = new Intl.Segmenter(language, { granularity: "word" });
    } catch {
      // A language tag someone sent that Intl doesn't know: the default rules (ICU's dictionaries
      // for Han, kana and Thai apply whatever the language).
      segmenter = new Intl.Segmenter(undefined, { granularity: "word" });
    }
    if (segmenters.size < 32) segmenters.set(key, segmenter);
  }
  return segmenter;
}

/** Letters, digits and the marks written on them (Thai vowels, Devanagari signs): a word's characters. */
const WORD_CHARACTERS = /[\p{L}\p{N}\p{M}]+/gu;

export type WordAt = { word: string; index: number };

/** Katakana, the script of loanwords ("ホームページ"), with its prolonged sound mark and half-width forms. */
const KATAKANA = /^[\u30a0-\u30ff\u31f0-\u31ff\uff66-\uff9f]+$/;

/**
 * The words of `text` with their offsets, as `Intl.Segmenter` finds them in `language`: for text
 * written without spaces. Punctuation and spaces are left out; a segment such as "1.2" gives its
 * figures ("1", "2"), as the regular expressions of spaced text do. A katakana word ICU's
 * dictionary doesn't know (a loanword it lacks, or one mistyped: "コーポレト") comes out in pieces,
 * some of one character ("コーポ", "レ", "ト"), which no katakana word is: such a piece is joined to
 * the touching katakana piece before it ("コーポレト", then "サイト"), or after it when it starts the run.
 */
export function segmentWords(text: string, language?: string): WordAt[] {
  const out: WordAt[] = [];
  // The katakana word being joined, and whether it is made of single characters so far.
  let joining: (WordAt & { singles: boolean }) | null = null;
  const flush = () => {
    if (joining) out.push({ word: joining.word, index: joining.index });
    joining = null;
  };
  for (const { segment, index, isWordLike } of segmenterFor(language).segment(text)) {
    if (isWordLike && KATAKANA.test(segment)) {
      const single = segment.length === 1;
      const touches = joining !== null && joining.index + joining.word.length === index;
      if (joining && touches && (single || joining.singles)) {
        joining = { word: joining.word + segment, index: joining.index, singles: joining.singles && single };
      } else {
        flush();
        joining = { word: segment, index, singles: single };
      }
      continue;
    }
    flush();
    if (!isWordLike) continue;
    for (const match of segment.matchAll(WORD_CHARACTERS)) {
      out.push({ word: match[0], index: index + (match.index ?? 0) });
    }
  }
  flush();
  return out;
}

const SPACED_WORD = /[\p{L}\p{N}]+/gu;

/** The words of `text` in `language`, in order: a regular expression, or the segmenter where a script needs it. */
export function splitWords(text: string, language?: string): string[] {
  if (writtenWithoutSpaces(text)) return segmentWords(text, language).map(({ word }) => word);
  return text.match(SPACED_WORD) ?? [];
}

/**
 * Whether `word` is a stop word, or, in a script written without spaces, several run together: the
 * segmenter keeps a verb's endings and particles in one piece ("した" is "し" and "た", "なので"
 * "な" and "ので"), and each of them is on the language's list. A Latin word is looked up once.
 */
export function isStopWord(word: string, stop: ReadonlySet<string>): boolean {
  if (stop.has(word)) return true;
  if (word.length < 2 || word.length > 8 || word.charCodeAt(0) < 0x0e00 || !writtenWithoutSpaces(word)) return false;
  // Which prefixes of the word are made of stop words (8 characters at most: 36 look-ups).
  const made = [true];
  for (let end = 1; end <= word.length; end += 1) {
    made[end] = false;
    for (let start = end - 1; start >= 0 && !made[end]; start -= 1) {
      if (made[start] && stop.has(word.slice(start, end))) made[end] = true;
    }
  }
  return made[word.length] === true;
}
