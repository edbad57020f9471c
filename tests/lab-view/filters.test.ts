import { describe, expect, it } from "vitest";
import { type Filterable, filterParams, MAX_QUERY, matches, readFilters } from "@/lib/lab-view/filters";

const use = (facts: Partial<Filterable>): Filterable => ({
  kind: "agent",
  reason: "answered",
  flagged: false,
  noService: false,
  led: false,
  language: "de",
  text: "",
  ...facts,
});

describe("the list's filters", () => {
  it("read what the form sends and nothing else", () => {
    const filters = readFilters(
      { use: "chat", verdict: "timeout", flagged: "1", noService: "1", led: "1", q: "  Bäckerei  Preis ", page: "3" },
      "de",
    );
    expect(filters).toMatchObject({ use: "chat", verdict: "timeout", flagged: true, noService: true, led: true });
    expect(filters).toMatchObject({ query: "Bäckerei  Preis", terms: ["backerei", "preis"], page: 3 });
    // A run that answered without the price its goal needed has an outcome of its own to filter by.
    expect(readFilters({ verdict: "unpriced" }, "de").verdict).toBe("unpriced");
    const odd = readFilters(
      { use: "admin", verdict: ["<script>"], flagged: "yes", page: "-3", q: "x".repeat(999) },
      "de",
    );
    expect(odd).toMatchObject({ use: null, verdict: null, flagged: false, page: 1 });
    expect(odd.query).toHaveLength(MAX_QUERY);
    expect(readFilters({ page: "1e9" }, "de").page).toBe(1);
  });

  it("keep a use only when every filter fits it", () => {
    const all = readFilters({}, "de");
    expect(matches(use({}), all)).toBe(true);
    expect(matches(use({ kind: "review" }), readFilters({ use: "chat" }, "de"))).toBe(false);
    expect(matches(use({ reason: "timeout" }), readFilters({ verdict: "timeout" }, "de"))).toBe(true);
    expect(matches(use({}), readFilters({ flagged: "1" }, "de"))).toBe(false);
    expect(matches(use({ noService: true }), readFilters({ noService: "1" }, "de"))).toBe(true);
    expect(matches(use({}), readFilters({ led: "1" }, "de"))).toBe(false);
  });

  it("search the visitor's words and the answer without case or accents, all words", () => {
    const text = "Eine Website für meine BÄCKEREI\nDer Preis liegt bei …";
    expect(matches(use({ text }), readFilters({ q: "bäckerei preis" }, "de"))).toBe(true);
    expect(matches(use({ text }), readFilters({ q: "backerei" }, "de"))).toBe(true);
    expect(matches(use({ text }), readFilters({ q: "bäckerei tischler" }, "de"))).toBe(false);
  });

  it("write the same filters back as a link's query", () => {
    const filters = readFilters({ use: "agent", led: "1", q: "a&b" }, "de");
    expect(filterParams(filters, 2)).toBe("?use=agent&led=1&q=a%26b&page=2");
    expect(filterParams(filters, 1, "2031-03-01")).toBe("?day=2031-03-01&use=agent&led=1&q=a%26b");
    expect(filterParams(readFilters({}, "de"), 1)).toBe("");
  });
});
