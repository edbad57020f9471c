import { ASTRAL_FROM, ASTRAL_SINGLE, ASTRAL_TO, BMP_SINGLE } from "./gemma-characters";

/**
 * A conservative token count for budgets, missing usage and the per-call cap, cheap enough to run on
 * every streamed chunk. The Gemma tokenizer is an 18 MB bundle, too big for the Worker. Measured
 * against it: es/en prose runs ~4 characters a token, but Gemma splits numbers into single digits,
 * so price-heavy tool JSON drops to ~2.7, and percent-encoded links lower still. So each digit and
 * each character of a "%XX" counts as a token, and the rest of Latin text at 3 characters a token.
 * Other scripts run 1–2 characters a token (CJK, Thai, Arabic, emoji, combining marks), and a rare
 * character is spelled in bytes (up to 4 tokens): each counts as one token when Gemma has it as a
 * token of its own (a bitmap made from the tokenizer, lib/text/gemma-characters.ts), else as its
 * UTF-8 length; where such a character meets Latin text, one more, since neither merges with the
 * other. Never fewer than the tokenizer (tests/text/tokens.test.ts proves it on the real prompts and
 * results, and on prose in each of those scripts).
 */
const CHARS_PER_TOKEN = 3;
/** What a chat template adds around each message (turn markers, role). */
export const TOKENS_PER_MESSAGE = 6;

type Kind = "latin" | "other";
type Parts = { single: number; other: number; last: Kind | null };

let bmp: Uint8Array | null = null;
let astral: Uint8Array | null = null;
const bits = (base64: string) => Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));

function isSingle(code: number): boolean {
  if (code <= 0xffff) {
    bmp ??= bits(BMP_SINGLE);
    return ((bmp[code >> 3] ?? 0) & (1 << (code & 7))) !== 0;
  }
  if (code < ASTRAL_FROM || code > ASTRAL_TO) return false;
  astral ??= bits(ASTRAL_SINGLE);
  const at = code - ASTRAL_FROM;
  return ((astral[at >> 3] ?? 0) & (1 << (at & 7))) !== 0;
}

/** Latin letters, their marks and prose punctuation, which merge like ASCII prose ("ñ", "ệ", "—"). */
function latinLike(code: number): boolean {
  return (code >= 0xa0 && code <= 0x24f) || (code >= 0x1e00 && code <= 0x1eff) || (code >= 0x2010 && code <= 0x2027);
}

const utf8Length = (code: number) => (code < 0x800 ? 2 : code <= 0xffff ? 3 : 4);

/** Adds `text` to `parts`: digits and "%XX" a token each, Latin text apart, other scripts by character. */
function addParts(parts: Parts, text: string): void {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x80) {
      if (parts.last === "other") parts.single += 1;
      parts.last = "latin";
      if (code === 37 && /^[0-9A-Fa-f]{2}$/.test(text.slice(index + 1, index + 3))) {
        // "%C3": Gemma spends about a token on each of its three characters.
        parts.single += 3;
        index += 2;
      } else if (code >= 48 && code <= 57) {
        // Gemma splits numbers into single digits.
        parts.single += 1;
      } else {
        parts.other += 1;
      }
      continue;
    }
    const point = text.codePointAt(index) ?? code;
    if (point > 0xffff) index += 1;
    const single = isSingle(point);
    if (single && latinLike(point)) {
      if (parts.last === "other") parts.single += 1;
      parts.last = "latin";
      parts.other += 1;
      continue;
    }
    if (parts.last === "latin") parts.single += 1;
    parts.last = "other";
    parts.single += single ? 1 : utf8Length(point);
  }
}

const total = (parts: Parts) => parts.single + Math.ceil(parts.other / CHARS_PER_TOKEN);

export function estimateTokens(text: string): number {
  const parts: Parts = { single: 0, other: 0, last: null };
  addParts(parts, text);
  return total(parts);
}

/**
 * The same count over a text that arrives in pieces: rounding once over the whole, not per
 * piece, so a stream of one-character deltas counts like the text it adds up to.
 */
export class TokenCounter {
  private readonly parts: Parts = { single: 0, other: 0, last: null };

  add(text: string): void {
    addParts(this.parts, text);
  }

  get tokens(): number {
    return total(this.parts);
  }

  /** Adds as much of `text` as keeps the count at or under `limit`; returns the part added. */
  take(text: string, limit: number): string {
    const next = { ...this.parts };
    addParts(next, text);
    if (total(next) <= limit) {
      Object.assign(this.parts, next);
      return text;
    }
    let end = 0;
    for (const char of text) {
      const step = { ...this.parts };
      addParts(step, char);
      if (total(step) > limit) break;
      Object.assign(this.parts, step);
      end += char.length;
    }
    return text.slice(0, end);
  }
}

export function estimateJsonTokens(value: unknown): number {
  return estimateTokens(typeof value === "string" ? value : JSON.stringify(value ?? null));
}
