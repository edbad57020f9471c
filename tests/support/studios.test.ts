// @studio us mx ch it de br ja
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import YAML from "yaml";
import { SETTINGS } from "@/content/generated/settings";
import { CATALOG } from "@/lib/content/catalog";
import { SITE } from "@/lib/content/site";
import { LOCALES } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { estimateQuote } from "@/lib/quote/estimate";
import { locale, missingLocale, ofLocale, perLocale, STUDIO } from "./studio";
import { studiosOf, wantsOwnProcess } from "./studios";

// Guards the fixture projects of vitest.config.ts: a file that says `// @studio us mx ch it de br ja` runs once on
// each, and everything the site's code imports from content/generated/ is that fixture's, built
// from its own files, not content/'s.

const source = YAML.parse(readFileSync(path.join(STUDIO.content, "studio.yaml"), "utf8"));

describe(`the ${STUDIO.name} fixture`, () => {
  it("is the project's studio: its name, languages and currency", () => {
    expect(["us", "mx", "ch", "it", "de", "br", "ja"]).toContain(STUDIO.name);
    expect(STUDIO.content).toBe(path.join("tests/fixtures/studios", STUDIO.name));
    expect(SITE.studio.name).toBe(source.name);
    expect(LOCALES).toEqual(source.locales);
    expect(SETTINGS.currency).toBe(source.currency);
  });

  it("reaches the catalog, the dictionaries with its own words and the calculator", () => {
    const [first] = LOCALES;
    const [service] = SITE.services;
    if (!first || !service) throw new Error("a fixture needs a language and a service");
    expect(CATALOG[first].services.map((entry) => entry.id)).toEqual(SITE.services.map((entry) => entry.id));
    // Every fixture words its Lab's examples itself, over the shipped dictionary's.
    const copy = YAML.parse(readFileSync(path.join(STUDIO.content, `copy.${first}.yaml`), "utf8"));
    expect(getDictionary(first).agent.console.exampleGoals).toEqual(copy.agent.console.exampleGoals);
    expect(estimateQuote({ serviceId: service.id, extraIds: [] }).price.min).toBeLessThanOrEqual(service.price.min);
  });

  it("types its languages through locale(), and refuses one it lacks", () => {
    for (const code of LOCALES) expect(locale(code)).toBe(code);
    expect(() => locale(missingLocale())).toThrow(`the studio "${STUDIO.name}" has no "${missingLocale()}"`);
    // The fixture's languages only: the table's other entries are left out.
    const expected: Record<string, Record<string, number>> = {
      us: { en: 2 },
      mx: { es: 1 },
      ch: { fr: 3 },
      it: { it: 4, en: 2 },
      de: { de: 5 },
      br: { pt: 6, en: 2 },
      ja: { ja: 7 },
    };
    expect(perLocale({ es: 1, en: 2, fr: 3, it: 4, de: 5, pt: 6, ja: 7 })).toEqual(expected[STUDIO.name]);
    expect(() => ofLocale({}, locale(LOCALES[0] ?? ""))).toThrow("no entry for");
  });
});

describe("the @studio line", () => {
  it("names the fixtures among a file's first lines, and nothing else does", () => {
    expect(studiosOf("// @studio demo\nimport x from 'y';")).toEqual(["demo"]);
    expect(studiosOf("import x from 'y';\n// @studio demo us mx\n")).toEqual(["demo", "us", "mx"]);
    expect(studiosOf("import x from 'y';\n")).toEqual([]);
    expect(studiosOf('const text = "// @studio demo";')).toEqual([]);
    expect(studiosOf(`${"x".repeat(2000)}\n// @studio demo`)).toEqual([]);
  });
});

describe("the @pool line", () => {
  it("asks for a process of its own among a file's first lines, and nothing else does", () => {
    expect(wantsOwnProcess("// @pool forks\nimport x from 'y';")).toBe(true);
    expect(wantsOwnProcess("// @studio demo\n// @pool forks\n")).toBe(true);
    expect(wantsOwnProcess("import x from 'y';\n")).toBe(false);
    expect(wantsOwnProcess('const text = "// @pool forks";')).toBe(false);
    expect(wantsOwnProcess("// @pool forks-please\n")).toBe(false);
    expect(wantsOwnProcess(`${"x".repeat(2000)}\n// @pool forks`)).toBe(false);
  });
});
