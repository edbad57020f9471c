// @studio demo
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { describe, expect, it } from "vitest";
import { SETTINGS } from "@/content/generated/settings";
import { SITE } from "@/lib/content/site";

// Guards "another studio changes content/ and nothing else": no code and no dictionary spells
// what only the demo studio would say. The words come from the demo's own content (its name,
// city, country, clients, currency and locale tags) plus its region, which only its copy names.

const DEMO_WORDS = [
  SITE.studio.name,
  SITE.studio.city,
  SITE.studio.country,
  "Aburrá",
  ...new Set(SITE.projects[SITE.settings.locales[0] as keyof typeof SITE.projects].map((project) => project.client)),
  ...Object.values(SETTINGS.localeTags).flatMap((tag) => [tag, tag.replace("-", "_")]),
  // The currency's full names ("pesos colombianos", "Colombian pesos"); a bare "pesos" is many countries' word.
  ...SETTINGS.currencyMarks.words.filter((word) => /\s/.test(word)),
];
const CODE = new RegExp(`\\b${SETTINGS.currency}\\b`);

// The demo's phone prefix, from its own WhatsApp number ("+57"), written as a number starts.
const CALLING_CODE = parsePhoneNumberFromString(SITE.studio.whatsapp)?.countryCallingCode ?? "";
const PHONE_PREFIX = new RegExp(`\\+${CALLING_CODE}(?=[\\s\\d(-])`);
// A number grouped as the demo's locale tags group thousands ("2.000", "1,000"): a reader of another
// locale takes "2.000" for two. Figures in the texts are put in with Intl in the studio's locale.
const separators = [...new Set(Object.values(SETTINGS.groupSeparators))].filter(Boolean);
const GROUPED = new RegExp(
  `(?<![\\d.,])\\d{1,3}(?:[${separators.map((sep) => `\\${sep}`).join("")}]\\d{3})+(?![\\d.,]?\\d)`,
);
const DICTIONARIES_DIR = path.join("lib", "i18n", "dictionaries");
const dictionaries = readdirSync(DICTIONARIES_DIR).map((name) => path.join(DICTIONARIES_DIR, name));

/** The string literals of a source file, comments left out. */
function literals(file: string): string[] {
  return [...code(file).matchAll(/"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)].map((m) => m[1] ?? m[2] ?? "");
}

/** Source without its comments: an example in a comment names no studio to the visitor. */
function code(file: string): string {
  return readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
}

const files = ["app", "components", "lib"].flatMap((dir) =>
  readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => /\.(tsx?|mjs|css)$/.test(name))
    .map((name) => path.join(dir, name)),
);

describe("demo-studio words outside content/", () => {
  it("knows what to look for", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(DEMO_WORDS).toEqual(expect.arrayContaining(["Medellín", "Colombia", "es-CO", "es_CO", "pesos colombianos"]));
  });

  it.each(DEMO_WORDS)("nothing in app/, components/ or lib/ (the dictionaries too) writes %s", (word) => {
    const lower = word.toLowerCase();
    expect(files.filter((file) => code(file).toLowerCase().includes(lower))).toEqual([]);
  });

  it("no code names the demo's currency: prices, formats and the amounts check read it from the settings", () => {
    expect(files.filter((file) => CODE.test(code(file)))).toEqual([]);
  });

  it("knows the demo's phone prefix and number formats", () => {
    expect(CALLING_CODE).toMatch(/^\d{1,3}$/);
    expect(PHONE_PREFIX.test(`+${CALLING_CODE} 300`)).toBe(true);
    expect(separators.length).toBeGreaterThan(0);
    for (const tag of Object.values(SETTINGS.localeTags)) {
      expect(GROUPED.test(new Intl.NumberFormat(tag).format(2000)), tag).toBe(true);
    }
    expect(GROUPED.test("v4.1.12, 10 y 20, 3.5, 2.50, 0.75, 12345")).toBe(false);
    expect(dictionaries.length).toBeGreaterThan(0);
  });

  it("no code or dictionary writes the demo's phone prefix: examples come from the studio's settings", () => {
    expect(files.filter((file) => PHONE_PREFIX.test(code(file)))).toEqual([]);
  });

  it("no dictionary writes a number in the demo's formats: figures are put in with Intl", () => {
    const found = dictionaries.flatMap((file) =>
      literals(file)
        .filter((text) => GROUPED.test(text))
        .map((text) => `${file}: ${text}`),
    );
    expect(found).toEqual([]);
  });
});
