/**
 * Amounts written with words, or words and digits mixed: "un millón cuatrocientos mil",
 * "1 millón 400 mil", "dos millones y medio", "one million four hundred thousand". The digit-only
 * forms ("1,4 millones", "2 mil millones") are read by amounts.ts; this reads what those leave.
 */
export type WordRun = { start: number; end: number; value: number };

const WORDS: Record<string, number> = {};
function define(value: number, ...words: string[]): void {
  for (const word of words) WORDS[word] = value;
}
define(1, "un", "uno", "una", "one");
define(2, "dos", "two");
define(3, "tres", "three");
define(4, "cuatro", "four");
define(5, "cinco", "five");
define(6, "seis", "six");
define(7, "siete", "seven");
define(8, "ocho", "eight");
define(9, "nueve", "nine");
define(10, "diez", "ten");
define(11, "once", "eleven");
define(12, "doce", "twelve");
define(13, "trece", "thirteen");
define(14, "catorce", "fourteen");
define(15, "quince", "fifteen");
define(16, "dieciseis", "dieciséis", "sixteen");
define(17, "diecisiete", "seventeen");
define(18, "dieciocho", "eighteen");
define(19, "diecinueve", "nineteen");
define(20, "veinte", "twenty");
define(21, "veintiun", "veintiún", "veintiuno", "veintiuna");
define(22, "veintidos", "veintidós");
define(23, "veintitres", "veintitrés");
define(24, "veinticuatro");
define(25, "veinticinco");
define(26, "veintiseis", "veintiséis");
define(27, "veintisiete");
define(28, "veintiocho");
define(29, "veintinueve");
define(30, "treinta", "thirty");
define(40, "cuarenta", "forty");
define(50, "cincuenta", "fifty");
define(60, "sesenta", "sixty");
define(70, "setenta", "seventy");
define(80, "ochenta", "eighty");
define(90, "noventa", "ninety");
define(100, "cien", "ciento");
for (const [value, stem] of [
  [200, "doscient"],
  [300, "trescient"],
  [400, "cuatrocient"],
  [500, "quinient"],
  [600, "seiscient"],
  [700, "setecient"],
  [800, "ochocient"],
  [900, "novecient"],
] as const) {
  define(value, `${stem}os`, `${stem}as`);
}

const SCALES: Record<string, number> = {
  mil: 1e3,
  thousand: 1e3,
  millón: 1e6,
  millon: 1e6,
  millones: 1e6,
  million: 1e6,
  millions: 1e6,
};

type Token = {
  start: number;
  end: number;
  kind: "number" | "word" | "scale" | "hundred" | "and" | "half" | "other";
  value: number;
};

/**
 * Each run of number words, digits and scale words that reads as one amount and that the digit
 * reader can't read alone: it has a scale word, and a number word or two figures. A run ends at
 * its last scale word (or "y medio"): "2 millones 3 semanas" is 2 millones and a count.
 */
export function wordRuns(text: string, digitPattern: string, parseDigits: (token: string) => number | null): WordRun[] {
  const tokens = tokenize(text, digitPattern, parseDigits);
  const runs: WordRun[] = [];
  let index = 0;
  while (index < tokens.length) {
    const first = tokens[index];
    if (!first || (first.kind !== "number" && first.kind !== "word")) {
      index++;
      continue;
    }
    let last = index;
    while (last + 1 < tokens.length && joins(text, tokens, last)) last++;
    const run = readRun(tokens.slice(index, last + 1));
    if (run) runs.push(run);
    index = run ? tokens.findIndex((token) => token.start >= run.end) : index + 1;
    if (index === -1) break;
  }
  return runs;
}

const patterns = new Map<string, RegExp>();
// Every run has a scale word: a text without one is skipped before it is tokenized.
const HAS_SCALE = /mil|thousand/i;

function tokenize(text: string, digitPattern: string, parseDigits: (token: string) => number | null): Token[] {
  const tokens: Token[] = [];
  if (!HAS_SCALE.test(text)) return tokens;
  let pattern = patterns.get(digitPattern);
  if (!pattern) {
    pattern = new RegExp(`${digitPattern}|[A-Za-z\\u00c0-\\u024f]+`, "g");
    patterns.set(digitPattern, pattern);
  }
  for (const match of text.matchAll(pattern)) {
    const raw = match[0];
    const start = match.index;
    const end = start + raw.length;
    const word = raw.toLowerCase();
    if (/^\d/.test(raw)) {
      const value = parseDigits(raw);
      if (value !== null) tokens.push({ start, end, kind: "number", value });
      else tokens.push({ start, end, kind: "other", value: 0 });
    } else if (WORDS[word] !== undefined) tokens.push({ start, end, kind: "word", value: WORDS[word] });
    else if (SCALES[word] !== undefined) tokens.push({ start, end, kind: "scale", value: SCALES[word] });
    else if (word === "hundred") tokens.push({ start, end, kind: "hundred", value: 100 });
    else if (word === "y" || word === "and") tokens.push({ start, end, kind: "and", value: 0 });
    else if (word === "medio") tokens.push({ start, end, kind: "half", value: 0.5 });
    else tokens.push({ start, end, kind: "other", value: 0 });
  }
  return tokens;
}

/** Whether token `at + 1` continues the run: only spaces between (a hyphen between words), and a token that fits. */
function joins(text: string, tokens: Token[], at: number): boolean {
  const a = tokens[at];
  const b = tokens[at + 1];
  if (!a || !b || b.kind === "other") return false;
  const gap = text.slice(a.end, b.start);
  const wordsOnly = a.kind !== "number" && b.kind !== "number";
  if (!/^[ \t\u00a0\u202f]+$/.test(gap) && !(wordsOnly && gap === "-")) return false;
  if (b.kind === "and") {
    // "treinta y cinco", "dos millones y medio", "one hundred and twenty": never "1 millón y 2 millones".
    const next = tokens[at + 2];
    if (!next) return false;
    const tensThenUnit =
      a.kind === "word" && a.value >= 20 && a.value % 10 === 0 && next.kind === "word" && next.value < 10;
    const scaleThenHalf = a.kind === "scale" && next.kind === "half";
    const hundredThenWord = a.kind === "hundred" && next.kind === "word";
    return tensThenUnit || scaleThenHalf || hundredThenWord;
  }
  if (b.kind === "half") return a.kind === "and";
  return true;
}

function readRun(tokens: Token[]): WordRun | null {
  // End at the last scale word, or at "medio" after one.
  let end = tokens.length - 1;
  while (end >= 0 && tokens[end]?.kind !== "scale" && tokens[end]?.kind !== "half") end--;
  const run = tokens.slice(0, end + 1);
  const figures = run.filter((token) => token.kind === "number").length;
  const words = run.filter((token) => token.kind === "word").length;
  if (!run.some((token) => token.kind === "scale") || (words === 0 && figures < 2)) return null;

  let total = 0;
  let current = 0;
  let lastScale = 1;
  for (const token of run) {
    if (token.kind === "number" || token.kind === "word") current += token.value;
    else if (token.kind === "hundred") current = (current || 1) * 100;
    else if (token.kind === "half") total += lastScale / 2;
    else if (token.kind === "scale" && token.value === 1e3) {
      current = (current || 1) * 1e3;
      lastScale = 1e3;
    } else if (token.kind === "scale") {
      total += (current || 1) * token.value;
      current = 0;
      lastScale = token.value;
    }
  }
  const first = run[0];
  const last = run.at(-1);
  if (!first || !last) return null;
  return { start: first.start, end: last.end, value: total + current };
}
