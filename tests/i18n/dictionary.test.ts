import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import YAML from "yaml";
import { LOCALES } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { paths } from "@/lib/site/paths";

// Guards "a market's own words come from content": each page reads its language's dictionary with
// the studio's content/copy.<locale>.yaml put over it, section paths included.
describe("getDictionary", () => {
  it.each(LOCALES)("%s: the studio's own words win over the shipped ones", (locale) => {
    const copy = YAML.parse(readFileSync(`content/copy.${locale}.yaml`, "utf8"));
    const dict = getDictionary(locale);
    expect(dict.home.lead).toBe(copy.home.lead);
    expect(dict.agent.console.exampleGoals).toEqual(copy.agent.console.exampleGoals);
    // Everything the copy doesn't name stays as shipped.
    expect(dict.nav.services.length).toBeGreaterThan(0);
    expect(paths.services(locale)).toBe(`/${locale}/${dict.paths.services}`);
  });
});
