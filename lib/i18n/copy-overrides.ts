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

function fieldProblems(original: unknown, value: unknown, field: string, complete: boolean): string[] {
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
  return problems(original, value, field, complete);
}

function problems(base: unknown, override: unknown, at: string, complete: boolean): string[] {
  if (!isRecord(override)) return [`${at || "(file)"}: expected keys of the dictionary`];
  if (!isRecord(base)) return [`${at}: no such group in the dictionary`];
  const field = (key: string) => (at ? `${at}.${key}` : key);
  // In the dictionary's order, so a translator reads the list as the file reads.
  const keys = complete ? Object.keys(base) : Object.keys(override).filter((key) => base[key] !== undefined);
  const known = keys.flatMap((key) => {
    if (key in override) return fieldProblems(base[key], override[key], field(key), complete);
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
 * What keeps `candidate` from being a whole dictionary shaped like `reference`: every missing key,
 * every text of the wrong type or with other placeholders, every key the dictionary doesn't have.
 */
export function dictionaryProblems(reference: unknown, candidate: unknown): string[] {
  return problems(reference, candidate, "", true);
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
