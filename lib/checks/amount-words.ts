import type { LanguageData } from "@/lib/i18n/language-data";
import { foldWord } from "@/lib/i18n/language-data/fold";
import { writtenWithoutSpaces } from "@/lib/i18n/words";
import { literalPattern } from "@/lib/text/literal";

/**
 * Amounts written with words, or words and digits mixed, in the studio's languages (their number
 * words from n2words and CLDR, lib/i18n/language-data): "un millón cuatrocientos mil", "1 millón
 * 400 mil", "drei Millionen", "dreihundertfünfzigtausend", "três mil", "quatre-vingt-dix mille",
 * and their fractions and halves ("medio millón", "millón y medio", "2½ millones", "half a
 * million", "eine halbe Million"). The digit-only forms ("1,4 millones", "3,2 Mio.") are read by
 * amounts.ts; this reads what those leave.
 */
export type WordRun = { start: number; end: number; value: number };

/** The studio's languages' number words, merged: an answer may be written in any of them. */
type Words = {
  numbers: Map<string, number>;
  scales: Map<string, number>;
  fractions: Map<string, number>;
  and: Set<string>;
  articles: Set<string>;
  of: Set<string>;
  /** Pieces of a compound number word ("drei|hundert|fünfzig", "due|cento|mila"), longest first per first letters. */
  longest: number;
  /** A text without one of these has no spelled scale and is skipped before it is tokenized. */
  hasScale: RegExp;
  /** The characters of number words in scripts written without spaces ("三百二十万"), as a class, or "" when none. */
  unspaced: string;
};

const merged = new WeakMap<readonly LanguageData[], Words>();

function wordsOf(languages: readonly LanguageData[]): Words {
  let words = merged.get(languages);
  if (words) return words;
  const all = <T>(pick: (data: LanguageData) => Record<string, T>) =>
    new Map(languages.flatMap((data) => Object.entries(pick(data))));
  const numbers = all((data) => data.numbers);
  // One-letter scales ("k", "M") and abbreviations ("Mio.") are the digit reader's; spelled words are
  // this one's, and so are the scales of a script written without spaces ("万", "億"), words of one character.
  const scales = new Map(
    [...all((data) => data.scales)].filter(([word]) => /^[^\s.]{3,}$/.test(word) || writtenWithoutSpaces(word)),
  );
  const unspaced = new Set(
    [...numbers.keys(), ...scales.keys()].filter(writtenWithoutSpaces).flatMap((word) => [...word]),
  );
  const stems = [...new Set([...scales.keys()].map((word) => word.slice(0, 3)))].map(literalPattern);
  words = {
    numbers,
    scales,
    fractions: all((data) => data.fractions),
    and: new Set(languages.flatMap((data) => data.and)),
    articles: new Set(languages.flatMap((data) => data.articles)),
    of: new Set(languages.flatMap((data) => data.of)),
    longest: Math.max(1, ...[...numbers.keys(), ...scales.keys()].map((word) => word.length)),
    hasScale: stems.length ? new RegExp(stems.join("|"), "i") : /(?!)/,
    unspaced: [...unspaced].map(literalPattern).join(""),
  };
  merged.set(languages, words);
  return words;
}

/** Written as one character, a fraction adds to the figure before it: "2½ millones" is 2.5 millones. */
const FRACTION_SIGNS: Record<string, number> = { "½": 1 / 2, "¼": 1 / 4, "¾": 3 / 4 };

type Kind = "number" | "word" | "scale" | "x100" | "and" | "fraction" | "article" | "of" | "other";
type Token = {
  start: number;
  end: number;
  kind: Kind;
  value: number;
  /** One piece of a compound word ("drei" of "dreitausend"): joined to the next piece with no gap. */
  part?: boolean;
  /** A fraction written as a sign or with digits ("½", "1/2"): it adds to a figure right before it. */
  sign?: boolean;
  /** A piece of a word of a script written without spaces ("万" of "三万"). */
  unspaced?: boolean;
};

const STARTS: ReadonlySet<Kind> = new Set(["number", "word", "article", "fraction", "scale"]);

/**
 * Each run of number words, digits, fractions and scale words that reads as one amount and that
 * the digit reader can't read alone: it has a scale word, and a number word, a fraction or two
 * figures. A run ends at its last scale word (or the fraction after it, "millón y medio"):
 * "2 millones 3 semanas" is 2 millones and a count.
 */
export function wordRuns(
  text: string,
  digitPattern: string,
  languages: readonly LanguageData[],
  parseDigits: (token: string) => number | null,
): WordRun[] {
  const tokens = tokenize(text, digitPattern, wordsOf(languages), parseDigits);
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

/**
 * A word's pieces as number words, longest first from its start ("dreihundertfünfzigtausend" is
 * drei, hundert, fünfzig, tausend; "quatrevingtdix" one piece), or null when some part is none.
 */
function piecesOf(word: string, words: Words): { kind: Kind; value: number }[] | null {
  const out: { kind: Kind; value: number }[] = [];
  let at = 0;
  while (at < word.length) {
    let found = false;
    for (let end = Math.min(word.length, at + words.longest); end > at; end--) {
      const piece = word.slice(at, end);
      const scale = words.scales.get(piece);
      const value = scale ?? words.numbers.get(piece);
      if (value === undefined && !words.and.has(piece)) continue;
      if (value === undefined) out.push({ kind: "and", value: 0 });
      else out.push({ kind: scale !== undefined ? "scale" : value === 100 ? "x100" : "word", value });
      at = end;
      found = true;
      break;
    }
    if (!found) return null;
  }
  // A joining word only inside ("einundzwanzig" is read whole, "und" alone joins nothing).
  return out.length && out[0]?.kind !== "and" && out.at(-1)?.kind !== "and" ? out : null;
}

function tokenize(
  text: string,
  digitPattern: string,
  words: Words,
  parseDigits: (token: string) => number | null,
): Token[] {
  const tokens: Token[] = [];
  if (!words.hasScale.test(text)) return tokens;
  const key = `${digitPattern}\u0000${words.unspaced}`;
  let pattern = patterns.get(key);
  if (!pattern) {
    // A run of number characters of a script written without spaces ("三百二十万") is one word to split.
    const unspaced = words.unspaced ? `|[${words.unspaced}]+` : "";
    pattern = new RegExp(
      `\\d{1,2}/\\d{1,2}(?![0-9/])|[½¼¾]|${digitPattern}|[A-Za-z\\u00c0-\\u024f]+(?:-[A-Za-z\\u00c0-\\u024f]+)*${unspaced}`,
      "g",
    );
    patterns.set(key, pattern);
  }
  for (const match of text.matchAll(pattern)) {
    const raw = match[0];
    const start = match.index;
    const end = start + raw.length;
    const push = (kind: Kind, value = 0, sign = false, at = start, to = end, part = false) =>
      tokens.push({ start: at, end: to, kind, value, ...(sign ? { sign } : {}), ...(part ? { part } : {}) });
    if (/^\d{1,2}\/\d/.test(raw)) {
      const [numerator = 0, denominator = 0] = raw.split("/").map(Number);
      if (numerator > 0 && numerator < denominator) push("fraction", numerator / denominator, true);
      else push("other");
      continue;
    }
    if (/^\d/.test(raw)) {
      const value = parseDigits(raw);
      if (value !== null) push("number", value);
      else push("other");
      continue;
    }
    const sign = FRACTION_SIGNS[raw];
    if (sign !== undefined) {
      push("fraction", sign, true);
      continue;
    }
    // "quatre-vingt-dix" is one number; "one-and-a-half" is words joined by hyphens.
    const whole = foldWord(raw).replace(/-/g, "");
    const pieces = raw.includes("-") ? piecesOf(whole, words) : null;
    if (pieces && pieces.length === 1) {
      const [only] = pieces;
      if (only) push(only.kind, only.value);
      continue;
    }
    let at = start;
    for (const part of raw.split("-")) {
      tokenizeWord(part, at, at + part.length, words, tokens);
      at += part.length + 1;
    }
  }
  return tokens;
}

function tokenizeWord(raw: string, start: number, end: number, words: Words, tokens: Token[]): void {
  const word = foldWord(raw);
  const unspaced = writtenWithoutSpaces(word);
  const push = (kind: Kind, value = 0, part = false) =>
    tokens.push({ start, end, kind, value, ...(part ? { part } : {}), ...(unspaced ? { unspaced } : {}) });
  const scale = words.scales.get(word);
  const number = words.numbers.get(word);
  const fraction = words.fractions.get(word);
  if (scale !== undefined) push("scale", scale);
  else if (number !== undefined) push(number === 100 ? "x100" : "word", number);
  else if (fraction !== undefined) push("fraction", fraction);
  else if (words.and.has(word)) push("and");
  else if (words.articles.has(word)) push("article");
  else if (words.of.has(word)) push("of");
  else {
    // A compound ("dreitausend", "duecentomila", "四千"): its pieces, joined.
    const pieces = word.length > 3 || unspaced ? piecesOf(word, words) : null;
    if (!pieces) push("other");
    else for (const piece of pieces) push(piece.kind, piece.value, true);
  }
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
  // Pieces of one compound word join as they are ("drei|tausend").
  if (a.part && b.part && a.start === b.start) return true;
  const gap = text.slice(a.end, b.start);
  const wordsOnly = a.kind !== "number" && b.kind !== "number";
  const glued = gap === "" && a.kind === "number" && b.sign === true;
  // A script written without spaces joins figures and its scale words with none ("1億2000万").
  const unspaced =
    gap === "" &&
    (writtenWithoutSpaces(text.slice(a.start, a.end)) || writtenWithoutSpaces(text.slice(b.start, b.end)));
  if (!glued && !unspaced && !/^[ \t\u00a0\u202f]+$/.test(gap) && !(wordsOnly && gap === "-")) return false;
  switch (b.kind) {
    case "and": {
      // "treinta y cinco", "dos millones y medio", "one and a half", "one hundred and twenty":
      // never "1 millón y 2 millones".
      const next = tokens[at + 2];
      if (!next) return false;
      const tensThenUnit =
        a.kind === "word" && a.value >= 20 && a.value % 10 === 0 && next.kind === "word" && next.value < 10;
      // "one hundred and twenty", "trezentos e cinquenta", "tre milioni e duecentomila".
      const hundredThenWord =
        (a.kind === "x100" || a.kind === "scale" || (a.kind === "word" && a.value % 100 === 0)) && next.kind === "word";
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
      // A half is said of a scale without "of" ("medio millón"): "en medio de mil cosas" is none.
      return a.kind === "fraction" && a.value !== 1 / 2;
    default:
      // A fraction is followed by its scale ("medio millón"); an article by what it counts.
      if (a.kind === "fraction" || a.kind === "of") return b.kind === "scale";
      if (a.kind === "article") return b.kind === "scale" || b.kind === "x100";
      return a.kind !== "and" || b.kind !== "scale";
  }
}

/** The run's last token that ends an amount: a scale word, or a fraction after one ("millón y medio"). */
function runEnd(tokens: Token[]): number {
  for (let end = tokens.length - 1; end >= 0; end--) {
    const token = tokens[end];
    if (token && endsAmount(token)) {
      // The rest of a compound word ("dreitausend|fünfhundert"), but not after a scale that starts a
      // word of a script written without spaces: its numbers start with a figure ("一万"), and "万一"
      // ("just in case") is no amount.
      let last = end;
      const leads = end === 0 && token.unspaced === true;
      while (!leads && tokens[last + 1]?.part && tokens[last + 1]?.start === token.start) last++;
      return last;
    }
    const before = tokens.slice(0, end);
    const afterAnd =
      before.at(-1)?.kind === "and" || (before.at(-1)?.kind === "article" && before.at(-2)?.kind === "and");
    if (token?.kind === "fraction" && afterAnd && before.some(endsAmount)) return end;
  }
  return -1;
}

/** A scale word, or a number word of a thousand or more ("eintausend"): what makes a run an amount. */
const endsAmount = (token: Token) => token.kind === "scale" || (token.kind === "word" && token.value >= 1000);

function readRun(tokens: Token[]): WordRun | null {
  const run = tokens.slice(0, runEnd(tokens) + 1);
  const figures = run.filter((token) => token.kind === "number").length;
  const words = run.filter((token) => token.kind === "word" || token.kind === "fraction").length;
  if (!run.some(endsAmount) || (words === 0 && figures < 2)) return null;

  // `total` holds millions and up, `thousands` the thousands, `small` what is below a thousand:
  // "two thousand three hundred" multiplies only the three by the hundred.
  let total = 0;
  let thousands = 0;
  let small = 0;
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
    if (token.kind === "number" || token.kind === "word") small += token.value;
    else if (token.kind === "x100") small = (small || 1) * 100;
    else if (token.kind === "fraction") {
      // "millón y medio": half of the scale just said; "one and a half", "2½": added to the
      // figure; "medio millón", "tres cuartos": a part of what follows.
      if (afterAnd && previous === "scale") total += token.value * lastScale;
      else if (afterAnd || token.sign) small += token.value;
      else small = (small || 1) * token.value;
    } else if (token.kind === "scale" && token.value < 1e6) {
      // A scale above the one before it takes what that one made too: "二千五百万" is 2,500 times
      // 万 (ten thousand), as the myriads of Chinese and Japanese count; "two thousand" has no such.
      if (thousands > 0 && lastScale < token.value && lastScale < 1e6) thousands = (thousands + small) * token.value;
      else thousands += (small || 1) * token.value;
      small = 0;
      lastScale = token.value;
    } else if (token.kind === "scale") {
      total += (thousands + small || 1) * token.value;
      thousands = 0;
      small = 0;
      lastScale = token.value;
    }
    previous = token.kind;
    afterAnd = false;
  }
  const first = run[0];
  const last = run.at(-1);
  if (!first || !last) return null;
  return { start: first.start, end: last.end, value: total + thousands + small };
}
