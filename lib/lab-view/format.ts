import { SETTINGS } from "@/content/generated/settings";
import type { Locale } from "@/lib/i18n/config";
import { localeTag } from "@/lib/i18n/format";

// The studio's pages render on the server only (no hydration), so Intl formats them directly, in
// the studio's locale. Times are on the studio's clock (`content/studio.yaml`'s `timeZone`), as its
// inbox and its emails show them; days are UTC days, the ones uses are counted in (Workers AI's day).

/** "1 Dec 2026, 13:40 GMT-5" as the locale writes it, on the studio's clock; a time that isn't one reads as given. */
export function formatTime(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(localeTag(locale), {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: SETTINGS.timeZone,
    timeZoneName: "short",
  }).format(date);
}

/** "13:40" on the studio's clock, as the locale writes it. */
export function formatClock(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(localeTag(locale), { timeStyle: "short", timeZone: SETTINGS.timeZone }).format(date);
}

/** The studio's time zone as the locale names it: "hora de Colombia", "Colombia Time". */
export function zoneName(locale: Locale): string {
  const parts = new Intl.DateTimeFormat(localeTag(locale), {
    timeZone: SETTINGS.timeZone,
    timeZoneName: "longGeneric",
  }).formatToParts(new Date());
  return parts.find((part) => part.type === "timeZoneName")?.value ?? SETTINGS.timeZone;
}

/** A day (`YYYY-MM-DD`, UTC) as the locale writes it: "1 December 2026". */
export function formatDay(day: string, locale: Locale): string {
  return new Intl.DateTimeFormat(localeTag(locale), { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** Seconds with a decimal, in the locale's unit words: "4.2 s", "4,2 s". */
export function formatSeconds(ms: number, locale: Locale): string {
  const seconds = Number.isFinite(ms) && ms > 0 ? ms / 1000 : 0;
  return new Intl.NumberFormat(localeTag(locale), {
    style: "unit",
    unit: "second",
    unitDisplay: "short",
    maximumFractionDigits: 1,
  }).format(seconds);
}

/** A whole percent as the locale writes it: "25 %", "25%". */
export function formatPercent(percent: number, locale: Locale): string {
  return new Intl.NumberFormat(localeTag(locale), { style: "percent", maximumFractionDigits: 0 }).format(percent / 100);
}

/** A language code as an HTML `lang`, when it is one (a record's is text someone sent). */
export function langAttribute(code: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(code)[0];
  } catch {
    return undefined;
  }
}
