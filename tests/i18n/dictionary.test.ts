import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import YAML from "yaml";
import { LOCALES } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { paths } from "@/lib/site/paths";
import { STUDIO } from "@/tests/support/studio";

// Guards "a market's own words come from content": each page reads its language's dictionary with
// the studio's copy.<locale>.yaml put over it, section paths included.
describe("getDictionary", () => {
  it.each(LOCALES)("%s: the studio's own words win over the shipped ones", (locale) => {
    const file = path.join(STUDIO.content, `copy.${locale}.yaml`);
    const copy = existsSync(file) ? (YAML.parse(readFileSync(file, "utf8")) ?? {}) : {};
    const dict = getDictionary(locale);
    for (const [key, value] of leaves(copy)) expect(at(dict, key), key).toEqual(value);
    // Everything the copy doesn't name stays as shipped.
    expect(dict.nav.services.length).toBeGreaterThan(0);
    expect(paths.services(locale)).toBe(`/${locale}/${dict.paths.services}`);
  });
});

/** Each text or list of texts of a copy file, by its dotted key. */
function leaves(value: unknown, at = ""): [string, unknown][] {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return [[at, value]];
  return Object.entries(value).flatMap(([key, inner]) => leaves(inner, at ? `${at}.${key}` : key));
}

function at(value: unknown, key: string): unknown {
  return key.split(".").reduce<unknown>((inner, part) => (inner as Record<string, unknown> | undefined)?.[part], value);
}
