export const LOCALES = ["es", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "es";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The path of the same page in another locale: `/es/lab?x=1` -> `/en/lab?x=1`. */
export function switchLocalePath(pathname: string, to: Locale): string {
  const [, first, ...rest] = pathname.split("/");
  const tail = isLocale(first) ? rest : [first, ...rest].filter((part) => part !== undefined && part !== "");
  return ["", to, ...tail].join("/").replace(/\/$/, "") || `/${to}`;
}
