// Guards that the offline planner and assistant fit a goal to a service as a reader would: for
// each studio fixture, a table of goals written as visitors write them (typos, no accents, several
// needs, off-topic requests, prompt injections), each with the service it must pick or null (none:
// the contact step, no quote). Each fixture's catalog is built from its own content folder, so the
// tables test the fit on known catalogs whatever content/ holds.
// @studio demo us mx ch it de br
import { describe, expect, it } from "vitest";
import { fitScores, fitService, termMatch } from "@/lib/ai/offline-fit";
import { foldWord, languageData } from "@/lib/i18n/language-data";
import { BR_FIT_GOALS } from "@/tests/fixtures/studios/br.fit-goals";
import { CH_FIT_GOALS } from "@/tests/fixtures/studios/ch.fit-goals";
import { DE_FIT_GOALS } from "@/tests/fixtures/studios/de.fit-goals";
import { DEMO_FIT_GOALS } from "@/tests/fixtures/studios/demo.fit-goals";
import { IT_FIT_GOALS } from "@/tests/fixtures/studios/it.fit-goals";
import { MX_FIT_GOALS } from "@/tests/fixtures/studios/mx.fit-goals";
import { US_FIT_GOALS } from "@/tests/fixtures/studios/us.fit-goals";
import { catalogOf, type FitTable } from "@/tests/support/fit-table";
import { STUDIO } from "@/tests/support/studio";

// Each fixture's table runs in that fixture's project: the fit reads the language data
// `npm run knowledge` made for the studio's own languages (content/generated/language-data.json).
const ALL_STUDIOS: { name: string; content: string; table: FitTable }[] = [
  { name: "demo", content: "tests/fixtures/studios/demo", table: DEMO_FIT_GOALS },
  { name: "us", content: "tests/fixtures/studios/us", table: US_FIT_GOALS },
  { name: "mx", content: "tests/fixtures/studios/mx", table: MX_FIT_GOALS },
  { name: "ch", content: "tests/fixtures/studios/ch", table: CH_FIT_GOALS },
  { name: "it", content: "tests/fixtures/studios/it", table: IT_FIT_GOALS },
  { name: "de", content: "tests/fixtures/studios/de", table: DE_FIT_GOALS },
  { name: "br", content: "tests/fixtures/studios/br", table: BR_FIT_GOALS },
];

const STUDIOS = ALL_STUDIOS.filter(({ name }) => name === STUDIO.name);

const catalogs = new Map(
  await Promise.all(STUDIOS.map(async ({ name, content }) => [name, await catalogOf(content)] as const)),
);

describe.each(STUDIOS)("the $name studio's goals", ({ name, table }) => {
  const catalog = catalogs.get(name) ?? {};

  it("has a table for each of its languages, 40 goals or more each, off-topic ones among them", () => {
    expect(Object.keys(table).sort()).toEqual(Object.keys(catalog).sort());
    for (const goals of Object.values(table)) {
      expect(goals.length).toBeGreaterThanOrEqual(40);
      expect(goals.filter(([, serviceId]) => serviceId === null).length).toBeGreaterThanOrEqual(5);
      const ids = new Set(goals.map(([, serviceId]) => serviceId));
      for (const service of Object.values(catalog)[0]?.services ?? []) expect(ids).toContain(service.id);
    }
  });

  describe.each(Object.entries(table))("in %s", (language, goals) => {
    const services = catalog[language];
    if (!services) throw new Error(`the ${name} studio has no ${language}`);
    it.each(goals)("%j fits %s", (goal, serviceId) => {
      expect(fitService(goal, services, language) ?? null).toBe(serviceId);
    });
  });
});

describe.runIf(STUDIO.name === "demo")("the fit's rules", () => {
  const demo = catalogs.get("demo") ?? {};

  it("gives every service some evidence for its own name, and none for a text of words the site never uses", () => {
    for (const [language, catalog] of Object.entries(demo)) {
      for (const service of catalog.services) expect(fitService(service.name, catalog, language)).toBe(service.id);
      expect(fitScores("zzyzx qwvrt plonk", catalog, language).every(({ score }) => score === 0)).toBe(true);
    }
  });

  it("reads a long verb and its noun as one word, but not two words that only start alike", () => {
    expect(termMatch("automatizar", "automatizacion")).toBeGreaterThan(0);
    expect(termMatch("automatiser", "automatisation")).toBeGreaterThan(0);
    for (const [a, b] of [
      ["presencia", "presentar"],
      ["panadero", "panaderia"],
      ["reservent", "reservation"],
    ] as const) {
      expect(termMatch(a, b)).toBe(0);
    }
  });

  it("reads a long word with one slip of the keys inside it as the word, but not a change of its ending", () => {
    // Swapped, left out, added, changed: one edit before the last letter.
    for (const typed of ["abdcefgh", "abcefgh", "abcxdefgh", "abcxefgh"])
      expect(termMatch(typed, "abcdefgh")).toBeGreaterThan(0);
    // Another ending is another form of the word ("panadero", "panadería"); two edits make another
    // word, and so does one in a short word ("shop", "ship").
    for (const [typed, known] of [
      ["abcdefgx", "abcdefgh"],
      ["axcdefxh", "abcdefgh"],
      ["abdce", "abcde"],
    ] as const) {
      expect(termMatch(typed, known)).toBe(0);
    }
    // A service's name with two letters of its longest word swapped still names it.
    let swapped = 0;
    for (const [language, catalog] of Object.entries(demo)) {
      const generic = new Set(languageData(language)?.genericWords ?? []);
      for (const service of catalog.services) {
        const words = service.name.split(/[^\p{L}]+/u).filter((word) => !generic.has(foldWord(word, language)));
        const longest = words.reduce((a, b) => (b.length > a.length ? b : a), "");
        if (longest.length < 7) continue;
        const at = Math.floor(longest.length / 2);
        const typo = `${longest.slice(0, at - 1)}${longest[at]}${longest[at - 1]}${longest.slice(at + 1)}`;
        expect(fitService(service.name.replace(longest, typo), catalog, language)).toBe(service.id);
        swapped += 1;
      }
    }
    expect(swapped).toBeGreaterThan(0);
  });

  it("counts a generic word of a service's own name, or the head of a compound there, for that service, never as a fit alone", () => {
    let named = 0;
    for (const [language, catalog] of Object.entries(demo)) {
      const generic = languageData(language)?.genericWords ?? [];
      for (const [n, service] of catalog.services.entries()) {
        const words = service.name.split(/[^\p{L}]+/u).map((word) => foldWord(word, language));
        // "site" of "Website with a blog": a website is a site.
        for (const word of generic.filter((each) => words.some((name) => name.endsWith(each)))) {
          named += 1;
          expect(fitService(word, catalog, language)).toBeUndefined();
          expect(fitScores(word, catalog, language)[n]?.score).toBeGreaterThan(0);
        }
      }
    }
    expect(named).toBeGreaterThan(0);
  });

  it("works in a language it has no stop words or stems for: words every service shares weigh nothing", () => {
    // The English catalog read as a language the term rules don't know: plain folded words only.
    const [, english] = Object.entries(demo).find(([, catalog]) => catalog.services.length > 0) ?? [];
    if (!english) throw new Error("no demo catalog");
    const first = english.services[0];
    if (!first) throw new Error("no service");
    expect(fitService(first.name, english, "xx")).toBe(first.id);
    expect(fitService("zzyzx qwvrt plonk", english, "xx")).toBeUndefined();
  });
});
