import { decodeNamedCharacterReference } from "decode-named-character-reference";

/**
 * Text as a reader (or a lenient renderer) would read it: every way of spelling a character
 * resolved, so a URL written as `https&#x3A;//evil&period;example`, `javascript&#58alert(1)`,
 * `https%3A%2F%2F…`, `java\script\:` or `ｈｔｔｐｓ：／／…` is found as the URL it reads as.
 * Resolved, repeated until nothing changes (`&amp;#58;` is `&#58;` is `:`):
 * - numeric character references, decimal or hex, zero-padded, with or without the `;`;
 * - named references, with or without the `;` (browsers read `&colon` and `&amp` too);
 * - percent-encoding (UTF-8 runs), backslash escapes of ASCII punctuation;
 * - compatibility forms (NFKC: fullwidth `：`, small `﹕`, the one-dot leader `․`, …);
 * and controls, soft hyphens and zero-width characters are dropped.
 *
 * `from[i]` is where `plain[i]` starts in the text given, so a caller can cut the original at
 * the same place as the reading.
 */
export function spelledOut(text: string): { plain: string; from: number[] } {
  const { plain, from } = resolvedSpelling(text);
  return dropInvisible(plain, from);
}

/** `spelledOut` with nothing dropped: spaces and invisible characters stay where they are. */
export function resolvedSpelling(text: string): { plain: string; from: number[] } {
  let plain = text;
  let from = Array.from({ length: text.length }, (_, index) => index);
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const next = decodePass(plain, from);
    if (next.plain === plain) break;
    plain = next.plain;
    from = next.from;
  }
  return { plain, from };
}

/** Whether `text` may spell a character some other way than itself (so `spelledOut` may change it). */
export function maySpellOtherwise(text: string): boolean {
  return /[&%\\\u00ad\u200b-\u200f\u2060\ufeff]/.test(text) || text.normalize("NFKC") !== text;
}

/** Enough for any honest text; a deeper nesting only repeats a spelling already resolved. */
const MAX_PASSES = 4;
const NUMERIC = /^&#(?:[xX]([0-9a-fA-F]{1,8})|([0-9]{1,10}));?/;
const NAMED = /^&([a-zA-Z][a-zA-Z0-9]{0,31})(;?)/;
const PERCENT_RUN = /^(?:%[0-9a-fA-F]{2})+/;
const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;
const utf8 = new TextDecoder();

function decodePass(text: string, from: number[]): { plain: string; from: number[] } {
  let plain = "";
  const map: number[] = [];
  const put = (value: string, source: number) => {
    plain += value;
    for (let index = 0; index < value.length; index++) map.push(source);
  };
  let index = 0;
  while (index < text.length) {
    const source = from[index] ?? index;
    const char = text.charAt(index);
    const rest = char === "&" || char === "%" ? text.slice(index, index + 64) : "";
    if (char === "\\" && ASCII_PUNCTUATION.test(text.charAt(index + 1))) {
      put(text.charAt(index + 1), source);
      index += 2;
      continue;
    }
    const numeric = char === "&" ? NUMERIC.exec(rest) : null;
    if (numeric) {
      const code = Number.parseInt(numeric[1] ?? numeric[2] ?? "", numeric[1] ? 16 : 10);
      put(code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "\ufffd", source);
      index += numeric[0].length;
      continue;
    }
    const named = char === "&" ? namedReference(rest) : null;
    if (named) {
      put(named.value, source);
      index += named.length;
      continue;
    }
    const percent = char === "%" ? PERCENT_RUN.exec(rest) : null;
    if (percent) {
      const bytes = Uint8Array.from(percent[0].slice(1).split("%"), (hex) => Number.parseInt(hex, 16));
      put(utf8.decode(bytes), source);
      index += percent[0].length;
      continue;
    }
    const code = text.codePointAt(index) ?? 0;
    const width = code > 0xffff ? 2 : 1;
    const single = text.slice(index, index + width);
    put(code < 0x80 ? single : single.normalize("NFKC"), source);
    index += width;
  }
  return { plain, from: map };
}

/** `&name;`, or the longest entity name that starts `&name` when the `;` is missing. */
function namedReference(text: string): { value: string; length: number } | null {
  const match = NAMED.exec(text);
  if (!match) return null;
  const [whole, name = "", semicolon] = match;
  if (semicolon) {
    const value = decodeNamedCharacterReference(name);
    if (value !== false) return { value, length: whole.length };
  }
  for (let end = name.length; end >= 2; end--) {
    const value = decodeNamedCharacterReference(name.slice(0, end));
    if (value !== false) return { value, length: end + 1 };
  }
  return null;
}

function dropInvisible(text: string, from: number[]): { plain: string; from: number[] } {
  let plain = "";
  const map: number[] = [];
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    const invisible =
      code <= 0x20 ||
      code === 0x7f ||
      code === 0xad ||
      (code >= 0x200b && code <= 0x200f) ||
      code === 0x2060 ||
      code === 0xfeff;
    if (invisible) continue;
    plain += text.charAt(index);
    map.push(from[index] ?? index);
  }
  return { plain, from: map };
}
