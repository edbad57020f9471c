import { DONE_REASONS } from "@/lib/lab/types";
import { LAB_USE_KINDS, type LabUseKind } from "@/lib/lab-uses";
import { foldWord } from "./words";

/**
 * How a use ended, as the studio reads it: its `data-done` reason, or `unpriced` for an agent run
 * that read a service and answered without its price (lib/lab-view/facts.ts).
 */
export const OUTCOMES = ["answered", "unpriced", ...DONE_REASONS.filter((reason) => reason !== "answered")] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** The list's filters, read from the page's GET parameters (a plain form: no script needed). */
export type UseFilters = {
  use: LabUseKind | null;
  verdict: Outcome | null;
  flagged: boolean;
  noService: boolean;
  led: boolean;
  /** Words that must all be in the visitor's words or the answer (folded). */
  terms: string[];
  /** The text of the search box, as typed (trimmed). */
  query: string;
  /** The page of the list, from 1. */
  page: number;
};

export const MAX_QUERY = 200;
const MAX_PAGE = 1000;

type Params = Record<string, string | string[] | undefined>;

function one(params: Params, name: string): string {
  const value = params[name];
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

function oneOf<T extends string>(list: readonly T[], value: string): T | null {
  return (list as readonly string[]).includes(value) ? (value as T) : null;
}

/**
 * Whatever the address says: a value the form never sends (an unknown kind, a page of -3) is no
 * filter, a search past its length is cut. The list shows what was applied, so nothing is hidden.
 */
export function readFilters(params: Params, language: string): UseFilters {
  const query = one(params, "q").trim().slice(0, MAX_QUERY);
  const page = Number.parseInt(one(params, "page"), 10);
  return {
    use: oneOf(LAB_USE_KINDS, one(params, "use")),
    verdict: oneOf(OUTCOMES, one(params, "verdict")),
    flagged: one(params, "flagged") === "1",
    noService: one(params, "noService") === "1",
    led: one(params, "led") === "1",
    terms: query ? foldWord(query, language).split(/\s+/).filter(Boolean) : [],
    query,
    page: Number.isSafeInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
  };
}

/** What a filter reads of one use. */
export type Filterable = {
  kind: string;
  reason: string;
  flagged: boolean;
  noService: boolean;
  led: boolean;
  language: string;
  /** What the search reads: the visitor's words and the answer. */
  text: string;
};

export function matches(use: Filterable, filters: UseFilters): boolean {
  if (filters.use && use.kind !== filters.use) return false;
  if (filters.verdict && use.reason !== filters.verdict) return false;
  if (filters.flagged && !use.flagged) return false;
  if (filters.noService && !use.noService) return false;
  if (filters.led && !use.led) return false;
  if (!filters.terms.length) return true;
  const text = foldWord(use.text, use.language);
  return filters.terms.every((term) => text.includes(term));
}

/** The same filters as GET parameters, for a page link that keeps them (and the day). */
export function filterParams(filters: UseFilters, page: number, day?: string): string {
  const params = new URLSearchParams();
  if (day) params.set("day", day);
  if (filters.use) params.set("use", filters.use);
  if (filters.verdict) params.set("verdict", filters.verdict);
  if (filters.flagged) params.set("flagged", "1");
  if (filters.noService) params.set("noService", "1");
  if (filters.led) params.set("led", "1");
  if (filters.query) params.set("q", filters.query);
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}
