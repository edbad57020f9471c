/**
 * Gemma 4 thinks in a channel of its own, `<|channel>thought\n…<channel|>` (ai.google.dev/gemma/docs/core/
 * prompt-formatting-gemma4), and with thinking off can still leave `thought\n<channel|>` or a turn header at
 * the start of its text; other templates write `<think>…</think>`. None of it is for the visitor: what lies
 * between an opening marker and its close is dropped wherever it starts and however long it runs, openers
 * inside a thought nest (each needs its close), a stray closing marker is dropped, and a thought that never
 * closes takes the rest of the call's text with it.
 */
const TURN = ["<start_of_turn>", "<|turn>", "<|turn|>"];
const OPEN = ["<|channel>", "<|think|>", "<think>"];
const CLOSE = ["<channel|>", "<|/think|>", "</think>"];
/** Written on both sides of a thought by some templates: it closes one when inside, else opens one. */
const TOGGLE = "<|channel|>";
const MARKS = [...OPEN, ...CLOSE, TOGGLE];
/**
 * Only at the very start of a call's text, and on a line of its own: the channel's name, left after its
 * opener was consumed ("thought\n…<channel|>"); "thought leadership" is prose.
 */
const KEYWORD = "thought";

const NO = -1;
const PARTIAL = -2;

/** Removes every thought from a whole text. */
export function stripThinking(text: string): string {
  const stripper = createThinkingStripper();
  return stripper.push(text) + stripper.flush();
}

/**
 * The same, while streaming one model call: `push` returns what can be shown of each delta (holding back
 * only a marker that may still be completing, or a thought), `flush` ends a text part and lets out what was
 * held that turned out to be no marker. A thought still open stays open across the call's parts. However the
 * text is cut into deltas, the concatenated output equals `stripThinking` of the whole.
 */
export function createThinkingStripper(): { push(delta: string): string; flush(): string } {
  let pending = "";
  let depth = 0;
  // Nothing shown yet: a turn header, the bare keyword and leading whitespace before a marker may still go.
  let atStart = true;
  // After a dropped thought or marker, the whitespace that follows it goes while the output ends in one.
  let trimming = false;
  let lastOut = "";

  function emit(text: string): string {
    let out = text;
    if (trimming) {
      out = out.trimStart();
      if (!out) return "";
      trimming = false;
    }
    if (out) lastOut = out.charAt(out.length - 1);
    return out;
  }

  function afterDrop() {
    trimming = lastOut === "" || /\s/.test(lastOut);
  }

  /** Reads as much of `pending` as can be decided; `final` when no more text comes in this part. */
  function run(final: boolean): string {
    let out = "";
    while (pending) {
      if (depth === 0 && atStart) {
        const drop = startPrefix(pending, final);
        if (drop === PARTIAL) break;
        atStart = false;
        if (drop.length > 0) {
          pending = pending.slice(drop.length);
          depth = drop.opens ? 1 : 0;
          afterDrop();
        }
        continue;
      }
      const at = pending.indexOf("<");
      if (depth === 0) {
        if (at === -1) {
          out += emit(pending);
          pending = "";
          break;
        }
        out += emit(pending.slice(0, at));
        pending = pending.slice(at);
      } else {
        // Inside a thought: nothing is shown, only markers are read.
        if (at === -1) {
          pending = "";
          break;
        }
        pending = pending.slice(at);
      }
      const mark = markAt(pending, 0, final);
      if (mark === PARTIAL) break;
      if (mark === null) {
        if (depth === 0) out += emit("<");
        pending = pending.slice(1);
        continue;
      }
      pending = pending.slice(mark.length);
      const opens = OPEN.includes(mark) || (mark === TOGGLE && depth === 0);
      depth = opens ? depth + 1 : Math.max(0, depth - 1);
      if (depth === 0) afterDrop();
    }
    return out;
  }

  return {
    push(delta) {
      pending += delta;
      return run(false);
    },
    flush() {
      const out = run(true);
      pending = "";
      return out;
    },
  };
}

type Prefix = { length: number; opens: boolean };

/**
 * What the start of a call's text drops: whitespace, a turn header ("<start_of_turn>model"), then an opening
 * marker or the bare keyword ("thought\n"), which open a thought, or a stray closing marker. PARTIAL while
 * more text is needed to tell.
 */
function startPrefix(text: string, final: boolean): Prefix | typeof PARTIAL {
  let at = skipSpaces(text, 0);
  if (at === text.length && !final) return PARTIAL;
  const turn = matchAny(text, at, TURN, final);
  if (turn === PARTIAL) return PARTIAL;
  let dropped = 0;
  if (turn >= 0) {
    const model = matchWord(text, turn, "model", final);
    if (model === PARTIAL) return PARTIAL;
    dropped = model >= 0 ? model : turn;
    at = skipSpaces(text, dropped);
    if (at === text.length && !final) return PARTIAL;
  }
  const mark = markAt(text, at, final);
  if (mark === PARTIAL) return PARTIAL;
  if (mark !== null) {
    // The marker itself is read by the caller, which tracks the depth.
    return { length: at, opens: false };
  }
  const keyword = matchWord(text, at, KEYWORD, final, /[\n<]/);
  if (keyword === PARTIAL) return PARTIAL;
  if (keyword >= 0) return { length: keyword, opens: true };
  return { length: dropped, opens: false };
}

/** The marker that starts at `at`, null if none does, PARTIAL if one may still be completing. */
function markAt(text: string, at: number, final: boolean): string | null | typeof PARTIAL {
  let partial = false;
  for (const mark of MARKS) {
    const end = matchAt(text, at, mark, final);
    if (end >= 0) return mark;
    if (end === PARTIAL) partial = true;
  }
  return partial ? PARTIAL : null;
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

/** A literal followed by `after` (by default whitespace or `<`) or the end of the text ("model\n", not "models"). */
function matchWord(text: string, at: number, word: string, final: boolean, after = /[\s<]/): number {
  const end = matchAt(text, at, word, final);
  if (end < 0) return end;
  if (end === text.length) return final ? end : PARTIAL;
  return after.test(text.charAt(end)) ? end : NO;
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
