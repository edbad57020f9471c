/**
 * Gemma 4 writes its thinking as `<|channel>thought\n…<channel|>` and, with thinking off, can still leave
 * `thought\n<channel|>` (or a turn header) at the start of the text. How many characters at most we hold back
 * while the start of the text could still be such a prefix.
 */
export const THINKING_LOOKAHEAD = 400;

const TURN = ["<start_of_turn>", "<|turn>", "<|turn|>"];
const OPEN = ["<|channel>", "<|channel|>", "<|think|>", "<think>"];
const BARE_CLOSE = ["<channel|>", "</think>"];
const CLOSE = /<channel\|>|<\|channel\|>|<\|\/think\|>|<\/think>/g;
const KEYWORD = "thought";

const NO = -1;
const PARTIAL = -2;

/** Removes a thinking-channel leftover from the start of a whole text. */
export function stripThinking(text: string): string {
  return cut(text, prefixLength(text, true) ?? 0);
}

/**
 * The same, while streaming: `push` returns what can be shown of each delta (holding back at most
 * THINKING_LOOKAHEAD characters at the start), `flush` what is left at the end. However the text is cut into
 * deltas, the concatenated output equals `stripThinking` of the whole.
 */
export function createThinkingStripper(): { push(delta: string): string; flush(): string } {
  let buffer = "";
  let state: "undecided" | "trimming" | "passing" = "undecided";

  const release = (drop: number) => {
    const out = cut(buffer, drop);
    buffer = "";
    // After a dropped prefix, the whitespace that follows it goes too, even in later deltas.
    state = drop > 0 && out === "" ? "trimming" : "passing";
    return out;
  };

  return {
    push(delta) {
      if (state === "passing") return delta;
      if (state === "trimming") {
        const out = delta.trimStart();
        if (out) state = "passing";
        return out;
      }
      buffer += delta;
      const drop = prefixLength(buffer, false);
      return drop === null ? "" : release(drop);
    },
    flush() {
      return state === "undecided" ? release(prefixLength(buffer, true) ?? 0) : "";
    },
  };
}

function cut(text: string, drop: number): string {
  return drop > 0 ? text.slice(drop).trimStart() : text;
}

/**
 * How many characters at the start of `text` are a thinking leftover (0: none), or null while more text is
 * needed to tell. Once it returns a number for some text, it returns the same number for any longer text.
 */
function prefixLength(text: string, final: boolean): number | null {
  let at = skipSpaces(text, 0);
  if (at >= THINKING_LOOKAHEAD) return 0;
  let drop = 0;

  const turn = matchAny(text, at, TURN, final);
  if (turn === PARTIAL) return null;
  if (turn >= 0) {
    const model = matchWord(text, turn, "model", final);
    if (model === PARTIAL) return null;
    drop = model >= 0 ? model : turn;
    at = skipSpaces(text, drop);
    if (at >= THINKING_LOOKAHEAD) return drop;
  }

  let thinking = false;
  const open = matchAny(text, at, OPEN, final);
  if (open === PARTIAL) return null;
  if (open >= 0) {
    thinking = true;
    at = skipSpaces(text, open);
    if (at >= THINKING_LOOKAHEAD) return open;
  } else {
    const close = matchAny(text, at, BARE_CLOSE, final);
    if (close === PARTIAL) return null;
    if (close >= 0) return close;
  }

  const keyword = matchWord(text, at, KEYWORD, final);
  if (keyword === PARTIAL) return null;
  if (keyword >= 0) {
    thinking = true;
    at = keyword;
  }
  if (!thinking) return drop;

  CLOSE.lastIndex = at;
  const close = CLOSE.exec(text);
  const closeEnd = close ? close.index + close[0].length : Number.POSITIVE_INFINITY;
  if (closeEnd <= THINKING_LOOKAHEAD) return closeEnd;
  // No closing marker within the look-ahead: drop the markers only and show the rest.
  if (final || text.length >= THINKING_LOOKAHEAD) return at;
  return null;
}

function skipSpaces(text: string, at: number): number {
  let i = at;
  while (i < text.length && /\s/.test(text.charAt(i))) i++;
  return i;
}

function matchAt(text: string, at: number, literal: string, final: boolean): number {
  const available = Math.min(literal.length, text.length - at);
  for (let k = 0; k < available; k++) if (text[at + k] !== literal[k]) return NO;
  if (available < literal.length) return final ? NO : PARTIAL;
  return at + literal.length;
}

/** A literal followed by whitespace, `<` or the end of the text ("thought\n", not "thoughtful"). */
function matchWord(text: string, at: number, word: string, final: boolean): number {
  const end = matchAt(text, at, word, final);
  if (end < 0) return end;
  if (end === text.length) return final ? end : PARTIAL;
  return /[\s<]/.test(text.charAt(end)) ? end : NO;
}

function matchAny(text: string, at: number, literals: string[], final: boolean): number {
  let result = NO;
  for (const literal of literals) {
    const end = matchAt(text, at, literal, final);
    if (end >= 0) return end;
    if (end === PARTIAL) result = PARTIAL;
  }
  return result;
}
