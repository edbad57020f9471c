/**
 * A conservative token count for budgets and missing usage. The Gemma tokenizer is an 18 MB
 * bundle, too big for the Worker. Measured against it on this product's texts: es/en prose runs
 * ~4 characters a token, but Gemma splits numbers into single digits, so price-heavy tool JSON
 * drops to ~2.7, and percent-encoded links lower still. Counting each digit and each character
 * of a "%XX" as a token, and the rest at 3 characters a token, never counts fewer than the
 * tokenizer (tests/agent/tokens.test.ts proves it on the real prompts and results).
 */
export const CHARS_PER_TOKEN = 3;
/** What a chat template adds around each message (turn markers, role). */
export const TOKENS_PER_MESSAGE = 6;

/** Characters Gemma spends a token each on (digits, "%XX"), and the rest, counted apart. */
function countParts(text: string): { single: number; other: number } {
  let single = 0;
  let other = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 37 && /^[0-9A-Fa-f]{2}$/.test(text.slice(index + 1, index + 3))) {
      // "%C3": Gemma spends about a token on each of its three characters.
      single += 3;
      index += 2;
    } else if (code >= 48 && code <= 57) {
      // Gemma splits numbers into single digits.
      single += 1;
    } else {
      other += 1;
    }
  }
  return { single, other };
}

export function estimateTokens(text: string): number {
  const { single, other } = countParts(text);
  return single + Math.ceil(other / CHARS_PER_TOKEN);
}

/**
 * The same count over a text that arrives in pieces: rounding once over the whole, not per
 * piece, so a stream of one-character deltas counts like the text it adds up to.
 */
export class TokenCounter {
  private single = 0;
  private other = 0;

  add(text: string): void {
    const parts = countParts(text);
    this.single += parts.single;
    this.other += parts.other;
  }

  get tokens(): number {
    return this.single + Math.ceil(this.other / CHARS_PER_TOKEN);
  }

  /** Adds as much of `text` as keeps the count at or under `limit`; returns the part added. */
  take(text: string, limit: number): string {
    const parts = countParts(text);
    if (this.single + parts.single + Math.ceil((this.other + parts.other) / CHARS_PER_TOKEN) <= limit) {
      this.single += parts.single;
      this.other += parts.other;
      return text;
    }
    let end = 0;
    for (const char of text) {
      const next = countParts(char);
      if (this.single + next.single + Math.ceil((this.other + next.other) / CHARS_PER_TOKEN) > limit) break;
      this.single += next.single;
      this.other += next.other;
      end += char.length;
    }
    return text.slice(0, end);
  }
}

export function estimateJsonTokens(value: unknown): number {
  return estimateTokens(typeof value === "string" ? value : JSON.stringify(value ?? null));
}
