import { SETTINGS } from "@/content/generated/settings";
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
  marks.map((mark) => mark.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, `${SP}+`)).join("|");
const STUDIO_SYMBOLS = asPattern(SETTINGS.currencyMarks.symbols);
// Never empty: the symbols hold at least the ISO code.
const STUDIO_AFTER = asPattern([...SETTINGS.currencyMarks.words, ...SETTINGS.currencyMarks.symbols]);
const STUDIO_MARKS = new Set<string>(
  [...SETTINGS.currencyMarks.symbols, ...SETTINGS.currencyMarks.words].map((mark) =>
    mark.toLowerCase().replace(/\s+/g, " "),
  ),
);
// ISO codes besides the studio's that answers write; any other currency is read by its studio's marks.
const CODES = `${SETTINGS.currency}|USD|EUR|GBP|CAD|AUD|MXN|BRL|ARS|CLP|JPY|CHF`;
const PREFIX = `(?:(?<code>${CODES})(?:${SP}?\\$)?|(?<sym>US\\$|${STUDIO_SYMBOLS}|\\$|€|£|¥))${SP}*`;
// Colombians write the millions mark as an apostrophe ("1’400.000"); groups can be spaced ("$ 4 200 000"),
// but digits spaced like a phone number ("300 555 0123") are no grouped figure.
const APOSTROPHES = "’'′";
const NUMBER_SOURCE = `(?:\\d{1,3}(?:[${APOSTROPHES}]\\d{3})+(?:[.,]\\d{3})*(?:[.,]\\d{1,2})?(?![0-9])|\\d{1,3}(?:${SP}\\d{3})+(?:[.,]\\d{1,2})?(?![0-9])(?!${SP}*\\d)|\\d+(?:[.,]\\d+)*)`;
const NUMBER = `(?<num>${NUMBER_SOURCE})`;
const MULTIPLIER = `(?:${SP}*(?<mult>mil${SP}+millones|millones|mill[oó]n|millions?|mill\\.?|mil|MM|M|bn|billions?|billones|bill[oó]n|thousand|grand|k)${WORD_END})?`;
const SUFFIX = `(?:${SP}*(?:de${SP}+)?(?<post>${STUDIO_AFTER}|${CODES}|pesos|peso|d[oó]lares|d[oó]lar|(?:US${SP}+)?dollars?|euros?|€|£)${WORD_END})?`;
// Not inside a word, an id ("plan-2"), a path, a hashtag or another number.
const START = `(?<![${LETTERS}0-9_#/@.,])(?<![${LETTERS}]-)`;
const AMOUNT = new RegExp(`${START}(?:${PREFIX})?${NUMBER}${MULTIPLIER}${SUFFIX}`, "gi");

const PERCENT_AFTER = new RegExp(`${SP}*(?:%|por${SP}*ciento|per${SP}*cent|percent)`, "iy");
// A bare number followed by one of these words counts things, it is no price: "4–6 semanas", "7,000 tokens".
// A word list, not a regex alternation: a large case-insensitive alternation takes milliseconds to compile.
const NEXT_WORD = new RegExp(`${SP}*(?:de${SP}+)?([${LETTERS}-]+)`, "iy");
const COUNT_WORDS = new Set(
  (
    "semana semanas week weeks día días dia dias day days hora horas hour hours h hr hrs minuto minutos minute " +
    "minutes min mins segundo segundos second seconds s mes meses month months año años ano anos year years " +
    "visita visitas visit visits visitante visitantes visitor visitors usuario usuarios usuaria usuarias user users " +
    "cliente clientes client clients customer customers producto productos product products proyecto proyectos " +
    "project projects página páginas pagina paginas page pages persona personas people palabra palabras word words " +
    "token tokens neurona neuronas neuron neurons pedido pedidos order orders mensaje mensajes message messages " +
    "seguidores followers suscriptores subscribers descarga descargas download downloads artículo artículos " +
    "articulo articulos article articles post posts entrada entradas foto fotos photo photos imagen imágenes " +
    "imagenes image images idioma idiomas language languages vez veces time times unidad unidades unit units item " +
    "items ítem ítems venta ventas sale sales lead leads empleado empleados employee employees reserva reservas " +
    "booking bookings cita citas appointment appointments correo correos email emails e-mail e-mails servicio " +
    "servicios service services sitio sitios site sites tienda tiendas store stores plantilla plantillas template " +
    "templates sección secciones section sections ronda rondas round rounds revisión revisiones revision revisions " +
    "km kg kb mb gb tb px ms"
  ).split(" "),
);
const LETTER = new RegExp(`[${LETTERS}]`);
// Two numbers joined like "1,4 y 2 millones", "1.8–2.8 millones", "de $1.800.000 a $2.800.000".
const RANGE_JOIN = new RegExp(`^(?:${SP}*[-–—]${SP}*|${SP}+(?:a|al|y|e|o|u|hasta|to|and|or|through)${SP}+)$`, "i");

const MULTIPLIERS: Record<string, number> = {
  mil: 1e3,
  k: 1e3,
  thousand: 1e3,
  grand: 1e3,
  bn: 1e9,
  "mil millones": 1e9,
};

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

function readAmounts(text: string): ReadAmount[] {
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
 * How a tool says a number is money: it returns it under one of these keys, as a number or as a
 * `{ min, max }` range (estimate_quote's and get_service's `price`, an extra's `price`,
 * `startingPrice`). Any other number (weeks, counts, ids) verifies no amount: "$ 5" is not a price
 * because a tool returned `weeks: { max: 5 }`.
 */
export const MONEY_KEYS: ReadonlySet<string> = new Set(["price", "startingPrice", "amount", "total"]);

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
    const currency = currencyOf(groups.code, groups.sym, groups.post);
    const named = namesCurrency(groups.code, groups.sym, groups.post);
    const marked = Boolean(groups.code || groups.sym || groups.post);
    const multRaw = groups.mult;
    // "5 m" / "3 mm" are lengths; "$5m" is five million.
    const lengthUnit = (multRaw === "m" || multRaw === "mm") && !marked;
    const multiplier = multRaw && !lengthUnit ? multiplierOf(multRaw) : null;
    PERCENT_AFTER.lastIndex = end;
    NEXT_WORD.lastIndex = end;
    const next = NEXT_WORD.exec(text)?.[1]?.toLowerCase();
    const counts = !marked && next !== undefined && COUNT_WORDS.has(next);
    const attached = !multRaw && !groups.post && LETTER.test(text.charAt(end));
    const notMoney = lengthUnit || attached || counts || PERCENT_AFTER.test(text);
    candidates.push({ start, end, number, multiplier, currency, named, marked, counts, notMoney });
  }
  return candidates;
}

const WORD_PREFIX = new RegExp(`(?:${PREFIX})$`, "i");
const SUFFIX_AT = new RegExp(SUFFIX.replace(/\)\?$/, ")"), "iy");

/** Amounts with words ("un millón cuatrocientos mil", "1 millón 400 mil") replace the pieces the digit reader saw. */
function withWordRuns(text: string, candidates: Candidate[]): Candidate[] {
  if (!/[a-z]/i.test(text)) return candidates;
  const runs = wordRuns(text, NUMBER_SOURCE, (token) => {
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
    const currency =
      covered.find((c) => c.currency)?.currency ??
      currencyOf(prefix?.groups?.code, prefix?.groups?.sym, suffix?.groups?.post);
    const marked = Boolean(prefix || suffix?.groups?.post || covered.some((c) => c.marked));
    const named =
      covered.some((c) => c.named) || namesCurrency(prefix?.groups?.code, prefix?.groups?.sym, suffix?.groups?.post);
    start = Math.max(0, start);
    NEXT_WORD.lastIndex = end;
    const next = NEXT_WORD.exec(text)?.[1]?.toLowerCase();
    const counts = !marked && next !== undefined && COUNT_WORDS.has(next);
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
    if (!a || !b || !RANGE_JOIN.test(text.slice(a.end, b.start))) continue;
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

function multiplierOf(raw: string): number {
  const word = raw.toLowerCase().replace(/[\s\u00a0\u202f]+/g, " ");
  const known = MULTIPLIERS[word];
  if (known) return known;
  if (word.startsWith("bill")) return word.startsWith("billion") ? 1e9 : 1e12;
  return 1e6; // millones, millón, million(s), mill., MM, M
}

/** A bare "$" names a currency only for a studio whose own currency is not written with it. */
const DOLLAR_IS_OURS = STUDIO_MARKS.has("$");

function namesCurrency(code?: string, sym?: string, post?: string): boolean {
  if (code || post) return true;
  if (!sym) return false;
  return sym !== "$" || !DOLLAR_IS_OURS;
}

function currencyOf(code?: string, sym?: string, post?: string): string | null {
  if (code) return code.toUpperCase();
  // A bare "$" names no currency (dozens write it); any other mark of the studio's currency does.
  for (const mark of [sym, post]) {
    const folded = mark?.toLowerCase().replace(/[\s\u00a0\u202f]+/g, " ");
    if (folded && folded !== "$" && STUDIO_MARKS.has(folded)) return SETTINGS.currency;
  }
  const symbol = sym?.toUpperCase();
  if (symbol === "US$") return "USD";
  if (symbol === "€") return "EUR";
  if (symbol === "£") return "GBP";
  if (symbol === "¥") return "JPY";
  const word = post?.toLowerCase();
  if (!word) return null;
  if (word.startsWith("eur") || word === "€") return "EUR";
  if (word === "£") return "GBP";
  if (/^[a-z]{3}$/.test(word)) return word.toUpperCase();
  // Pesos of another country than the studio's: money, in a currency the words don't settle.
  if (word.startsWith("peso")) return null;
  return "USD";
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
    const own = (value as { currency?: unknown }).currency;
    const inCurrency = typeof own === "string" && /^[A-Z]{3}$/.test(own) ? own : currency;
    for (const [key, item] of Object.entries(value)) {
      collectMoney(item, money || MONEY_KEYS.has(key), known, seen, inCurrency);
    }
  }
}

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
