import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PAGES_DOC, withPagesTable } from "@/scripts/bench-pages";
import { pagesArgs, pagesResultsTarget } from "@/scripts/bench-pages-args";
import { ROOT } from "@/tests/support/import-graph";

// `npm run bench -- --pages /page-a /page-b` measures two pages: its table must not replace the one in
// docs/benchmarks.md (a whole run's) nor bench/results/latest.*, which the README's numbers come from.
const DATE = "2026-12-07T14:00:00.000Z";
const target = (...argv: string[]) => pagesResultsTarget(pagesArgs(["node", "bench.ts", ...argv]), DATE);

describe("a pages bench's results", () => {
  it("of every page replace the measured pages table and latest", () => {
    expect(target("--pages")).toEqual({ full: true });
    expect(target("--pages", "--runs", "5", "--without-scripts")).toEqual({ full: true });
    expect(target("--pages", "--before", "../old")).toEqual({ full: true });
  });

  it.each([
    [["--pages", "/page-a", "/page-b"]],
    [["--pages", "--page", "/page-a"]],
    [["--pages", "/page-a", "--runs", "1"]],
    [["--pages", "--site", "../other"]],
  ])("of a few pages or another build go to a file of their own: %j", (argv) => {
    const result = target(...argv);
    expect(result.full).toBe(false);
    if (!result.full) expect(result.file).toMatch(/^bench\/results\/partial-[\w-]+\.json$/);
  });

  it("measure the pages named after --pages and after each --page, and nothing else", () => {
    const args = pagesArgs(["node", "bench.ts", "--pages", "/page-a", "/page-b", "--runs", "2", "--page", "/page-c"]);
    expect(args.only).toEqual(["/page-a", "/page-b", "/page-c"]);
    expect(args.runs).toBe(2);
  });
});

describe("the measured pages table", () => {
  it("has its markers in the document a full run writes, and is replaced between them only", () => {
    const doc = readFileSync(path.join(ROOT, PAGES_DOC), "utf8");
    const replaced = withPagesTable(doc, "| page |\n| --- |", "a run's date:");
    expect(replaced).toContain("<!-- bench:pages -->\na run's date:\n\n| page |\n| --- |\n<!-- /bench:pages -->");
    const [before, after] = doc.split(/<!-- bench:pages -->[\s\S]*<!-- \/bench:pages -->/);
    expect(replaced.startsWith(before as string)).toBe(true);
    expect(replaced.endsWith(after as string)).toBe(true);
  });

  it("refuses a document without its markers, naming the document", () => {
    expect(() => withPagesTable("# no table here\n", "| page |", "when")).toThrow(PAGES_DOC);
  });
});
