// The studio a test file runs on: content/ as it is, or the fixture its `// @studio <name>` line
// names (vitest.config.ts). Tests read languages, currency and prices from the settings and the
// content; a language the fixture has is typed `Locale` through `locale()`, since the `Locale`
// type itself comes from content/, which may have one language only.
import { inject } from "vitest";
import { isLocale, LOCALES, type Locale } from "@/lib/i18n/config";

declare module "vitest" {
  export interface ProvidedContext {
    /** "content", or the name of the fixture under tests/fixtures/studios/. */
    studio: string;
    /** The studio's content folder: "content" or "tests/fixtures/studios/<name>". */
    studioContent: string;
  }
}

export const STUDIO = { name: inject("studio"), content: inject("studioContent") };

/** `code` as one of this studio's languages; throws, so the test fails, when the studio has no such language. */
export function locale(code: string): Locale {
  if (!isLocale(code)) {
    throw new Error(
      `the studio "${STUDIO.name}" has no "${code}" (it has ${LOCALES.join(", ")}): name a fixture with // @studio`,
    );
  }
  return code;
}

/** A two-letter language code the studio does not have, for what a site does with a foreign one. */
export function missingLocale(): string {
  return ["fr", "de", "es", "en", "it", "pt"].find((code) => !isLocale(code)) ?? "zz";
}

/** `table`'s entry for `locale` (a fixture's expectations, written per language); throws when it has none. */
export function ofLocale<T>(table: Readonly<Record<string, T>>, locale: Locale): T {
  const entry = table[locale];
  if (entry === undefined) throw new Error(`no entry for "${locale}" in this table of the studio "${STUDIO.name}"`);
  return entry;
}

/** A text for each of the studio's languages from `table` (written per language), as the content types want it. */
export function perLocale<T>(table: Readonly<Record<string, T>>): Record<Locale, T> {
  return Object.fromEntries(LOCALES.map((code) => [code, ofLocale(table, code)])) as Record<Locale, T>;
}
