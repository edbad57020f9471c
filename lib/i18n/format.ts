import { SETTINGS } from "@/content/generated/settings";
import type { Locale } from "./config";

/** The BCP 47 tag a language is formatted with (`studio.yaml`'s `localeTags`, or the language and the country). */
export function localeTag(locale: Locale): string {
  return SETTINGS.localeTags[locale];
}

const money = new Map<Locale, Intl.NumberFormat>();

/** Whole units of the studio's currency as the locale writes them: "$ 1.800.000", "COP 1,800,000", "900 €". */
export function formatMoney(value: number, locale: Locale): string {
  let format = money.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(localeTag(locale), {
      style: "currency",
      currency: SETTINGS.currency,
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    money.set(locale, format);
  }
  return format.format(value);
}

// Both ends carry the currency: Intl's own formatRange drops it from one end in some locales, and the
// amounts check then reads that end as a bare number.
export function formatMoneyRange(range: { min: number; max: number }, locale: Locale): string {
  return range.min === range.max
    ? formatMoney(range.min, locale)
    : `${formatMoney(range.min, locale)} – ${formatMoney(range.max, locale)}`;
}

const counts = new Map<Locale, Intl.NumberFormat>();

/** A count as the studio's locale writes it: "2.000" in es-CO, "2,000" in en-US, "2 000" in fr-FR. */
export function formatCount(value: number, locale: Locale): string {
  let format = counts.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(localeTag(locale));
    counts.set(locale, format);
  }
  return format.format(value);
}

const weeks = new Map<Locale, Intl.NumberFormat>();

/** "2–4 semanas", "1 week": the unit word from Intl, in the language's plural for the upper end. */
export function formatWeeks(range: { min: number; max: number }, locale: Locale): string {
  let format = weeks.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(localeTag(locale), { style: "unit", unit: "week", unitDisplay: "long" });
    weeks.set(locale, format);
  }
  const count = range.min === range.max ? `${range.min}` : `${range.min}–${range.max}`;
  return format
    .formatToParts(range.max)
    .map((part) => (part.type === "integer" ? count : part.value))
    .join("");
}

/**
 * Builds the locale's number formats ahead of use. A browser's first currency or unit format
 * loads its locale data (about 45 ms at a phone's speed): the agent's engine calls this while the
 * page is idle, so the first price a streamed step shows does not pay for it.
 */
export function warmFormats(locale: Locale): void {
  formatMoney(0, locale);
  formatCount(0, locale);
  formatWeeks({ min: 1, max: 1 }, locale);
}

/** One of the studio's languages named in the page's language ("inglés" for "en" on a Spanish page); any other code as it is. */
export function languageName(code: string, locale: Locale): string {
  return (SETTINGS.languageNames[locale] as Record<string, string> | undefined)?.[code] ?? code;
}

export function formatDate(isoDate: string, locale: Locale): string {
  return new Intl.DateTimeFormat(localeTag(locale), { dateStyle: "long", timeZone: "UTC" }).format(new Date(isoDate));
}

/** Open Graph writes a locale as language_TERRITORY: "es_CO". */
export function openGraphLocale(locale: Locale): string {
  const { language, region } = new Intl.Locale(localeTag(locale));
  return region ? `${language}_${region}` : language;
}
