import { notFound } from "next/navigation";
import { isLocale, type Locale } from "./config";

/** The page's locale from its route params; anything else is a 404. */
export async function localeOf(params: Promise<{ locale: string }>): Promise<Locale> {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  return locale;
}
