/**
 * Amounts written with words, or words and digits mixed: "un millón cuatrocientos mil",
 * "1 millón 400 mil", "dos millones y medio", "one million four hundred thousand", and their
 * fractions and halves ("medio millón", "millón y medio", "un cuarto de millón", "2½ millones",
 * "half a million", "one and a half million", "a million and a half"). The digit-only forms
 * ("1,4 millones", "2 mil millones", "1.5 million") are read by amounts.ts; this reads what those leave.
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

/** Parts of a whole said with a word: "medio millón", "un cuarto de millón", "three quarters of a million". */
const FRACTION_WORDS: Record<string, number> = {
  medio: 1 / 2,
  half: 1 / 2,
  cuarto: 1 / 4,
  cuartos: 1 / 4,
  quarter: 1 / 4,
  quarters: 1 / 4,
};
/** Written as one character, a fraction adds to the figure before it: "2½ millones" is 2.5 millones. */
const FRACTION_SIGNS: Record<string, number> = { "½": 1 / 2, "¼": 1 / 4, "¾": 3 / 4 };
const ARTICLES = new Set(["a", "an"]);
const OF = new Set(["de", "of"]);

type Kind = "number" | "word" | "scale" | "hundred" | "and" | "fraction" | "article" | "of" | "other";
type Token = {
  start: number;
  end: number;
  kind: Kind;
  value: number;
  /** A fraction written as a sign or with digits ("½", "1/2"): it adds to a figure right before it. */
  sign?: boolean;
};

const STARTS: ReadonlySet<Kind> = new Set(["number", "word", "article", "fraction", "scale"]);

/**
 * Each run of number words, digits, fractions and scale words that reads as one amount and that
 * the digit reader can't read alone: it has a scale word, and a number word, a fraction or two
 * figures. A run ends at its last scale word (or the fraction after it, "millón y medio"):
 * "2 millones 3 semanas" is 2 millones and a count.
 */
export function wordRuns(text: string, digitPattern: string, parseDigits: (token: string) => number | null): WordRun[] {
  const tokens = tokenize(text, digitPattern, parseDigits);
  const runs: WordRun[] = [];
  let index = 0;
  while (index < tokens.length) {
    const first = tokens[index];
    if (!first || !STARTS.has(first.kind)) {
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
    pattern = new RegExp(`\\d{1,2}/\\d{1,2}(?![0-9/])|[½¼¾]|${digitPattern}|[A-Za-z\\u00c0-\\u024f]+`, "g");
    patterns.set(digitPattern, pattern);
  }
  for (const match of text.matchAll(pattern)) {
    const raw = match[0];
    const start = match.index;
    const end = start + raw.length;
    const word = raw.toLowerCase();
    const push = (kind: Kind, value = 0, sign = false) =>
      tokens.push({ start, end, kind, value, ...(sign ? { sign } : {}) });
    if (/^\d{1,2}\/\d/.test(raw)) {
      const [numerator = 0, denominator = 0] = raw.split("/").map(Number);
      if (numerator > 0 && numerator < denominator) push("fraction", numerator / denominator, true);
      else push("other");
    } else if (/^\d/.test(raw)) {
      const value = parseDigits(raw);
      if (value !== null) push("number", value);
      else push("other");
    } else if (FRACTION_SIGNS[raw] !== undefined) push("fraction", FRACTION_SIGNS[raw], true);
    else if (WORDS[word] !== undefined) push("word", WORDS[word]);
    else if (SCALES[word] !== undefined) push("scale", SCALES[word]);
    else if (FRACTION_WORDS[word] !== undefined) push("fraction", FRACTION_WORDS[word]);
    else if (word === "hundred") push("hundred", 100);
    else if (word === "y" || word === "and") push("and");
    else if (ARTICLES.has(word)) push("article");
    else if (OF.has(word)) push("of");
    else push("other");
  }
  return tokens;
}

/** "and a half", "y medio", "and ½": a fraction after "and", with maybe an article between. */
function fractionAt(tokens: Token[], at: number): boolean {
  const token = tokens[at];
  if (token?.kind === "fraction") return true;
  return token?.kind === "article" && tokens[at + 1]?.kind === "fraction";
}

/** Whether token `at + 1` continues the run: only spaces between (a hyphen between words), and a token that fits. */
function joins(text: string, tokens: Token[], at: number): boolean {
  const a = tokens[at];
  const b = tokens[at + 1];
  if (!a || !b || b.kind === "other") return false;
  const gap = text.slice(a.end, b.start);
  const wordsOnly = a.kind !== "number" && b.kind !== "number";
  const glued = gap === "" && a.kind === "number" && b.sign === true;
  if (!glued && !/^[ \t\u00a0\u202f]+$/.test(gap) && !(wordsOnly && gap === "-")) return false;
  switch (b.kind) {
    case "and": {
      // "treinta y cinco", "dos millones y medio", "one and a half", "one hundred and twenty":
      // never "1 millón y 2 millones".
      const next = tokens[at + 2];
      if (!next) return false;
      const tensThenUnit =
        a.kind === "word" && a.value >= 20 && a.value % 10 === 0 && next.kind === "word" && next.value < 10;
      const hundredThenWord = a.kind === "hundred" && next.kind === "word";
      const thenFraction = ["scale", "number", "word"].includes(a.kind) && fractionAt(tokens, at + 2);
      return tensThenUnit || hundredThenWord || thenFraction;
    }
    case "fraction":
      // "y medio", "a half", "tres cuartos", "2½", "2 ½": never right after a scale word ("millón medio").
      return ["and", "article", "number", "word"].includes(a.kind);
    case "article":
      // "half a million", "a quarter of a million", "and a half".
      return a.kind === "and" || a.kind === "of" || a.kind === "fraction";
    case "of":
      // "cuarto de millón", "quarter of a million"; "millones de pesos" is the currency's, not the
      // run's, and "en medio de mil cosas" is no half of anything.
      return a.kind === "fraction" && text.slice(a.start, a.end).toLowerCase() !== "medio";
    default:
      // A fraction is followed by its scale ("medio millón"); an article by what it counts.
      if (a.kind === "fraction" || a.kind === "of") return b.kind === "scale";
      if (a.kind === "article") return b.kind === "scale" || b.kind === "hundred";
      return a.kind !== "and" || b.kind !== "scale";
  }
}

/** The run's last token that ends an amount: a scale word, or a fraction after one ("millón y medio"). */
function runEnd(tokens: Token[]): number {
  for (let end = tokens.length - 1; end >= 0; end--) {
    const token = tokens[end];
    if (token?.kind === "scale") return end;
    const before = tokens.slice(0, end);
    const afterAnd =
      before.at(-1)?.kind === "and" || (before.at(-1)?.kind === "article" && before.at(-2)?.kind === "and");
    if (token?.kind === "fraction" && afterAnd && before.some((each) => each.kind === "scale")) return end;
  }
  return -1;
}

function readRun(tokens: Token[]): WordRun | null {
  const run = tokens.slice(0, runEnd(tokens) + 1);
  const figures = run.filter((token) => token.kind === "number").length;
  const words = run.filter((token) => token.kind === "word" || token.kind === "fraction").length;
  if (!run.some((token) => token.kind === "scale") || (words === 0 && figures < 2)) return null;

  let total = 0;
  let current = 0;
  let lastScale = 1;
  /** The kind of the last token that was not "and" or an article. */
  let previous: Kind | null = null;
  let afterAnd = false;
  for (const token of run) {
    if (token.kind === "and") {
      afterAnd = true;
      continue;
    }
    if (token.kind === "article" || token.kind === "of") continue;
    if (token.kind === "number" || token.kind === "word") current += token.value;
    else if (token.kind === "hundred") current = (current || 1) * 100;
    else if (token.kind === "fraction") {
      // "millón y medio": half of the scale just said; "one and a half", "2½": added to the
      // figure; "medio millón", "tres cuartos": a part of what follows.
      if (afterAnd && previous === "scale") total += token.value * lastScale;
      else if (afterAnd || token.sign) current += token.value;
      else current = (current || 1) * token.value;
    } else if (token.kind === "scale" && token.value === 1e3) {
      current = (current || 1) * 1e3;
      lastScale = 1e3;
    } else if (token.kind === "scale") {
      total += (current || 1) * token.value;
      current = 0;
      lastScale = token.value;
    }
    previous = token.kind;
    afterAnd = false;
  }
  const first = run[0];
  const last = run.at(-1);
  if (!first || !last) return null;
  return { start: first.start, end: last.end, value: total + current };
}
