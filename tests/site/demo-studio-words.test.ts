import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
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
});
