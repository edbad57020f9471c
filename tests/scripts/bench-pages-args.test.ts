import { describe, expect, it } from "vitest";
import { pagesArgs, pagesResultsTarget } from "@/scripts/bench-pages-args";

// `npm run bench -- --pages /page-a /page-b` measures two pages: its table must not replace the README's
// (a whole run's) nor bench/results/latest.*, which the README's numbers come from.
const DATE = "2026-12-07T14:00:00.000Z";
const target = (...argv: string[]) => pagesResultsTarget(pagesArgs(["node", "bench.ts", ...argv]), DATE);

describe("a pages bench's results", () => {
  it("of every page replace the README's table and latest", () => {
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
