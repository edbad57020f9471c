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

/**
 * Joiners and emoji presentation selectors, the only invisible characters a page needs: they shape
 * emoji sequences and words in scripts that join (Arabic, Persian, Indic). After ASCII they only
 * hide something (a URL or a figure cut by a joiner reads whole on the page), except a selector
 * after a keycap's base (1️⃣).
 */
const SHAPING = new Set(["\u200c", "\u200d", "\ufe0e", "\ufe0f"]);
const KEYCAP_BASE = /^[0-9#*]$/;
const INVISIBLE_CHAR = new RegExp(INVISIBLE.source, "u");
const PLAIN = /^[\t\n\r\x20-\x7e]*$/;
/** After a character that is not ASCII, or at the start of the text: no word of ASCII is cut there. */
const afterWide = (char: string | undefined) => char === undefined || (char > "\u007f" && !/^\s$/u.test(char));

/**
 * The text as the page shows it, which every check reads: invisible and format characters removed,
 * explicit bidi embeddings, overrides and isolates (U+202A–202E, U+2066–2069) and bidi marks among
 * them, so a figure or a URL reads on the page in the order the checks read it. A joiner or a
 * presentation selector stays only after a character that is not ASCII (an emoji sequence, a joined
 * script), a selector also after a keycap's base.
 */
export function displayedText(text: string): string {
  const stream = createDisplayStream();
  return stream.push(text) + stream.flush();
}

/**
 * The same over a text that streams in deltas: each character is decided by the one before it, so
 * nothing is held back (but half a surrogate pair) and the deltas add up to `displayedText` of the whole.
 */
export function createDisplayStream(): { push(delta: string): string; flush(): string } {
  let last: string | undefined;
  // Half of a surrogate pair at a delta's end waits for its other half: split, an invisible tag
  // character would pass as two halves and join again on the page.
  let high = "";
  return {
    push(delta) {
      let text = high + delta;
      high = "";
      const end = text.charCodeAt(text.length - 1);
      if (end >= 0xd800 && end <= 0xdbff) {
        high = text.slice(-1);
        text = text.slice(0, -1);
      }
      // Printable ASCII and line breaks: nothing in it is invisible.
      if (PLAIN.test(text)) {
        if (text) last = text.charAt(text.length - 1);
        return text;
      }
      let out = "";
      for (const char of text) {
        if (SHAPING.has(char)) {
          if (afterWide(last) || (char >= "\ufe0e" && KEYCAP_BASE.test(last ?? ""))) out += char;
          continue;
        }
        if (INVISIBLE_CHAR.test(char)) continue;
        out += char;
        last = char;
      }
      return out;
    },
    /** The end of a text part: a half pair left alone stays (it shows as a replacement character). */
    flush() {
      const rest = high;
      high = "";
      return rest;
    },
  };
}
