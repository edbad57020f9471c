import type { Locale } from "@/lib/i18n/config";
import { type Token, tokenize } from "./terms";

export const SNIPPET_LENGTH = 160;
/** Characters of context kept before the first match, when the window has room for them. */
const LEAD = 40;

/**
 * The ~160 characters of `text` around its best matches: the window holding the most weight of
 * distinct matched terms (`weights`: term -> weight), cut at word boundaries, "…" where cut.
 * With no match in the body (a title-only hit), the start of the text: it is the page's summary.
 */
export function snippetOf(raw: string, locale: Locale, weights: ReadonlyMap<string, number>): string {
  // Line breaks separate headings and list items: keep them visible once the text is one line.
  const text = raw.replace(/([.:;!?])?\s*\n\s*/g, (_, stop?: string) => (stop ? `${stop} ` : " · ")).trim();
  const tokens = tokenize(text, locale);
  const room = SNIPPET_LENGTH - 2; // both ellipses
  const hits = tokens.filter((token) => weights.has(token.term));
  let best = { value: 0, start: 0, end: 0 };
  for (let i = 0; i < hits.length; i++) {
    const anchor = hits[i] as Token;
    const seen = new Set<string>();
    let value = 0;
    let end = anchor.end;
    for (let j = i; j < hits.length; j++) {
      const hit = hits[j] as Token;
      if (hit.end - anchor.start > room) break;
      if (!seen.has(hit.term)) value += weights.get(hit.term) ?? 0;
      seen.add(hit.term);
      end = hit.end;
    }
    if (value > best.value) best = { value, start: anchor.start, end };
  }
  if (best.value === 0) return cut(text, 0, room);
  // Some context before the first match (from a sentence's start when one is near), and the
  // whole room used when the match ends the text.
  const from = Math.min(best.start - Math.min(LEAD, room - (best.end - best.start)), text.length - room);
  return cut(text, from <= 0 ? 0 : startNear(text, from, best.start), room);
}

// Japanese and Chinese end a sentence or a clause with a full-width mark and no space after it.
const CLAUSE_MARKS = ["、", "，", "。", "！", "？"];

/** Where to start a snippet between `from` and `match`: after the last sentence end, else at a word. */
function startNear(text: string, from: number, match: number): number {
  const lead = text.slice(from, match);
  const sentence = Math.max(lead.lastIndexOf(". "), lead.lastIndexOf("? "), lead.lastIndexOf("· "));
  if (sentence >= 0) return from + sentence + 2;
  if (/\s/.test(text[from - 1] ?? " ")) return from;
  const space = lead.search(/\s/);
  return space < 0 ? match : from + space + 1;
}

function cut(text: string, start: number, room: number): string {
  let end = Math.min(text.length, start + room);
  if (end < text.length) {
    const lastSpace = text.lastIndexOf(" ", end);
    // A text written without spaces breaks after a clause's mark ("、", "。") rather than inside a word.
    const lastMark = Math.max(...CLAUSE_MARKS.map((mark) => text.lastIndexOf(mark, end - 1) + 1));
    const best = Math.max(lastSpace, lastMark);
    if (best > start + room / 2 || (best > start && lastSpace > start)) end = best;
  }
  const body = text
    .slice(start, end)
    .trim()
    .replace(/[\s·,;:、，]+$/, "");
  return `${start > 0 ? "…" : ""}${body}${end < text.length ? "…" : ""}`;
}
