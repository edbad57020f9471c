import { literalPattern } from "@/lib/text/literal";

/**
 * Emails and phone numbers out of what a visitor typed, before it is kept. Any country's format:
 * a number is a run of digits with the separators people write (spaces, hyphens, dots, a bracketed
 * area code, a leading `+` or `00`). Money the visitor wrote stays: a run grouped in thousands
 * (`2.500.000`, `1,200`) or next to a currency sign or code is an amount, not a number to call.
 */
export const REDACTED = { email: "[email]", phone: "[phone]" } as const;

// Local part and domain as mail clients accept them; the domain needs a dot and a 2+ letter end.
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;

// A candidate: an optional + or (, then digits joined by single separators or brackets.
const NUMBER = /(?<![\p{L}\p{N}])(?:\+|\(\s*)?\d(?:[\d ().-]|\s(?=\d))*\d(?![\p{L}\p{N}])/gu;

// Thousands grouping with dots or commas (and an optional decimal part): an amount.
const GROUPED = /^\d{1,3}(?:([.,])\d{3})(?:\1\d{3})*(?:[.,]\d{1,2})?$/;
// A date or a range of years: 2025-01-15, 15/01/2025 (slashes never match), 2024-2025.
const DATE = /^\d{4}-\d{2}-\d{2}$|^\d{4}\s?-\s?\d{4}$|^\d{1,2}[.-]\d{1,2}[.-]\d{4}$/;
const CURRENCY_BEFORE = /(?:[$€£¥₹₩₽₺₱]|\b[A-Z]{3}\b)\s?$/u;
const CURRENCY_AFTER = /^\s?(?:[A-Z]{3}\b|[$€£¥₹₩₽₺₱])/u;

function isPhone(candidate: string, before: string, after: string): boolean {
  const digits = candidate.replace(/\D/g, "");
  if (digits.length < 7 || digits.length > 15) return false;
  const international = candidate.startsWith("+") || /^00[1-9]/.test(candidate);
  const marked = international || /[()-]/.test(candidate);
  // Seven digits ("555-0100") only with a mark that a number to call has; a bare run needs eight.
  if (digits.length < 8 && !marked) return false;
  if (!international && (GROUPED.test(candidate) || DATE.test(candidate))) return false;
  if (!international && (CURRENCY_BEFORE.test(before) || CURRENCY_AFTER.test(after))) return false;
  return true;
}

export function redact(text: string): string {
  const withoutEmails = text.replace(EMAIL, REDACTED.email);
  return withoutEmails.replace(NUMBER, (candidate, offset: number, whole: string) => {
    // An unbalanced bracket the pattern took at either end is not part of the number.
    const trimmed = candidate.replace(/^\(\s*(?=[^)]*$)/, "").replace(/\)$(?<=^[^(]*\))/, "");
    const start = offset + candidate.indexOf(trimmed);
    const before = whole.slice(Math.max(0, start - 4), start);
    const after = whole.slice(start + trimmed.length, start + trimmed.length + 4);
    if (!isPhone(trimmed, before, after)) return candidate;
    return candidate.replace(trimmed, REDACTED.phone);
  });
}

/**
 * `value` with every string in it redacted, however deep: the words a use keeps beside the
 * visitor's own (a tool's arguments and results, the answer) can repeat them ("the visitor's goal"
 * as a search query, or percent-encoded in a contact link's query, which is read decoded). The
 * strings in `kept` stay as written wherever they appear (the studio's own number in its WhatsApp
 * link is no visitor's).
 */
export function redactDeep<T>(value: T, kept: readonly string[] = []): T {
  const escaped = kept.filter(Boolean).map(literalPattern);
  // Longest first, so a kept string that holds another is kept whole; captured, so `split` keeps it.
  const keep = escaped.length ? new RegExp(`(${escaped.sort((a, b) => b.length - a.length).join("|")})`) : null;
  return deep(value, keep) as T;
}

function deep(value: unknown, keep: RegExp | null): unknown {
  if (typeof value === "string") return redactText(value, keep);
  if (Array.isArray(value)) return value.map((item) => deep(item, keep));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, deep(item, keep)]));
  }
  return value;
}

// A link's query: from "?" to the end of the link.
const QUERY = /\?[^\s"'<>()[\]]+/g;

/** The kept strings as written (the odd pieces of the split), the rest redacted. */
function redactText(text: string, keep: RegExp | null): string {
  const pieces = keep ? text.split(keep) : [text];
  return pieces.map((piece, index) => (index % 2 ? piece : redactQueries(redact(piece)))).join("");
}

function redactQueries(text: string): string {
  return text.replace(QUERY, (query) => {
    const params = new URLSearchParams(query.slice(1));
    let changed = false;
    for (const [key, words] of [...params]) {
      const redacted = redact(words);
      if (redacted === words) continue;
      params.set(key, redacted);
      changed = true;
    }
    return changed ? `?${params.toString().replaceAll("%2C", ",")}` : query;
  });
}
