// Guards that the offline planner and assistant fit a goal to a service as a reader would: for
// each studio fixture, a table of goals written as visitors write them (typos, no accents, several
// needs, off-topic requests, prompt injections), each with the service it must pick or null (none:
// the contact step, no quote). Each fixture's catalog is built from its own content folder, so the
// tables test the fit on known catalogs whatever content/ holds.
// @studio demo us mx ch it de br ja
import { describe, expect, it } from "vitest";
import { fitService } from "@/lib/ai/offline-fit";
import { BR_FIT_GOALS } from "@/tests/fixtures/studios/br.fit-goals";
import { CH_FIT_GOALS } from "@/tests/fixtures/studios/ch.fit-goals";
import { DE_FIT_GOALS } from "@/tests/fixtures/studios/de.fit-goals";
import { DEMO_FIT_GOALS } from "@/tests/fixtures/studios/demo.fit-goals";
import { IT_FIT_GOALS } from "@/tests/fixtures/studios/it.fit-goals";
import { JA_FIT_GOALS } from "@/tests/fixtures/studios/ja.fit-goals";
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
  { name: "ja", content: "tests/fixtures/studios/ja", table: JA_FIT_GOALS },
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
