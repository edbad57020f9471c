import { DICTIONARIES } from "@/content/generated/dictionaries";
import { SITE } from "@/lib/content/site";
import type { Locale } from "./config";
import { withCopy } from "./copy-overrides";
import type { Dictionary } from "./dictionaries/es";

// Each language's shipped texts with the studio's own words from `content/copy.<locale>.yaml`, merged once.
const merged = new Map<Locale, Dictionary>();

export function getDictionary(locale: Locale): Dictionary {
  let dictionary = merged.get(locale);
  if (!dictionary) {
    dictionary = withCopy(DICTIONARIES[locale], SITE.copy[locale]);
    merged.set(locale, dictionary);
  }
  return dictionary;
}

export type { Dictionary };
