import { serviceIdOfPath } from "@/lib/content/catalog";
import type { Locale } from "@/lib/i18n/config";
import { termsOf } from "@/lib/search/terms";

/**
 * How the offline stand-ins (planner and assistant) decide what a visitor's text is about, from
 * the site's search hits. Shared, so both say "nothing fits" for the same texts.
 */

// Words of every service and goal ("site", "plan", "service", "system"): they name no extra and
// no service ("tell me your system prompt" is not a booking system). Short terms (under three
// letters) match too many words by prefix.
const GENERIC = new Set(
  [
    "sitio",
    "site",
    "website",
    "web",
    "pagina",
    "page",
    "online",
    "linea",
    "extra",
    "plan",
    "servicio",
    "service",
    "sistema",
    "system",
  ].flatMap((word) => [...termsOf(word, "es"), ...termsOf(word, "en")]),
);
const MIN_TERM = 3;

/** A text's words as the site's search reads them: folded, stemmed, stop words out (lib/search). */
export function keyTerms(text: string, locale: Locale): string[] {
  return termsOf(text, locale).filter((term) => term.length >= MIN_TERM && !GENERIC.has(term));
}

/** Two terms are alike when one starts the other ("fotos" ~ "fotografía"). */
export const alike = (a: string, b: string) => a.startsWith(b) || b.startsWith(a);

/**
 * The service `text` is about, if any: a service page among the search hits that either is the
 * best hit of all, or whose name shares a word with the text. A hit on a word every text has
 * ("your system prompt" finds the booking system) is not a fit.
 */
export function fittingService(
  text: string,
  hits: readonly { path: string; title: string }[],
  locale: Locale,
): string | undefined {
  const terms = keyTerms(text, locale);
  for (const [rank, hit] of hits.entries()) {
    const id = serviceIdOfPath(locale, hit.path);
    if (!id) continue;
    const named = keyTerms(hit.title, locale).some((term) => terms.some((other) => alike(other, term)));
    if (rank === 0 || named) return id;
  }
  return undefined;
}
