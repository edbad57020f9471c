import type { Locale } from "./config";
import { en } from "./dictionaries/en";
import { type Dictionary, es } from "./dictionaries/es";

const DICTIONARIES: Record<Locale, Dictionary> = { es, en };

export function getDictionary(locale: Locale): Dictionary {
  return DICTIONARIES[locale];
}

export type { Dictionary };
