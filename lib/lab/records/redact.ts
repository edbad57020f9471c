import { maySpellOtherwise, resolvedSpelling } from "@/lib/checks/spelled-text";

/**
 * Emails and phone numbers out of what a record keeps, in one pass over each string, whatever field
 * it is in (the goal, the answer, a tool's input or output, a link).
 *
 * The pass looks at the string as a browser would read it (`browserReading`): `+` in a link's query
 * is a space, percent-encoding and HTML character references are resolved (`%40` and `&#64;` are
 * `@`, `%2B` is `+`), fullwidth digits are digits, invisible characters are set aside. It finds
 * emails and numbers in that reading together, so neither can hide the other (a marker of one never
 * ends the query the other is in), and cuts the original at the same places: a detail inside a link
 * is replaced there, the marker percent-encoded so the link stays a link.
 *
 * A number is any country's: a run of digits with the separators people write (spaces, dots,
 * hyphens, slashes, a bracketed area code, a leading `+` or `00`), 7 to 15 digits after the
 * international prefix (E.164's most). Money the visitor wrote stays: a run grouped in thousands
 * (`2.500.000`, `1,200`) or next to a currency sign or code is an amount, not a number to call;
 * dates stay too. The numbers in `kept` stay in any spelling (the studio's own WhatsApp number is no
 * visitor's).
 */
export const REDACTED = { email: "[email]", phone: "[phone]" } as const;

// Local part and domain as mail clients accept them; the domain needs a dot and a 2+ letter end.
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;

// A candidate: an optional + or (, then digits joined by separators or brackets.
const NUMBER = /(?<![\p{L}\p{N}])(?:\+|\(\s*)?\d(?:[\d ()./\u2010-\u2015-]|\s(?=\d))*\d(?![\p{L}\p{N}])/gu;

/** E.164: at most 15 digits after the international prefix; fewer than 7 is no number to call. */
export const PHONE_DIGITS = { min: 7, max: 15 } as const;

// Thousands grouping with dots or commas (and an optional decimal part): an amount.
const GROUPED = /^\d{1,3}(?:([.,])\d{3})(?:\1\d{3})*(?:[.,]\d{1,2})?$/;
// A date or a range of years: 2025-01-15, 15/01/2025, 15.01.2025, 2024-2025.
const DATE = /^\d{4}[-/]\d{2}[-/]\d{2}$|^\d{4}\s?[-/]\s?\d{4}$|^\d{1,2}[./-]\d{1,2}[./-]\d{4}$/;
const CURRENCY_BEFORE = /(?:[$€£¥₹₩₽₺₱]|\b[A-Z]{3}\b)\s?$/u;
const CURRENCY_AFTER = /^\s?(?:[A-Z]{3}\b|[$€£¥₹₩₽₺₱])/u;

/** The digits a number is dialled by, without its international prefix (`+` or `00`). */
function dialled(candidate: string): string {
  const digits = candidate.replace(/\D/g, "");
  return !candidate.startsWith("+") && /^00[1-9]/.test(digits) ? digits.slice(2) : digits;
}

function isPhone(candidate: string, before: string, after: string): boolean {
  const digits = dialled(candidate);
  if (digits.length < PHONE_DIGITS.min || digits.length > PHONE_DIGITS.max) return false;
  const international = candidate.startsWith("+") || /^00[1-9]/.test(candidate);
  const marked = international || /[()-]/.test(candidate);
  // Seven digits ("555-0100") only with a mark that a number to call has; a bare run needs eight.
  if (digits.length === PHONE_DIGITS.min && !marked) return false;
  if (!international && (GROUPED.test(candidate) || DATE.test(candidate))) return false;
  if (!international && (CURRENCY_BEFORE.test(before) || CURRENCY_AFTER.test(after))) return false;
  return true;
}

// A link's query: from "?" to the end of the link. A browser reads its `+` as a space.
const QUERY = /\?[^\s"'<>]*/g;

/**
 * `text` as a browser would read it (see above), `from[i]` being where `plain[i]` starts in `text`,
 * and the ranges of `text` that are a link's query.
 */
function browserReading(text: string): { plain: string; from: number[]; queries: [number, number][] } {
  const queries: [number, number][] = [];
  const spaced = text.replace(QUERY, (query, start: number) => {
    queries.push([start, start + query.length]);
    return query.replaceAll("+", " ");
  });
  const resolved = resolvedSpelling(spaced);
  let plain = "";
  const from: number[] = [];
  // Format characters (zero-width, joiners, bidi controls, the soft hyphen) are not read.
  const parts = resolved.plain.split(/([\p{Cf}])/u);
  let index = 0;
  for (const [position, part] of parts.entries()) {
    if (position % 2 === 0) {
      plain += part;
      for (let offset = 0; offset < part.length; offset++) from.push(resolved.from[index + offset] ?? index + offset);
    }
    index += part.length;
  }
  return { plain, from, queries };
}

/** A kept number, written with its country code or without it (up to 3 digits). */
function isKept(digits: string, kept: ReadonlySet<string>): boolean {
  for (const number of kept) if (number.endsWith(digits) && digits.length >= number.length - 3) return true;
  return false;
}

/** The ranges of `plain` to redact, emails and numbers found together, each with its marker. */
function found(plain: string, kept: ReadonlySet<string>): { start: number; end: number; marker: string }[] {
  const ranges: { start: number; end: number; marker: string }[] = [];
  for (const match of plain.matchAll(EMAIL)) {
    ranges.push({ start: match.index, end: match.index + match[0].length, marker: REDACTED.email });
  }
  for (const match of plain.matchAll(NUMBER)) {
    const candidate = match[0];
    // An unbalanced bracket the pattern took at either end is not part of the number.
    const trimmed = candidate.replace(/^\(\s*(?=[^)]*$)/, "").replace(/\)$(?<=^[^(]*\))/, "");
    const start = match.index + candidate.indexOf(trimmed);
    const end = start + trimmed.length;
    const before = plain.slice(Math.max(0, start - 4), start);
    const after = plain.slice(end, end + 4);
    if (isKept(dialled(trimmed), kept) || !isPhone(trimmed, before, after)) continue;
    ranges.push({ start, end, marker: REDACTED.phone });
  }
  // Overlapping finds (a number inside an address) are one: the earlier one's marker.
  ranges.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: typeof ranges = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range.start < last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

/** `text` with every email and phone number in it replaced by its marker, however it is spelled. */
export function redact(text: string, kept: ReadonlySet<string> = new Set()): string {
  if (!/[\d@]/.test(text) && !maySpellOtherwise(text)) return text;
  const { plain, from, queries } = browserReading(text);
  const ranges = found(plain, kept);
  if (ranges.length === 0) return text;
  let out = "";
  let at = 0;
  for (const { start, end, marker } of ranges) {
    const rawStart = from[start] ?? text.length;
    // The original up to where the first character after the find comes from (or its end).
    const last = from[end - 1] ?? rawStart;
    let rawEnd = text.length;
    for (let next = end; next < plain.length; next++) {
      const source = from[next] ?? text.length;
      if (source > last) {
        rawEnd = source;
        break;
      }
    }
    const inQuery = queries.some(([qStart, qEnd]) => rawStart > qStart && rawStart < qEnd);
    out += text.slice(at, rawStart) + (inQuery ? encodeURIComponent(marker) : marker);
    at = Math.max(at, rawEnd);
  }
  return out + text.slice(at);
}

/**
 * `value` with every string in it redacted (`redact`), however deep: the words a record keeps beside
 * the visitor's own (a tool's arguments and results, the answer, a contact link) can repeat them.
 * The numbers in `kept` (as written, any format) stay wherever they appear and however spelled.
 */
export function redactDeep<T>(value: T, kept: readonly string[] = []): T {
  const keep = new Set(kept.map(dialled).filter(Boolean));
  return deep(value, keep) as T;
}

function deep(value: unknown, kept: ReadonlySet<string>): unknown {
  if (typeof value === "string") return redact(value, kept);
  if (Array.isArray(value)) return value.map((item) => deep(item, kept));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, deep(item, kept)]));
  }
  return value;
}
