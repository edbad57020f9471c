// A studio's own words for the UI, from `content/copy.<locale>.yaml`: any dictionary string can be
// replaced ("presupuesto" where the shipped Spanish says "cotización"), never the shape.

export type CopyOverride = { [key: string]: string | string[] | CopyOverride };

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** What is wrong with `override` for a dictionary shaped like `base`, one line a field ("home.title: …"). */
export function copyProblems(base: unknown, override: unknown, at = ""): string[] {
  if (!isRecord(override)) return [`${at || "(file)"}: expected keys of the dictionary`];
  if (!isRecord(base)) return [`${at}: no such group in the dictionary`];
  return Object.entries(override).flatMap(([key, value]) => {
    const field = at ? `${at}.${key}` : key;
    const original = base[key];
    if (original === undefined) return [`${field}: no such key in the dictionary`];
    if (typeof original === "string") {
      if (typeof value !== "string" || !value.trim()) return [`${field}: expected a text`];
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
    return copyProblems(original, value, field);
  });
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
