import type { Range } from "@/lib/content/types";
import type { Locale } from "./config";
import { formatWeeks, localeTag } from "./format";

/** What a service or an estimate takes: weeks of work, or the months a prepaid plan runs. */
export type Duration = { weeks: Range; term?: { months: number } };

const months = new Map<Locale, Intl.NumberFormat>();

/**
 * "1 mes", "12 meses", "1 month": Intl's unit names, which follow the language's plural rules
 * (CLDR's, the ones `Intl.PluralRules` reads), so no text adds an "s" by hand.
 */
export function formatMonths(count: number, locale: Locale): string {
  let format = months.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(localeTag(locale), { style: "unit", unit: "month", unitDisplay: "long" });
    months.set(locale, format);
  }
  return format.format(count);
}

/**
 * "6–10 semanas" for a project; "12 meses" for a plan paid for 12 months, whose `weeks` are only
 * its start (a year-long plan shown as "1 semana" reads as a one-week job).
 */
export function formatDuration({ weeks, term }: Duration, locale: Locale): string {
  return term ? formatMonths(term.months, locale) : formatWeeks(weeks, locale);
}

/**
 * The label a duration goes under, from the page's own words: a project's delivery time, or a
 * plan's term (a plan's months under "delivery time" read as the time to build it).
 */
export function durationLabel({ term }: Duration, labels: { weeks: string; term: string }): string {
  return term ? labels.term : labels.weeks;
}
