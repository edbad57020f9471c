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

export function estimateTokens(text: string): number {
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
  return single + Math.ceil(other / CHARS_PER_TOKEN);
}

export function estimateJsonTokens(value: unknown): number {
  return estimateTokens(typeof value === "string" ? value : JSON.stringify(value ?? null));
}
