import type { Locale } from "./config";

const INTL_LOCALE: Record<Locale, string> = { es: "es-CO", en: "en-US" };

const money = new Map<Locale, Intl.NumberFormat>();

/** Whole Colombian pesos as the visitor's locale writes them: "$ 1.800.000" / "COP 1,800,000". */
export function formatCop(value: number, locale: Locale): string {
  let format = money.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale], {
      style: "currency",
      currency: "COP",
      currencyDisplay: locale === "es" ? "symbol" : "code",
      maximumFractionDigits: 0,
    });
    money.set(locale, format);
  }
  return format.format(value);
}

export function formatCopRange(range: { min: number; max: number }, locale: Locale): string {
  return range.min === range.max
    ? formatCop(range.min, locale)
    : `${formatCop(range.min, locale)} – ${formatCop(range.max, locale)}`;
}

export function formatWeeks(range: { min: number; max: number }, locale: Locale): string {
  const unit = locale === "es" ? ["semana", "semanas"] : ["week", "weeks"];
  const count = range.min === range.max ? `${range.min}` : `${range.min}–${range.max}`;
  return `${count} ${range.max === 1 ? unit[0] : unit[1]}`;
}

export function formatDate(isoDate: string, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: "long", timeZone: "UTC" }).format(new Date(isoDate));
}
