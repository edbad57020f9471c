import path from "node:path";

/** What `npm run bench -- --pages …` was asked to measure. */
export type PagesArgs = {
  runs: number;
  /** Only these pages: the paths after `--pages` (`--pages /es /en`) and each `--page /path`. */
  only: string[];
  siteDir?: string;
  beforeDir?: string;
  withoutScripts: boolean;
};

export function pagesArgs(argv: readonly string[]): PagesArgs {
  const value = (flag: string) => {
    const at = argv.indexOf(flag);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const pagesAt = argv.indexOf("--pages");
  const listed = [];
  for (let i = pagesAt + 1; pagesAt >= 0 && i < argv.length && !argv[i]?.startsWith("--"); i++) listed.push(argv[i]);
  const site = value("--site");
  const before = value("--before");
  return {
    runs: Number(value("--runs") ?? 3),
    only: [...listed, ...argv.flatMap((arg, i) => (argv[i - 1] === "--page" ? [arg] : []))].filter(
      (page): page is string => page !== undefined,
    ),
    siteDir: site ? path.resolve(site) : undefined,
    beforeDir: before ? path.resolve(before) : undefined,
    withoutScripts: argv.includes("--without-scripts"),
  };
}

/**
 * Where a pages run's results go. Only a run over every benched page of this checkout speaks for
 * the site, so only it replaces bench/results/latest.* and the README's table; a few pages, or
 * another checkout's build (`--site`), go to a file of their own beside them and the console.
 */
export function pagesResultsTarget(args: PagesArgs, date: string): { full: true } | { full: false; file: string } {
  if (args.only.length === 0 && !args.siteDir) return { full: true };
  return { full: false, file: `bench/results/partial-pages-${date.replace(/[:.]/g, "-")}.json` };
}
