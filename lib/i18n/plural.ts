import { SETTINGS } from "@/content/generated/settings";
import type { Locale } from "./config";
import { fill } from "./fill";
import { localeTag } from "./format";
import type { Plural } from "./plural-forms";

export type { Plural };

const rules = new Map<Locale, Intl.PluralRules>();

/**
 * A whole number with the locale's thousands separator. Written out rather than with Intl so that
 * the server and the browser print exactly the same text (no hydration mismatch between ICU builds):
 * the separator was read from Intl once, by `npm run knowledge`.
 */
export function groupDigits(value: number, locale: Locale): string {
  const digits = String(Math.round(Math.abs(value)));
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, SETTINGS.groupSeparators[locale]);
  return value < 0 ? `-${grouped}` : grouped;
}

/**
 * "1 punto", "3 puntos", "1 thing", "6,000 characters": the form `count` takes in the language,
 * with `{count}` written as the locale groups digits and `values` filling the other placeholders
 * (a `count` among them replaces the number, as a line waiting for it does with "00").
 */
export function plural(
  forms: Plural,
  count: number,
  locale: Locale,
  values: Record<string, string | number> = {},
): string {
  let rule = rules.get(locale);
  if (!rule) {
    rule = new Intl.PluralRules(localeTag(locale));
    rules.set(locale, rule);
  }
  return fill(forms[rule.select(count)] ?? forms.other, { count: groupDigits(count, locale), ...values });
}
