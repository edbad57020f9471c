import { SETTINGS } from "@/content/generated/settings";
import { ALL_LANGUAGES, foldWord, LANGUAGE_DATA } from "@/lib/i18n/language-data";
import { segmentWords, type WordAt, writtenWithoutSpaces } from "@/lib/i18n/words";
import { literalPattern } from "@/lib/text/literal";
import { wordRuns } from "./amount-words";

/** A money amount as written in a text; `value` in whole units ("1,4 millones" is 1400000). */
export type MoneyAmount = { value: number; currency: string | null; raw: string };

// Spaces inside one amount: Intl writes "$ 1.800.000" (es-CO) and "COP 1,800,000" (en-US) with a no-break space.
const SP = "[ \\t\\u00a0\\u202f]";
// Latin letters only, and no `u` flag: Unicode property classes cost milliseconds to compile on a cold isolate.
const LETTERS = "A-Za-z\\u00aa\\u00b5\\u00ba\\u00c0-\\u00d6\\u00d8-\\u00f6\\u00f8-\\u024f";
const WORD_END = `(?![${LETTERS}0-9])`;
// The studio's currency as its languages write it, read from Intl by `npm run knowledge` (any ISO
// currency: "€", "R$", "zł", "CHF", "euros", "dólares"), besides the common marks written here.
const asPattern = (marks: readonly string[]) =>
  marks.map((mark) => literalPattern(mark).replace(/\s+/g, `${SP}+`)).join("|");
// As the reader reads them (`asRead`'s NFKC): ja-JP writes the yen "￥", which a text reads as "¥".
const SYMBOLS = SETTINGS.currencyMarks.symbols.map((mark) => mark.normalize("NFKC"));
const WORDS = SETTINGS.currencyMarks.words.map((mark) => mark.normalize("NFKC"));
const STUDIO_SYMBOLS = asPattern(SYMBOLS);
// Never empty: the symbols hold at least the ISO code.
const STUDIO_AFTER = asPattern([...WORDS, ...SYMBOLS]);
const STUDIO_MARKS = new Set<string>([...SYMBOLS, ...WORDS].map((mark) => mark.toLowerCase().replace(/\s+/g, " ")));
// ISO codes answers write in any case (the studio's and those of a currency written with a sign
// alone: USD, EUR, GBP…); any other is read in capitals beside a figure (`isoBeside`).
const CODES = [...new Set([SETTINGS.currency, ...LANGUAGE_DATA.codes])].join("|");
// Other currencies' signs (Unicode's currency symbols but "$", which fullwidth forms read as
// after NFKC), "R$"-style dollars and the sol's "S/": money in a currency the studio's isn't.
const FOREIGN_SIGNS =
  "\\u00a2-\\u00a5\\u058f\\u060b\\u07fe\\u07ff\\u09f2\\u09f3\\u09fb\\u0af1\\u0bf9\\u0e3f\\u17db\\u20a0-\\u20c0\\ua838\\ufdfc";
const FOREIGN_PREFIX = `[A-Z]{1,3}\\$|\\$[A-Z]{1,3}(?![${LETTERS}])|S/|[${FOREIGN_SIGNS}]`;
const PREFIX = `(?:(?<code>${CODES})(?:${SP}?\\$)?|(?<sym>${STUDIO_SYMBOLS}|\\$)|(?<other>${FOREIGN_PREFIX}))${SP}*`;
// Colombians write the millions mark as an apostrophe ("1’400.000"); groups can be spaced ("$ 4 200 000"),
// but digits spaced like a phone number ("300 555 0123") are no grouped figure.
const APOSTROPHES = "’'′";
const NUMBER_SOURCE = `(?:\\d{1,3}(?:[${APOSTROPHES}]\\d{3})+(?:[.,]\\d{3})*(?:[.,]\\d{1,2})?(?![0-9])|\\d{1,3}(?:${SP}\\d{3})+(?:[.,]\\d{1,2})?(?![0-9])(?!${SP}*\\d)|\\d+(?:[.,]\\d+)*)`;
const NUMBER = `(?<num>${NUMBER_SOURCE})`;
// The studio's languages' scale words (CLDR's compact notation, long and short, and spelled-out
// scales: "Millionen", "Mio.", "milhões", "mi", "k"), read the way the text writes them ("millon"
// for "millón"): one or two ("mil millones").
const SCALES: ReadonlyMap<string, number> = new Map(ALL_LANGUAGES.flatMap((data) => Object.entries(data.scales)));
/** Scale words of one or two letters as CLDR writes them ("M", "mi"): spaced from a bare figure, only these are scales. */
const SHORT_SCALES: ReadonlySet<string> = new Set(ALL_LANGUAGES.flatMap((data) => data.shortScales));
const SCALE_WORD = `(?:${[...SCALES.keys()]
  .sort((a, b) => b.length - a.length || a.localeCompare(b))
  .map(literalPattern)
  .join("|")})`;
const MULTIPLIER = `(?:${SP}*(?<mult>${SCALE_WORD}(?:${SP}+${SCALE_WORD})?)${WORD_END})?`;
// "millones de pesos", "milhões de reais", "milioni di euro": the word between an amount and what it counts.
const OF_WORDS: ReadonlySet<string> = new Set(ALL_LANGUAGES.flatMap((data) => data.of));
const OF = OF_WORDS.size ? `(?:(?:${[...OF_WORDS].map(literalPattern).join("|")})(?:${SP}+|[’']))?` : "";
const SUFFIX = `(?:${SP}*${OF}(?<post>${STUDIO_AFTER}|${CODES}|[A-Z]{1,3}\\$|\\$[A-Z]{1,3}|[${FOREIGN_SIGNS}])${WORD_END})?`;
// Not inside a word, an id ("plan-2"), a path, a hashtag or another number.
const START = `(?<![${LETTERS}0-9_#/@.,])(?<![${LETTERS}]-)`;
const AMOUNT = new RegExp(`${START}(?:${PREFIX})?${NUMBER}${MULTIPLIER}${SUFFIX}`, "gi");

// "3 %", "3 por ciento", "3 Prozent": a share, not money (the words from CLDR's percent unit).
const PERCENT_WORDS = ALL_LANGUAGES.flatMap((data) => data.percent).map((words) =>
  literalPattern(words).replace(/ /g, `${SP}*`),
);
const PERCENT_AFTER = new RegExp(`${SP}*(?:%|${[...PERCENT_WORDS, "percent"].join("|")})`, "iy");
/**
 * The word after a figure, past a "de"/"of": a bare figure followed by a word that means
 * something counts things, it is no price ("4–6 semanas", "4.000 Nutzer", "7,000 tokens"), in any
 * language. A function word ("para", "für"), a scale, a spelled number or a currency's name leaves it money.
 */
const NEXT_WORD = new RegExp(`${SP}*${OF.replace(/\)\?$/, ")?").replace(/^\(\?:/, "(?:")}([${LETTERS}ß-]+)`, "iy");
const STOP_WORDS: ReadonlySet<string> = new Set(ALL_LANGUAGES.flatMap((data) => data.stopWords));
const NUMBER_WORDS: ReadonlySet<string> = new Set(ALL_LANGUAGES.flatMap((data) => Object.keys(data.numbers)));
const CURRENCY_NAMES: ReadonlyMap<string, string> = new Map(
  ALL_LANGUAGES.flatMap((data) => Object.entries(data.currencies)),
);
const LONGEST_NAME = Math.max(1, ...[...CURRENCY_NAMES.keys()].map((name) => name.split(" ").length));
/** Words of a currency's name written without spaces, as the segmenter cuts it ("オーストラリア|ドル"). */
const LONGEST_GLUED_NAME = 4;
function countsThings(word: string | undefined): boolean {
  if (word === undefined || !(LETTER.test(word) || writtenWithoutSpaces(word))) return false;
  // A currency's code in capitals ("1.800.000 INR"): `isoBeside` reads it.
  if (/^[A-Z]{3}$/.test(word) && isoCodes().has(word)) return false;
  const folded = foldWord(word);
  return !(
    STOP_WORDS.has(folded) ||
    SCALES.has(folded) ||
    NUMBER_WORDS.has(folded) ||
    CURRENCY_NAMES.has(folded) ||
    STUDIO_MARKS.has(folded)
  );
}
const LETTER = new RegExp(`[${LETTERS}]`);

/**
 * The words right after `at` (past spaces) in a script written without spaces, touching one
 * another, at most `count`: Japanese writes a counter or a currency glued to its figure ("1,800人",
 * "320万米ドル"), which the Latin patterns above don't read. Found by `Intl.Segmenter` on a short
 * slice, and only when such a character follows: other texts never pay for it.
 */
function unspacedWordsAt(text: string, at: number, count: number): WordAt[] {
  let start = at;
  while (start < text.length && /[ \t\u00a0\u202f]/.test(text.charAt(start))) start++;
  if (!writtenWithoutSpaces(text.charAt(start))) return [];
  const out: WordAt[] = [];
  let end = 0;
  for (const word of segmentWords(text.slice(start, start + 24))) {
    if (word.index !== end || out.length === count) break;
    out.push({ word: word.word, index: start + word.index });
    end = word.index + word.word.length;
  }
  return out;
}

/** The word after a figure, past a "de"/"of" ("semanas", "Nutzer", "人"). */
function nextWord(text: string, end: number): string | undefined {
  NEXT_WORD.lastIndex = end;
  return NEXT_WORD.exec(text)?.[1] ?? unspacedWordsAt(text, end, 1)[0]?.word;
}
// Two numbers joined like "1,4 y 2 millones", "1.8–2.8 millones", "de $1.800.000 a $2.800.000": a
// dash, or one short function word of the studio's languages ("y", "bis", "à", "to").
// "〜" and "～" (read as "~") are Japanese's dash between the ends of a range ("15万〜25万円").
const RANGE_DASH = new RegExp(`^${SP}*[-–—~〜]${SP}*$`);
const RANGE_WORD = new RegExp(`^${SP}+([${LETTERS}]{1,5})${SP}+$`);
const JOIN_WORDS: ReadonlySet<string> = new Set([
  ...ALL_LANGUAGES.flatMap((data) => data.and),
  ...[...STOP_WORDS].filter((word) => word.length <= 5),
]);
function joinsRange(gap: string): boolean {
  if (RANGE_DASH.test(gap)) return true;
  const word = RANGE_WORD.exec(gap)?.[1];
  return word !== undefined && JOIN_WORDS.has(foldWord(word));
}

type Parsed = { int: number; scale: number; grouped: boolean };

type Candidate = {
  start: number;
  end: number;
  number: Parsed;
  multiplier: number | null;
  currency: string | null;
  /** Whether the text names a currency: not a bare "$" the studio's currency writes too, not no mark at all. */
  named: boolean;
  marked: boolean;
  counts: boolean;
  notMoney: boolean;
};

/** Every money amount in `text`, in order of appearance (es and en formats, ranges, "mil"/"millones"/"M"/"grand"). */
export function findAmounts(text: string): MoneyAmount[] {
  return readAmounts(text).map(({ value, currency, raw }) => ({ value, currency, raw }));
}

type ReadAmount = MoneyAmount & { named: boolean };

function readAmounts(written: string): ReadAmount[] {
  const text = asRead(written);
  const candidates = withWordRuns(text, scan(text));
  linkRanges(text, candidates);
  const amounts: ReadAmount[] = [];
  for (const c of candidates) {
    const money = !c.notMoney && (c.marked || c.multiplier !== null || c.number.grouped);
    if (money) {
      amounts.push({ value: amountValue(c), currency: c.currency, raw: text.slice(c.start, c.end), named: c.named });
    }
  }
  return amounts;
}

/**
 * `text` as a reader takes it in, whatever code points spell it: compatibility forms as what they
 * look like (NFKC: fullwidth "１．８００", mathematical "𝟗", superscript "⁹", thin and figure spaces
 * as spaces, an "o" followed by a combining accent as "ó") and the digits of any script (Arabic-Indic
 * "٩٬٩٠٠", Devanagari "९") as ASCII digits, so an amount can't pass unread by its spelling.
 */
export function asRead(text: string): string {
  // ASCII reads as it is: most answers, and no regex with Unicode properties compiled for them.
  if (!/[\u0080-\u{10ffff}]/u.test(text)) return text;
  return text
    .split(KEPT_AS_WRITTEN)
    .map((part, index) => (index % 2 ? part : part.normalize("NFKC")))
    .join("")
    .replace(/\u066c/g, ",") // Arabic thousands separator
    .replace(/\u066b/g, ".") // Arabic decimal separator
    .replace(/(?![0-9])\p{Nd}/gu, digitOf);
}

/**
 * What NFKC would spell otherwise and the reader reads as written: a fraction sign ("2½ millones",
 * not "21⁄2") and the no-break spaces Intl writes inside an amount, which the warning quotes.
 */
const KEPT_AS_WRITTEN = /([½¼¾\u00a0\u202f])/;

/** A decimal digit's value: Unicode gives each script's 0-9 ten consecutive code points, from 0. */
function digitOf(digit: string): string {
  const code = digit.codePointAt(0) ?? 0;
  let first = code;
  while (first > code - 100 && DIGIT.test(String.fromCodePoint(first - 1))) first--;
  return String((code - first) % 10);
}
const DIGIT = /^\p{Nd}$/u;

/**
 * How a tool says a number is money: it returns it under one of these keys, as a number or as a
 * `{ min, max }` range (estimate_quote's and get_service's `price`, an extra's `price`,
 * `startingPrice`). Any other number (weeks, counts, ids) verifies no amount: "$ 5" is not a price
 * because a tool returned `weeks: { max: 5 }`.
 */
const MONEY_KEYS: ReadonlySet<string> = new Set(["price", "startingPrice", "amount", "total"]);

/**
 * The amounts of `text` whose value is no money a tool returned: a number under one of
 * MONEY_KEYS, or an amount written in a tool's text (a page snippet's "desde $ 1.800.000").
 * Deduplicated by value and raw text, in order of appearance.
 */
export function unverifiedAmounts(text: string, toolResults: unknown[]): MoneyAmount[] {
  const known: Known = new Map();
  collectMoney(toolResults, false, known, new WeakSet(), SETTINGS.currency);
  const seen = new Set<string>();
  const unverified: MoneyAmount[] = [];
  for (const { named, ...amount } of readAmounts(text)) {
    const id = `${amount.value}\u0000${amount.raw}`;
    if (verified(known, amount, named) || seen.has(id)) continue;
    seen.add(id);
    unverified.push(amount);
  }
  return unverified;
}

/** The money the tools returned: each value, with the currencies it was returned in. */
type Known = Map<number, Set<string>>;

/**
 * Verified by its value and its currency: an amount that names a currency must name one its value
 * was returned in ("USD 1,800,000" is not the tool's COP 1,800,000); one that names none (no mark,
 * or a "$" the studio's currency writes too) is read in the tool's.
 */
function verified(known: Known, amount: MoneyAmount, named: boolean): boolean {
  const currencies = known.get(keyOf(amount.value));
  if (!currencies) return false;
  if (!named) return true;
  return amount.currency !== null && currencies.has(amount.currency);
}

function remember(known: Known, value: number, currency: string): void {
  const key = keyOf(value);
  const currencies = known.get(key) ?? new Set<string>();
  currencies.add(currency);
  known.set(key, currencies);
}

function scan(text: string): Candidate[] {
  const candidates: Candidate[] = [];
  for (const match of text.matchAll(AMOUNT)) {
    const groups = match.groups ?? {};
    const number = parseNumber(groups.num ?? "");
    if (!number) continue;
    const start = match.index;
    const end = start + match[0].length;
    let currency = currencyOf(groups.code, groups.sym, groups.post, groups.other);
    let namesOne = namesCurrency(groups.code, groups.sym, groups.post, groups.other);
    let marked = Boolean(groups.code || groups.sym || groups.post || groups.other);
    const multRaw = groups.mult;
    // "5 m" / "3 mm" are lengths, "5 t" a weight; "$5m", "5m" and "1,5 M" are five and 1.5 million.
    const spaced = multRaw !== undefined && /\s/.test(text.charAt(start + match[0].indexOf(multRaw) - 1));
    const lengthUnit = multRaw !== undefined && !marked && spaced && multRaw.length <= 2 && !SHORT_SCALES.has(multRaw);
    const multiplier = multRaw && !lengthUnit ? multiplierOf(multRaw) : null;
    PERCENT_AFTER.lastIndex = end;
    const named = foreignNamed(text, lengthUnit ? start + (groups.num?.length ?? 0) : end, groups.post);
    const counts = !marked && !named && countsThings(nextWord(text, end));
    // A letter right after the figure makes it a word or an id ("3d", "v2"), unless a currency
    // sign before a grouped figure already made it money ("$9.900.000aprox.").
    const signed = Boolean(groups.code || groups.sym || groups.other) && number.grouped;
    const attached = !multRaw && !groups.post && !signed && LETTER.test(text.charAt(end));
    const notMoney = lengthUnit || attached || counts || PERCENT_AFTER.test(text);
    const beside: { code: string | null; start?: number; end: number } | null = notMoney
      ? null
      : (named ?? (marked ? null : isoBeside(text, start, end, number, multiplier)));
    if (beside) {
      currency = beside.code;
      namesOne = true;
      marked = true;
    }
    candidates.push({
      start: beside?.start ?? start,
      end: beside?.end ?? end,
      number,
      multiplier,
      currency,
      named: namesOne,
      marked,
      counts,
      notMoney,
    });
  }
  return candidates;
}

const WORD_PREFIX = new RegExp(`(?:${PREFIX})$`, "i");
const SUFFIX_AT = new RegExp(SUFFIX.replace(/\)\?$/, ")"), "iy");

/** Amounts with words ("un millón cuatrocientos mil", "1 millón 400 mil") replace the pieces the digit reader saw. */
function withWordRuns(text: string, candidates: Candidate[]): Candidate[] {
  if (!/[a-z]/i.test(text) && !writtenWithoutSpaces(text)) return candidates;
  const runs = wordRuns(text, NUMBER_SOURCE, ALL_LANGUAGES, (token) => {
    const parsed = parseNumber(token);
    return parsed ? parsed.int / 10 ** parsed.scale : null;
  });
  let out = candidates;
  for (const run of runs) {
    const covered = out.filter((c) => c.start < run.end && c.end > run.start);
    const prefix = WORD_PREFIX.exec(text.slice(Math.max(0, run.start - 12), run.start));
    let start = Math.min(run.start - (prefix?.[0].length ?? 0), ...covered.map((c) => c.start));
    let end = Math.max(run.end, ...covered.map((c) => c.end));
    SUFFIX_AT.lastIndex = end;
    const suffix = SUFFIX_AT.exec(text);
    if (suffix?.groups?.post) end += suffix[0].length;
    const foreign = foreignNamed(text, end, suffix?.groups?.post);
    if (foreign) end = foreign.end;
    const currency = foreign
      ? foreign.code
      : (covered.find((c) => c.currency)?.currency ??
        currencyOf(prefix?.groups?.code, prefix?.groups?.sym, suffix?.groups?.post, prefix?.groups?.other));
    const marked = Boolean(foreign || prefix || suffix?.groups?.post || covered.some((c) => c.marked));
    const named =
      Boolean(foreign) ||
      covered.some((c) => c.named) ||
      namesCurrency(prefix?.groups?.code, prefix?.groups?.sym, suffix?.groups?.post, prefix?.groups?.other);
    start = Math.max(0, start);
    const counts = !marked && countsThings(nextWord(text, end));
    PERCENT_AFTER.lastIndex = end;
    out = [
      ...out.filter((c) => !covered.includes(c)),
      {
        start,
        end,
        number: { int: Math.round(run.value * 100), scale: 2, grouped: false },
        multiplier: 1,
        currency,
        named,
        marked,
        counts,
        notMoney: counts || PERCENT_AFTER.test(text),
      },
    ].sort((a, b) => a.start - b.start);
  }
  return out;
}

function linkRanges(text: string, candidates: Candidate[]): void {
  for (let k = 1; k < candidates.length; k++) {
    const a = candidates[k - 1];
    const b = candidates[k];
    if (!a || !b || !joinsRange(text.slice(a.end, b.start))) continue;
    if (b.counts && !a.marked && a.multiplier === null) a.notMoney = true;
    if (a.notMoney || b.notMoney) continue;
    // "entre 1,4 y 2 millones": the left end borrows the unit of the right one when it reads as a smaller figure.
    if (b.multiplier !== null && a.multiplier === null && !a.number.grouped && plain(a.number) < plain(b.number)) {
      a.multiplier = b.multiplier;
    }
    if (b.marked && !a.marked) {
      a.marked = true;
      a.currency = b.currency;
      a.named = b.named;
    } else if (a.marked && !b.marked) {
      b.marked = true;
      b.currency = a.currency;
      b.named = a.named;
    }
  }
}

/** "1.400.000" and "1,200" group thousands; "1,4" and "1.5" are decimals; "4.0.0" and "300.555.0123" are no number. */
function parseNumber(written: string): Parsed | null {
  const token = withPlainGroups(written);
  const lastDot = token.lastIndexOf(".");
  const lastComma = token.lastIndexOf(",");
  if (lastDot < 0 && lastComma < 0) return { int: Number(token), scale: 0, grouped: false };
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? "." : ",";
    const at = Math.max(lastDot, lastComma);
    const whole = token.slice(0, at);
    const fraction = token.slice(at + 1);
    if (whole.includes(decimal) || !validGroups(whole.split(decimal === "." ? "," : "."))) return null;
    return { int: Number(whole.replace(/[.,]/g, "") + fraction), scale: fraction.length, grouped: true };
  }
  const parts = token.split(lastDot >= 0 ? "." : ",");
  if (parts.length > 2) return validGroups(parts) ? { int: Number(parts.join("")), scale: 0, grouped: true } : null;
  const [whole = "", fraction = ""] = parts;
  if (fraction.length === 3 && whole.length <= 3 && !whole.startsWith("0")) {
    return { int: Number(whole + fraction), scale: 0, grouped: true };
  }
  return { int: Number(whole + fraction), scale: fraction.length, grouped: false };
}

/** "1’400.000" and "4 200 000" as "1.400.000" and "4.200.000": the mark or space takes the group separator's place. */
function withPlainGroups(token: string): string {
  if (!/[^0-9.,]/.test(token)) return token;
  const decimal = /[.,](?=\d{1,2}$)/.exec(token)?.[0];
  const group = /[.,]/.exec(token.replace(/[.,]\d{1,2}$/, ""))?.[0] ?? (decimal === "." ? "," : ".");
  return token.replace(/[^0-9.,]/g, group);
}

function validGroups(parts: string[]): boolean {
  return parts.every((part, index) => (index === 0 ? part.length >= 1 && part.length <= 3 : part.length === 3));
}

/** "Mio." 1e6, "mil millones" 1e9: the product of its scale words. */
function multiplierOf(raw: string): number {
  let value = 1;
  for (const word of foldWord(raw).split(/[\s\u00a0\u202f]+/))
    value *= SCALES.get(word) ?? SCALES.get(word.replace(/\.$/, "")) ?? 1;
  return value;
}

/** A bare "$" names a currency only for a studio whose own currency is not written with it. */
const DOLLAR_IS_OURS = STUDIO_MARKS.has("$");

function namesCurrency(code?: string, sym?: string, post?: string, other?: string): boolean {
  if (code || post) return true;
  // A dollar sign with letters this table doesn't know ("COL$") names no more than a bare "$".
  if (other) return !other.endsWith("$") || signCode(other) !== undefined;
  if (!sym) return false;
  return sym !== "$" || !DOLLAR_IS_OURS;
}

function currencyOf(code?: string, sym?: string, post?: string, other?: string): string | null {
  if (code) return code.toUpperCase();
  // A bare "$" names no currency (dozens write it); any other mark of the studio's currency does.
  for (const mark of [sym, post, other]) {
    const folded = mark?.toLowerCase().replace(/[\s\u00a0\u202f]+/g, " ");
    if (folded && folded !== "$" && STUDIO_MARKS.has(folded)) return SETTINGS.currency;
  }
  // Another currency's sign or symbol: its code where it is one currency's, else none (it still names one).
  for (const mark of [other, post]) {
    if (!mark) continue;
    const code = signCode(mark);
    if (code !== undefined) return code;
    if (/^[a-z]{3}$/i.test(mark)) return mark.toUpperCase();
  }
  return null;
}

/** The code of a currency's sign or symbol as the studio's languages write it ("R$", "$US", "₹"); null when several share it ("¢", "kr"). */
function signCode(mark: string): string | null | undefined {
  const code = LANGUAGE_DATA.symbols[mark] ?? LANGUAGE_DATA.symbols[mark.toUpperCase()];
  return code === undefined ? undefined : code || null;
}

/** A word after a figure, the first maybe right after a currency's word ("dólares estadounidenses", "U.S. dollars"). */
const NAME_WORD = new RegExp(`${SP}*([${LETTERS}ß](?:[${LETTERS}ß’'-]|\\.(?=[${LETTERS}]))*\\.?)`, "y");
const OF_AT = new RegExp(`${SP}*${OF}`, "y");

/**
 * Another currency named in words after a figure (past a "de"/"of"), in any of the studio's
 * languages: the longest run of its next words that is a currency's name in CLDR ("Mexican pesos",
 * "libras esterlinas", "Schweizer Franken", "dólares"), unless it is the studio's own ("pesos
 * colombianos" for a COP studio). Its code (null when the name is several currencies'), and the
 * amount's end with it.
 */
function foreignNamed(
  text: string,
  end: number,
  post: string | undefined,
): { code: string | null; end: number } | null {
  let offset = end - (post?.length ?? 0);
  if (!post) {
    OF_AT.lastIndex = offset;
    offset += OF_AT.exec(text)?.[0].length ?? 0;
  }
  const words: { word: string; end: number }[] = [];
  while (words.length < LONGEST_NAME) {
    NAME_WORD.lastIndex = offset;
    const match = NAME_WORD.exec(text);
    if (!match?.[1]) break;
    // A sentence's full stop is no part of the name; an abbreviation's is ("U.S.").
    const word = /^(?:[A-Za-z]\.)+$/.test(match[1]) ? match[1] : match[1].replace(/\.$/, "");
    offset += match[0].length;
    words.push({ word, end: offset - (match[1].length - word.length) });
    if (word !== match[1]) break;
  }
  // A script written without spaces glues the name to the figure and its words to one another ("米ドル").
  const glued = words.length === 0;
  if (glued) {
    for (const { word, index } of unspacedWordsAt(text, offset, LONGEST_GLUED_NAME))
      words.push({ word, end: index + word.length });
  }
  for (let count = words.length; count > 0; count--) {
    const name = words
      .slice(0, count)
      .map((each) => each.word)
      .join(glued ? "" : " ");
    const key = foldWord(name).replace(/\./g, "");
    const code = CURRENCY_NAMES.get(key);
    if (code === undefined) continue;
    // The studio's own currency, or a name no longer than its mark already read ("pesos"): the studio's.
    if (STUDIO_MARKS.has(key) || code === SETTINGS.currency || (post && post.length >= name.length)) return null;
    return { code: code || null, end: words[count - 1]?.end ?? end };
  }
  return null;
}

/**
 * Whether a figure reads as money by itself, so that a currency's code or name beside it makes it
 * one: grouped, with a multiplier, or at least 100 ("PHP 8.3" is a version, "9 yen" too little to tell).
 */
function readsAsMoney(number: Parsed, multiplier: number | null): boolean {
  return number.grouped || multiplier !== null || plain(number) >= 100;
}

/**
 * An ISO code in capitals beside a figure that reads as money ("PEN 1.800.000", "1.800.000 INR"):
 * the currency it names, and the amount's ends with it.
 */
function isoBeside(
  text: string,
  start: number,
  end: number,
  number: Parsed,
  multiplier: number | null,
): { code: string; start: number; end: number } | null {
  if (!readsAsMoney(number, multiplier)) return null;
  const before = ISO_BEFORE.exec(text.slice(Math.max(0, start - 5), start));
  if (before?.[1] && isoCodes().has(before[1])) return { code: before[1], start: start - before[0].length, end };
  const after = ISO_AFTER.exec(text.slice(end, end + 5));
  if (after?.[1] && isoCodes().has(after[1])) return { code: after[1], start, end: end + after[0].length };
  return null;
}
const ISO_BEFORE = new RegExp(`(?<![${LETTERS}])([A-Z]{3})${SP}?$`);
const ISO_AFTER = new RegExp(`^${SP}?([A-Z]{3})(?![${LETTERS}0-9])`);
let iso: ReadonlySet<string> | undefined;
function isoCodes(): ReadonlySet<string> {
  iso ??= new Set(Intl.supportedValuesOf("currency"));
  return iso;
}

function plain(number: Parsed): number {
  return number.int / 10 ** number.scale;
}

function amountValue(candidate: Candidate): number {
  // Integer arithmetic first, one division last: "1,4 millones" is 14 * 1e6 / 10, exactly 1400000.
  return (candidate.number.int * (candidate.multiplier ?? 1)) / 10 ** candidate.number.scale;
}

function keyOf(value: number): number {
  return Math.round(value * 100);
}

/** A tool's money is in the currency its result names (`currency: "EUR"`), else in the studio's. */
function collectMoney(value: unknown, money: boolean, known: Known, seen: WeakSet<object>, currency: string): void {
  if (typeof value === "number") {
    if (money && Number.isFinite(value)) remember(known, value, currency);
  } else if (typeof value === "string") {
    collectFromString(value, money, known, seen, currency);
  } else if (Array.isArray(value)) {
    if (seen.has(value)) return;
    seen.add(value);
    for (const item of value) collectMoney(item, money, known, seen, currency);
  } else if (value !== null && typeof value === "object") {
    if (seen.has(value)) return;
    seen.add(value);
    // A refused call returned no money: its detail repeats what the model wrote ("unknown service
    // \"9900k\""), which would otherwise verify the model's own figure.
    if ((value as { ok?: unknown }).ok === false) return;
    const own = (value as { currency?: unknown }).currency;
    const inCurrency = typeof own === "string" && /^[A-Z]{3}$/.test(own) ? own : currency;
    for (const [key, item] of Object.entries(value)) {
      if (NOT_TEXT_KEYS.has(key)) continue;
      collectMoney(item, money || MONEY_KEYS.has(key), known, seen, inCurrency);
    }
  }
}

/**
 * A result's addresses: no text a visitor reads as a price, and one of them carries the visitor's
 * own goal (suggest_next_step's contact link), which is no tool's money.
 */
const NOT_TEXT_KEYS: ReadonlySet<string> = new Set(["path", "href", "url"]);

function collectFromString(text: string, money: boolean, known: Known, seen: WeakSet<object>, currency: string): void {
  if (!/\d/.test(text)) return;
  // A result passed on as JSON text reads like the object it was.
  if (/^\s*[[{]/.test(text)) {
    try {
      collectMoney(JSON.parse(text), money, known, seen, currency);
      return;
    } catch {
      // Not JSON: read as text.
    }
  }
  // An amount a tool's text writes ("desde $ 1.800.000") is in the currency it names, or in the tool's.
  for (const amount of readAmounts(text)) {
    if (amount.named && amount.currency === null) continue;
    remember(known, amount.value, amount.currency ?? currency);
  }
  if (!money) return;
  for (const [token] of text.matchAll(/\d+(?:[.,]\d+)*/g)) {
    const parsed = parseNumber(token);
    if (parsed) remember(known, parsed.int / 10 ** parsed.scale, currency);
  }
}
