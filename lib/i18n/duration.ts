import type { Range } from "@/lib/content/types";
import type { Locale } from "./config";
import { formatWeeks, localeTag } from "./format";

/** What a service or an estimate takes: weeks of work, or the months a prepaid plan runs. */
export type Duration = { weeks: Range; term?: { months: number } };

const months = new Map<Locale, Intl.NumberFormat>();

/**
 * "6–10 semanas" for a project; "12 meses" for a plan paid for 12 months, whose `weeks` are only
 * its start (a year-long plan shown as "1 semana" reads as a one-week job).
 */
export function formatDuration({ weeks, term }: Duration, locale: Locale): string {
  if (!term) return formatWeeks(weeks, locale);
  let format = months.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(localeTag(locale), { style: "unit", unit: "month", unitDisplay: "long" });
    months.set(locale, format);
  }
  return format.format(term.months);
}
