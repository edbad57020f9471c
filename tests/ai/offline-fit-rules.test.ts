// The offline fit's rules, each on the demo studio's catalog and language data: a service's own
// name, verbs and their nouns, typos, and the generic words of service names.
// @studio demo
import { describe, expect, it } from "vitest";
import { fitScores, fitService, termMatch } from "@/lib/ai/offline-fit";
import { foldWord, languageData } from "@/lib/i18n/language-data";
import { catalogOf } from "@/tests/support/fit-table";

const demo = await catalogOf("tests/fixtures/studios/demo");

describe("the fit's rules", () => {
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
