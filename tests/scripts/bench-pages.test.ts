import { describe, expect, it } from "vitest";
import {
  hasRelativeCanonical,
  medianRun,
  type PageResult,
  type PageRun,
  scriptsTable,
  whereTable,
} from "@/scripts/bench-pages";

// `npm run bench -- --pages` says where a page's main thread goes beyond the bare page's, by
// Lighthouse's groups: the table is arithmetic on the runs, so it is checked here without a browser.

const run = (groups: Record<string, number>, mainThreadMs = 0): PageRun => ({
  performance: 90,
  bestPractices: 100,
  seo: 100,
  tbtMs: 100,
  mainThreadMs,
  lcpMs: 1000,
  scriptKiB: 140,
  groups,
});

describe("the pages bench's main-thread groups", () => {
  it("takes each group's median over the runs, a group missing from a run counting 0", () => {
    const median = medianRun([
      run({ scriptEvaluation: 600, styleLayout: 40 }),
      run({ scriptEvaluation: 500, styleLayout: 90, garbageCollection: 12 }),
      run({ scriptEvaluation: 700, styleLayout: 60 }),
    ]);
    expect(median.groups).toEqual({ scriptEvaluation: 600, styleLayout: 60, garbageCollection: 0 });
  });

  it("shows the bare page's groups and each page's excess over them, script counting parse and compile", () => {
    const bare = { ...run({ scriptEvaluation: 600, scriptParseCompile: 50, styleLayout: 60, other: 400 }), runs: 12 };
    const page: PageResult = {
      ...run({ scriptEvaluation: 640, scriptParseCompile: 60, styleLayout: 260, other: 380, parseHTML: 30 }),
      page: "/en",
      runs: 3,
      tbtRatio: 1,
      mainThreadRatio: 1,
    };
    const lines = whereTable({ bare, pages: [page] }).split("\n");
    expect(lines[0]).toBe("| page | script | style & layout | HTML parsing | paint | garbage collection | other |");
    expect(lines[2]).toBe("| bare Next page | 650 ms | 60 ms | 0 ms | 0 ms | 0 ms | 400 ms |");
    expect(lines[3]).toBe("| `/en` | +50 | +200 | +30 | +0 | +0 | −20 |");
    // Less than half a millisecond below the bare page is no difference, not "−0".
    const close = { ...page, page: "/es", groups: { ...bare.groups, other: 399.6 } };
    expect(whereTable({ bare, pages: [close] }).split("\n")[3]).toBe("| `/es` | +0 | +0 | +0 | +0 | +0 | +0 |");
  });
});

describe("the pages bench without script files (--without-scripts)", () => {
  const page = (name: string, mainThreadMs: number, alone?: number): PageResult => ({
    ...run({}, mainThreadMs),
    page: name,
    runs: 3,
    tbtRatio: 1,
    mainThreadRatio: 1,
    ...(alone === undefined ? {} : { withoutScripts: run({}, alone) }),
  });

  it("splits each page's work into its HTML and CSS alone and what its scripts add, each against the bare page's", () => {
    const bare = { ...run({}, 1000), runs: 12, withoutScripts: run({}, 200) };
    const lines = scriptsTable({ bare, pages: [page("/en", 1500, 500), page("/es", 900)] }).split("\n");
    expect(lines[0]).toBe("| page | main-thread work | without its scripts | × bare | its scripts add | × bare |");
    expect(lines[2]).toBe("| bare Next page | 1,000 ms | 200 ms | 1 | 800 ms | 1 |");
    // 500 / 200 alone; (1500 − 500) / (1000 − 200) for the scripts.
    expect(lines[3]).toBe("| `/en` | 1,500 ms | 500 ms | 2.50 | 1,000 ms | 1.25 |");
    // A page measured only with its scripts has no row.
    expect(lines).toHaveLength(4);
  });

  it("is empty when the run did not measure the bare page without its scripts", () => {
    expect(scriptsTable({ bare: { ...run({}, 1000), runs: 12 }, pages: [page("/en", 1500, 500)] })).toBe("");
  });
});

describe("the pages bench's build check", () => {
  it("tells a build without SITE_URL (relative canonical) from one with it", () => {
    expect(hasRelativeCanonical('<head><link rel="canonical" href="/en"/></head>')).toBe(true);
    expect(hasRelativeCanonical('<head><link rel="canonical" href="https://studio.example/en"/></head>')).toBe(false);
    expect(hasRelativeCanonical('<link href="/es" rel="canonical">')).toBe(true);
    // A page with no canonical link says nothing about the build.
    expect(hasRelativeCanonical("<head><title>x</title></head>")).toBe(false);
  });
});
