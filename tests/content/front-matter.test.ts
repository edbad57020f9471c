import { describe, expect, it } from "vitest";
import { splitFrontMatter } from "@/lib/content/front-matter";

describe("splitFrontMatter", () => {
  it("reads the YAML between the two --- lines and keeps the rest as the body", () => {
    const { data, body } = splitFrontMatter(
      '---\ntitle: "Hola: mundo"\ntags:\n  - a\n---\n\n# Body\n---\nafter a rule\n',
    );
    expect(data).toEqual({ title: "Hola: mundo", tags: ["a"] });
    expect(body).toBe("\n# Body\n---\nafter a rule\n");
  });

  it("reads Windows line endings and a byte-order mark", () => {
    expect(splitFrontMatter("\uFEFF---\r\ndate: '2026-01-02'\r\n---\r\nText")).toEqual({
      data: { date: "2026-01-02" },
      body: "Text",
    });
  });

  it("gives empty data to a file with no front matter, or an empty one", () => {
    expect(splitFrontMatter("# Just text\n")).toEqual({ data: {}, body: "# Just text\n" });
    expect(splitFrontMatter("---\n---\nText")).toEqual({ data: {}, body: "Text" });
  });

  it("refuses front matter that is never closed, or is not YAML", () => {
    expect(() => splitFrontMatter("---\ntitle: x\n\nText")).toThrow(/closing ---/);
    expect(() => splitFrontMatter("---\ntitle: [unclosed\n---\nText")).toThrow();
  });
});
