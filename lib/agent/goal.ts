// Characters a model may read as an angle bracket: fullwidth, small, single guillemets, CJK and math brackets.
// The Spanish quotes « » are ordinary text and stay.
const OPENING_LOOKALIKES = /[\uff1c\ufe64\u2039\u2329\u3008\u27e8\u276e\u02c2\u1438]/gu;
const CLOSING_LOOKALIKES = /[\uff1e\ufe65\u203a\u232a\u3009\u27e9\u276f\u02c3\u1433]/gu;
const ENCODED_OPENING = /&(?:lt|#0*60|#x0*3c);?/gi;
const ENCODED_CLOSING = /&(?:gt|#0*62|#x0*3e);?/gi;

/**
 * A tag: `<` then a character that is neither a space nor a digit and anything up to the next `>`
 * (`<goal>`, `</goal >`, `<|im_start|>`, `<start_of_turn>`, `<|"|>`), or one word between spaced
 * brackets (`< /goal>`, `< goal >`). "a < b and c > d" and "<2 semanas" are no tags.
 */
const TAG = /<(?:[^\s<>\d][^<>]*|\s*\/?\s*[^\s<>]+\s*)>/g;

/**
 * The visitor's goal as data for the prompt: `<goal>…</goal>`. Tags typed inside it are removed again and again
 * until none is left (`<go<goal>al>` rebuilds nothing), then every remaining bracket becomes a space, so the
 * inside never holds a `<` or `>`; "a < b and c > d" reads "a b and c d".
 */
export function wrapGoal(goal: string): string {
  let text = goal
    .replace(/\r\n?/g, "\n")
    .replace(OPENING_LOOKALIKES, "<")
    .replace(CLOSING_LOOKALIKES, ">")
    .replace(ENCODED_OPENING, "<")
    .replace(ENCODED_CLOSING, ">");
  for (let previous = ""; previous !== text; ) {
    previous = text;
    text = text.replace(TAG, " ");
  }
  const clean = text
    .replace(/[<>]/g, " ")
    .replace(/[^\S\n]+/g, " ")
    .replace(/ ?\n ?/g, "\n")
    .trim();
  return `<goal>${clean}</goal>`;
}
