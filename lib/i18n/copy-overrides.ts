// A studio's own words for the UI, from `content/copy.<locale>.yaml`: any dictionary string can be
// replaced ("presupuesto" where the shipped Spanish says "cotización"), never the shape. For a
// language with no shipped dictionary the same file is the whole dictionary, checked key by key.

export type CopyOverride = { [key: string]: string | string[] | CopyOverride };

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** How many texts a group of the dictionary holds, for the line that says it is missing. */
function textCount(value: unknown): number {
  return isRecord(value) ? Object.values(value).reduce<number>((sum, item) => sum + textCount(item), 0) : 1;
}

/** The plural forms a language writes (CLDR's categories through Intl): Japanese only `other`, Polish four. */
function pluralCategoriesOf(language: string): string[] {
  try {
    return new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  } catch {
    return ["other"];
  }
}

const PLURAL_CATEGORIES = new Set(["zero", "one", "two", "few", "many", "other"]);
/** A dictionary's plural forms (`pluralForms`): texts keyed by CLDR categories, `other` among them. */
const isPlural = (value: unknown): value is Record<string, string> =>
  isRecord(value) &&
  "other" in value &&
  Object.entries(value).every(([key, text]) => PLURAL_CATEGORIES.has(key) && typeof text === "string");

/**
 * A whole dictionary's plural forms are the language's own, not the reference's: Japanese writes
 * `other` alone where English writes `one` and `other`. Each form keeps the placeholders of the
 * reference's `other`.
 */
function pluralProblems(original: Record<string, string>, value: unknown, field: string, language: string): string[] {
  const wanted = pluralCategoriesOf(language);
  if (!isRecord(value)) return [`${field}: expected the plural forms ${wanted.join(", ")}`];
  // "{count} day" may be "one day" in a form of its own: every other placeholder of `other` stays.
  const withoutCount = (text: string) =>
    placeholders(text)
      .filter((name) => name !== "count")
      .join();
  const expected = withoutCount(original.other ?? "");
  return [
    ...wanted.filter((category) => !(category in value)).map((category) => `${field}.${category}: missing`),
    ...Object.entries(value).flatMap(([category, text]) => {
      if (!wanted.includes(category))
        return [`${field}.${category}: not a plural form of "${language}" (${wanted.join(", ")})`];
      if (typeof text !== "string" || !text.trim()) return [`${field}.${category}: expected a text`];
      return withoutCount(text) === expected
        ? []
        : [`${field}.${category}: expected the placeholders of ${field}.other`];
    }),
  ];
}

function fieldProblems(
  original: unknown,
  value: unknown,
  field: string,
  complete: boolean,
  language?: string,
): string[] {
  if (complete && language && isPlural(original)) return pluralProblems(original, value, field, language);
  if (typeof original === "string") {
    // A shipped text left empty on purpose (a reason with nothing to say) may stay empty in a whole dictionary.
    const mayBeEmpty = complete && original === "";
    if (typeof value !== "string" || (!value.trim() && !mayBeEmpty)) return [`${field}: expected a text`];
    const wanted = placeholders(original);
    return wanted.join() === placeholders(value).join()
      ? []
      : [`${field}: expected the placeholders ${wanted.map((name) => `{${name}}`).join(" ") || "(none)"}`];
  }
  if (Array.isArray(original)) {
    return Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === "string" && item.trim())
      ? []
      : [`${field}: expected a list of texts`];
  }
  if (complete && !isRecord(value)) return [`${field}: expected a group of texts (${textCount(original)} keys)`];
  return problems(original, value, field, complete, language);
}

function problems(base: unknown, override: unknown, at: string, complete: boolean, language?: string): string[] {
  if (!isRecord(override)) return [`${at || "(file)"}: expected keys of the dictionary`];
  if (!isRecord(base)) return [`${at}: no such group in the dictionary`];
  const field = (key: string) => (at ? `${at}.${key}` : key);
  // In the dictionary's order, so a translator reads the list as the file reads.
  const keys = complete ? Object.keys(base) : Object.keys(override).filter((key) => base[key] !== undefined);
  const known = keys.flatMap((key) => {
    if (key in override) return fieldProblems(base[key], override[key], field(key), complete, language);
    const count = textCount(base[key]);
    return [
      isRecord(base[key])
        ? `${field(key)}: missing (a group of ${count} ${count === 1 ? "text" : "texts"})`
        : `${field(key)}: missing`,
    ];
  });
  const unknown = Object.keys(override)
    .filter((key) => base[key] === undefined)
    .map((key) => `${field(key)}: no such key in the dictionary`);
  return [...known, ...unknown];
}

/** What is wrong with `override` for a dictionary shaped like `base`, one line a field ("home.title: …"). */
export function copyProblems(base: unknown, override: unknown): string[] {
  return problems(base, override, "", false);
}

/**
 * What keeps `candidate` from being a whole dictionary of `language` shaped like `reference`: every
 * missing key, every text of the wrong type or with other placeholders, every key the dictionary
 * doesn't have, and plural forms other than the ones the language writes.
 */
export function dictionaryProblems(reference: unknown, candidate: unknown, language: string): string[] {
  return problems(reference, candidate, "", true, language);
}

/** `base` with `override`'s strings put in (both already checked by `copyProblems`). */
export function withCopy<T>(base: T, override: CopyOverride | undefined): T {
  if (!override) return base;
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(override)) {
    out[key] = isRecord(value) ? withCopy(out[key], value as CopyOverride) : value;
  }
  return out as T;
}
