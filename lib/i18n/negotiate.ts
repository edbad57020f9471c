import Negotiator from "negotiator";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "./config";

/** Picks the site locale a browser prefers from its `Accept-Language` header. */
export function negotiateLocale(acceptLanguage: string | null): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const negotiator = new Negotiator({ headers: { "accept-language": acceptLanguage } });
  const [best] = negotiator.languages([...LOCALES]);
  return (best as Locale | undefined) ?? DEFAULT_LOCALE;
}
