import { describe, expect, it } from "vitest";
import { labCopy } from "@/components/lab/copy";
import { LOCALES } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";

// The assistant's and the reviewer's pages send the agent's strings they share to the browser in
// the page's payload: only those (the errors, the amount warning, the units left), not the agent
// console's whole copy, which is most of what those pages would carry in text.

describe.each(LOCALES)("the Lab's shared copy in %s", (locale) => {
  const dict = getDictionary(locale);
  const shared = labCopy(dict);

  it("is the errors, the amount warning and the units left, and nothing else of the agent's", () => {
    expect(Object.keys(shared).sort()).toEqual(["errors", "meter", "warning"]);
    expect(Object.keys(shared.meter)).toEqual(["unitsLeft"]);
    expect(shared.warning).toEqual(dict.agent.console.warning);
    expect(shared.meter.unitsLeft).toBe(dict.agent.console.meter.unitsLeft);
  });

  it("words the errors for any Lab use, over the agent's", () => {
    expect(shared.errors).toEqual({ ...dict.agent.console.errors, ...dict.labErrors });
  });

  it("is a small part of the agent console's copy", () => {
    const size = (value: unknown) => JSON.stringify(value).length;
    expect(size(shared)).toBeLessThan(size(dict.agent.console) / 2);
  });
});
