import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { generatedFiles } from "@/lib/content/build";
import { loadStudio } from "@/lib/content/load";
import { studioLanguageData } from "@/lib/i18n/language-data/build";

const site = await loadStudio("content");
const fresh = generatedFiles(site, await studioLanguageData(site));

describe("content/generated", () => {
  it.each(Object.keys(fresh))("%s matches content/ (run `npm run knowledge` and commit it if not)", (file) => {
    const committed = readFileSync(file, "utf8");
    expect(committed === fresh[file], `${file} is stale: run \`npm run knowledge\` and commit the result`).toBe(true);
  });

  it("gives the tools every page of every locale with a site path", () => {
    const catalog = JSON.parse(fresh["content/generated/catalog.json"] ?? "{}");
    for (const locale of Object.keys(catalog)) {
      const pages: { path: string; kind: string }[] = catalog[locale].pages;
      expect(new Set(pages.map((page) => page.kind))).toEqual(new Set(["service", "project", "post", "lab", "faq"]));
      for (const page of pages) expect(page.path.startsWith(`/${locale}/`), page.path).toBe(true);
    }
  });
});
