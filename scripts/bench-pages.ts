// `npm run bench -- --pages`: the site's pages against a bare Next.js page (one layout, one page
// with a link, built here with the project's own Next and React), Lighthouse 12 (mobile, simulated
// throttling) in Debian's Chromium on `next start` for both, interleaved in one run: median of
// `--runs` (3) per page, and each page's blocking time and main-thread work as a ratio to the bare
// page's. Simulated throttling scales the CPU time it observes, so on a loaded machine the absolute
// numbers move with the load; the ratios, measured side by side, much less.
// Lighthouse 12.2.3 is the last release that runs on Node 20: it is not in the default install
// (111 MB); the first run installs it into tools/lighthouse/ from that folder's lockfile.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SITE } from "../lib/content/site";
import { LOCALES } from "../lib/i18n/config";
import { LAB_PAGES } from "../lib/site/nav";
import { paths } from "../lib/site/paths";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const LIGHTHOUSE_DIR = path.join(root, "tools", "lighthouse");
const LIGHTHOUSE_CLI = path.join(LIGHTHOUSE_DIR, "node_modules", "lighthouse", "cli", "index.js");
const NEXT_BIN = path.join(root, "node_modules", "next", "dist", "bin", "next");
const CHROMIUM = "/usr/bin/chromium";

/** The targets: within 1.3x the bare page's TBT and main-thread work, score at most 3 below. */
export const PAGE_TARGETS = { ratio: 1.3, scoreBelowBare: 3, lcpMs: 2500, bestPractices: 100 } as const;

export type PageRun = {
  performance: number;
  bestPractices: number;
  seo: number;
  tbtMs: number;
  mainThreadMs: number;
  lcpMs: number;
  /** Transfer size of every script the page loaded while Lighthouse watched (gzip on the wire). */
  scriptKiB: number;
  /** Main-thread work by Lighthouse's groups (`scriptEvaluation`, `styleLayout`, `other`…), ms; results saved without them have none. */
  groups?: Record<string, number>;
};
export type PageResult = PageRun & {
  page: string;
  runs: number;
  tbtRatio: number;
  mainThreadRatio: number;
  /** The same page with its script files blocked (`--without-scripts`): what its HTML and CSS cost alone. */
  withoutScripts?: PageRun;
};
export type PagesBench = {
  bare: PageRun & { runs: number; withoutScripts?: PageRun };
  pages: PageResult[];
  lighthouse: string;
  /**
   * The build had no `SITE_URL`: its canonical and `hreflang` links are relative, which Lighthouse's
   * SEO audits fail (83 instead of 100), whatever the pages are.
   */
  relativeLinks?: boolean;
  /** The same pages from another built checkout, in the same rounds (`--before DIR`). */
  before?: { commit: string; pages: PageResult[] };
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/** The pages the issue names, in each of the studio's languages. */
export function benchedPages(): string[] {
  return LOCALES.flatMap((locale) => {
    const service = SITE.services[0];
    return [
      paths.home(locale),
      ...(service ? [paths.service(locale, service.text[locale].slug)] : []),
      paths.lab(locale),
      ...Object.values(LAB_PAGES).map((page) => page(locale)),
      paths.contact(locale),
    ];
  });
}

function ensureLighthouse(): string {
  if (!existsSync(LIGHTHOUSE_CLI)) {
    const result = spawnSync("npm", ["ci", "--prefix", LIGHTHOUSE_DIR, "--no-audit", "--no-fund"], {
      stdio: "inherit",
    });
    if (result.status !== 0) throw new Error("could not install Lighthouse into tools/lighthouse/");
  }
  const { version } = JSON.parse(
    readFileSync(path.join(LIGHTHOUSE_DIR, "node_modules", "lighthouse", "package.json"), "utf8"),
  ) as { version: string };
  return version;
}

const BARE_LAYOUT = `export const metadata = { title: "A bare Next.js page", description: "One layout, one page with a link." };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
`;
const BARE_PAGE = `import Link from "next/link";

export default function Page() {
  return (
    <main>
      <h1>A bare Next.js page</h1>
      <p>One layout, one page with a link.</p>
      <Link href="/?again">This page again</Link>
    </main>
  );
}
`;

/**
 * The bare page, built (webpack, as the site is) in a temporary folder whose `node_modules` is the
 * project's: the same Next and React, nothing downloaded. JSX, so Next runs no type check. The
 * build is kept for the next run with the same Next (a few minutes on a loaded machine).
 */
function buildBarePage(): string {
  const { version } = JSON.parse(readFileSync(path.join(root, "node_modules", "next", "package.json"), "utf8")) as {
    version: string;
  };
  const dir = path.join(os.tmpdir(), `lab-agent-bare-next-${version}`);
  const sources: Record<string, string> = {
    "package.json": '{ "name": "bare-next", "private": true, "type": "module" }\n',
    "app/layout.jsx": BARE_LAYOUT,
    "app/page.jsx": BARE_PAGE,
  };
  const built =
    existsSync(path.join(dir, ".next", "BUILD_ID")) &&
    Object.entries(sources).every(
      ([file, text]) => existsSync(path.join(dir, file)) && readFileSync(path.join(dir, file), "utf8") === text,
    );
  const modules = path.join(dir, "node_modules");
  if (built) {
    // The build made from another checkout links to that checkout's install, which may be gone.
    rmSync(modules, { force: true });
    symlinkSync(path.join(root, "node_modules"), modules);
    return dir;
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, "app"), { recursive: true });
  for (const [file, text] of Object.entries(sources)) writeFileSync(path.join(dir, file), text);
  symlinkSync(path.join(root, "node_modules"), modules);
  console.log("building the bare Next page…");
  const result = spawnSync(process.execPath, [NEXT_BIN, "build", "--webpack"], {
    cwd: dir,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (result.status !== 0) throw new Error(`the bare Next page did not build in ${dir}`);
  return dir;
}

export async function startServer(cwd: string, port: number, env: Record<string, string> = {}): Promise<ChildProcess> {
  const server = spawn(process.execPath, [NEXT_BIN, "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd,
    stdio: "ignore",
    detached: true,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
  });
  for (let i = 0; i < 150; i += 1) {
    if (
      await fetch(`http://127.0.0.1:${port}/`)
        .then((response) => response.status < 500)
        .catch(() => false)
    )
      return server;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  stopServer(server);
  throw new Error(`next start in ${cwd} did not answer on port ${port}`);
}

export function stopServer(server: ChildProcess): void {
  if (server.pid) {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  }
}

type LighthouseReport = {
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    {
      numericValue?: number;
      details?: { items?: { resourceType?: string; transferSize?: number; group?: string; duration?: number }[] };
    }
  >;
  runtimeError?: { message: string };
};

/**
 * One Lighthouse run (its defaults: mobile, simulated throttling) of `url`. On a loaded machine
 * Chromium sometimes loses the trace (NO_NAVSTART): such a run is made again, up to twice.
 */
function lighthouse(url: string, blockScripts = false, tries = 3): PageRun {
  try {
    return lighthouseOnce(url, blockScripts);
  } catch (error) {
    if (tries <= 1) throw error;
    console.log(`  ${(error as Error).message}: again`);
    return lighthouse(url, blockScripts, tries - 1);
  }
}

/** `blockScripts`: every script file's request fails, so the page is its HTML and CSS alone (inline scripts still run). */
function lighthouseOnce(url: string, blockScripts: boolean): PageRun {
  const out = path.join(os.tmpdir(), `lighthouse-${process.pid}.json`);
  const result = spawnSync(
    process.execPath,
    [
      LIGHTHOUSE_CLI,
      url,
      "--quiet",
      "--only-categories=performance,best-practices,seo",
      "--output=json",
      `--output-path=${out}`,
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
      ...(blockScripts ? ["--blocked-url-patterns=*.js"] : []),
    ],
    { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, CHROME_PATH: CHROMIUM } },
  );
  if (result.status !== 0 || !existsSync(out)) throw new Error(`Lighthouse failed on ${url}`);
  const report = JSON.parse(readFileSync(out, "utf8")) as LighthouseReport;
  rmSync(out);
  if (report.runtimeError) throw new Error(`Lighthouse on ${url}: ${report.runtimeError.message}`);
  const score = (category: string) => Math.round((report.categories[category]?.score ?? 0) * 100);
  const value = (audit: string) => report.audits[audit]?.numericValue ?? Number.NaN;
  const scripts = report.audits["network-requests"]?.details?.items ?? [];
  const groups: Record<string, number> = {};
  for (const item of report.audits["mainthread-work-breakdown"]?.details?.items ?? []) {
    if (item.group) groups[item.group] = (groups[item.group] ?? 0) + (item.duration ?? 0);
  }
  return {
    performance: score("performance"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    tbtMs: value("total-blocking-time"),
    mainThreadMs: value("mainthread-work-breakdown"),
    lcpMs: value("largest-contentful-paint"),
    scriptKiB:
      scripts
        .filter((item) => item.resourceType === "Script")
        .reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024,
    groups,
  };
}

export function medianRun(runs: PageRun[]): PageRun {
  const of = (key: Exclude<keyof PageRun, "groups">) => median(runs.map((run) => run[key]));
  const groupNames = [...new Set(runs.flatMap((run) => Object.keys(run.groups ?? {})))];
  return {
    performance: of("performance"),
    bestPractices: of("bestPractices"),
    seo: of("seo"),
    tbtMs: of("tbtMs"),
    mainThreadMs: of("mainThreadMs"),
    lcpMs: of("lcpMs"),
    scriptKiB: of("scriptKiB"),
    groups: Object.fromEntries(groupNames.map((name) => [name, median(runs.map((run) => run.groups?.[name] ?? 0))])),
  };
}

/** Whether a page meets the targets against the bare page of the same run. */
export function meetsTargets(page: PageResult, bare: PageRun): boolean {
  return (
    page.tbtRatio <= PAGE_TARGETS.ratio &&
    page.mainThreadRatio <= PAGE_TARGETS.ratio &&
    page.performance >= bare.performance - PAGE_TARGETS.scoreBelowBare &&
    page.lcpMs < PAGE_TARGETS.lcpMs &&
    page.bestPractices >= PAGE_TARGETS.bestPractices
  );
}

/**
 * Runs the comparison. The site must be built (`npm run build` or `npm run build:worker`). Rounds
 * interleave the bare page among the site's pages (before every `bareEvery` pages), so a change in
 * the machine's load reaches both.
 */
export async function benchPages({
  runs = 3,
  bareEvery = 4,
  only,
  siteDir = root,
  beforeDir,
  withoutScripts = false,
}: {
  runs?: number;
  bareEvery?: number;
  only?: string[];
  /** A built checkout to measure instead of this one (another commit's build, to compare). */
  siteDir?: string;
  /** Another built checkout (the commit before a change) measured beside it, page by page, in the same rounds. */
  beforeDir?: string;
  /** Also measure the bare page and each page with their script files blocked, in the same rounds. */
  withoutScripts?: boolean;
} = {}): Promise<PagesBench> {
  for (const dir of [siteDir, ...(beforeDir ? [beforeDir] : [])]) {
    if (!existsSync(path.join(dir, ".next", "BUILD_ID"))) {
      throw new Error(`no build in ${dir}: run \`npm run build:worker\` (or \`npm run build\`) first`);
    }
  }
  const version = ensureLighthouse();
  const bareDir = buildBarePage();
  const sitePort = 4400 + Math.floor(Math.random() * 400);
  const barePort = sitePort + 400;
  const pages = only?.length ? only : benchedPages();
  const beforePort = sitePort + 800;
  const siteEnv = { QUOTA_STORE: "memory", QUOTA_SALT: "bench-pages-salt-not-a-secret" };
  let site: ChildProcess | undefined;
  let bare: ChildProcess | undefined;
  let before: ChildProcess | undefined;
  try {
    site = await startServer(siteDir, sitePort, siteEnv);
    const relativeLinks = hasRelativeCanonical(await (await fetch(`http://127.0.0.1:${sitePort}${pages[0]}`)).text());
    if (relativeLinks) {
      console.warn(
        "the build has no SITE_URL: canonical and hreflang links are relative, so SEO reads 83 on every page (build with SITE_URL=https://… to measure it)",
      );
    }
    bare = await startServer(bareDir, barePort);
    if (beforeDir) before = await startServer(beforeDir, beforePort, siteEnv);
    const bareRuns: PageRun[] = [];
    const pageRuns = new Map<string, PageRun[]>(pages.map((page) => [page, []]));
    const beforeRuns = new Map<string, PageRun[]>(pages.map((page) => [page, []]));
    const bareBlockedRuns: PageRun[] = [];
    const pageBlockedRuns = new Map<string, PageRun[]>(pages.map((page) => [page, []]));
    const runBare = () => {
      const run = lighthouse(`http://127.0.0.1:${barePort}/`);
      bareRuns.push(run);
      console.log(
        `  bare page: perf ${run.performance}, TBT ${run.tbtMs.toFixed(0)} ms, main thread ${run.mainThreadMs.toFixed(0)} ms`,
      );
      if (!withoutScripts) return;
      const blocked = lighthouse(`http://127.0.0.1:${barePort}/`, true);
      bareBlockedRuns.push(blocked);
      console.log(`  bare page without scripts: main thread ${blocked.mainThreadMs.toFixed(0)} ms`);
    };
    for (let round = 1; round <= runs; round += 1) {
      console.log(`round ${round} of ${runs} (load ${os.loadavg()[0]?.toFixed(1)})`);
      pages.forEach((page, i) => {
        if (i % bareEvery === 0) runBare();
        const measure = (port: number, into: Map<string, PageRun[]>, label: string) => {
          const run = lighthouse(`http://127.0.0.1:${port}${page}`);
          into.get(page)?.push(run);
          console.log(
            `  ${page}${label}: perf ${run.performance}, TBT ${run.tbtMs.toFixed(0)} ms, main thread ${run.mainThreadMs.toFixed(0)} ms`,
          );
        };
        // Before and after take turns going first, so neither always follows the other.
        const order = [() => measure(sitePort, pageRuns, "")];
        if (before) order[round % 2 ? "push" : "unshift"](() => measure(beforePort, beforeRuns, " (before)"));
        for (const step of order) step();
        if (withoutScripts) {
          const blocked = lighthouse(`http://127.0.0.1:${sitePort}${page}`, true);
          pageBlockedRuns.get(page)?.push(blocked);
          console.log(`  ${page} without scripts: main thread ${blocked.mainThreadMs.toFixed(0)} ms`);
        }
      });
    }
    const bareMedian = medianRun(bareRuns);
    const resultsOf = (runsByPage: Map<string, PageRun[]>, blocked?: Map<string, PageRun[]>): PageResult[] =>
      pages.map((page) => {
        const runsOf = runsByPage.get(page) ?? [];
        const result = medianRun(runsOf);
        return {
          page,
          runs: runsOf.length,
          ...result,
          tbtRatio: result.tbtMs / bareMedian.tbtMs,
          mainThreadRatio: result.mainThreadMs / bareMedian.mainThreadMs,
          ...(blocked ? { withoutScripts: medianRun(blocked.get(page) ?? []) } : {}),
        };
      });
    return {
      lighthouse: version,
      ...(relativeLinks ? { relativeLinks } : {}),
      bare: {
        ...bareMedian,
        runs: bareRuns.length,
        ...(withoutScripts ? { withoutScripts: medianRun(bareBlockedRuns) } : {}),
      },
      pages: resultsOf(pageRuns, withoutScripts ? pageBlockedRuns : undefined),
      ...(beforeDir ? { before: { commit: commitOf(beforeDir), pages: resultsOf(beforeRuns) } } : {}),
    };
  } finally {
    for (const server of [site, bare, before]) if (server) stopServer(server);
  }
}

/** Whether a page's canonical link is relative (a build made without `SITE_URL`). */
export function hasRelativeCanonical(html: string): boolean {
  const canonical = /<link\b[^>]*\brel="canonical"[^>]*>/i.exec(html)?.[0];
  const href = canonical && /\bhref="([^"]*)"/i.exec(canonical)?.[1];
  return href !== undefined && !/^https?:\/\//i.test(href);
}

function commitOf(dir: string): string {
  const result = spawnSync("git", ["-C", dir, "log", "-1", "--format=%h"], { encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim() : dir;
}

const kib = (value: number) => value.toFixed(0);
const ms = (value: number) => Math.round(value).toLocaleString("en-US");

/** The comparison as a Markdown table (docs/benchmarks.md's and `bench/results/latest.md`'s). */
export function pagesTable({ bare, pages }: PagesBench): string {
  const rows = [
    "| page | performance | TBT | main-thread work | LCP | JS | Best Practices | SEO | TBT × bare | main thread × bare |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    `| bare Next page | ${bare.performance} | ${ms(bare.tbtMs)} ms | ${ms(bare.mainThreadMs)} ms | ${ms(bare.lcpMs)} ms | ${kib(bare.scriptKiB)} KiB | ${bare.bestPractices} | ${bare.seo} | 1 | 1 |`,
  ];
  for (const page of pages) {
    rows.push(
      `| \`${page.page}\`${meetsTargets(page, bare) ? "" : " ✗"} | ${page.performance} | ${ms(page.tbtMs)} ms | ${ms(page.mainThreadMs)} ms | ${ms(page.lcpMs)} ms | ${kib(page.scriptKiB)} KiB | ${page.bestPractices} | ${page.seo} | ${page.tbtRatio.toFixed(2)} | ${page.mainThreadRatio.toFixed(2)} |`,
    );
  }
  return rows.join("\n");
}

/**
 * Where each page's main-thread work goes beyond the bare page's, by Lighthouse's groups (medians):
 * script (evaluation, parse and compile) is what code costs, style and layout what the page's
 * content and CSS cost, "other" the browser's own work around tasks.
 */
const WHERE_GROUPS = [
  { label: "script", groups: ["scriptEvaluation", "scriptParseCompile"] },
  { label: "style & layout", groups: ["styleLayout"] },
  { label: "HTML parsing", groups: ["parseHTML"] },
  { label: "paint", groups: ["paintCompositeRender"] },
  { label: "garbage collection", groups: ["garbageCollection"] },
  { label: "other", groups: ["other"] },
] as const;

export const WHERE_CAPTION =
  "Where each page's main-thread work goes beyond the bare page's (Lighthouse's groups, medians; the bare page's own in its row):";

/** Said of a run whose build had relative links (`relativeLinks`). */
export const RELATIVE_LINKS_NOTE = "built without SITE_URL, so SEO misses the canonical and hreflang audits";

export function whereTable({ bare, pages }: Pick<PagesBench, "bare" | "pages">): string {
  const sum = (run: PageRun, groups: readonly string[]) =>
    groups.reduce((total, group) => total + (run.groups?.[group] ?? 0), 0);
  const signed = (value: number) => {
    const rounded = Math.round(value);
    return `${rounded >= 0 ? "+" : "−"}${ms(Math.abs(rounded))}`;
  };
  const rows = [
    `| page | ${WHERE_GROUPS.map(({ label }) => label).join(" | ")} |`,
    `| --- | ${WHERE_GROUPS.map(() => "---").join(" | ")} |`,
    `| bare Next page | ${WHERE_GROUPS.map(({ groups }) => `${ms(sum(bare, groups))} ms`).join(" | ")} |`,
  ];
  for (const page of pages) {
    rows.push(
      `| \`${page.page}\` | ${WHERE_GROUPS.map(({ groups }) => signed(sum(page, groups) - sum(bare, groups))).join(" | ")} |`,
    );
  }
  return rows.join("\n");
}

export const SCRIPTS_CAPTION =
  "What each page's main thread costs without its script files (Lighthouse with every `.js` request blocked: its HTML and CSS, parsed, styled, laid out and painted) and what its scripts add to that (the difference of the medians), each beside the bare page's:";

/**
 * Each page's main-thread work split into what its HTML and CSS cost alone (its script files
 * blocked) and what its scripts add, beside the bare page's two parts (`--without-scripts`). Empty
 * when the run did not measure them.
 */
export function scriptsTable({ bare, pages }: Pick<PagesBench, "bare" | "pages">): string {
  const bareAlone = bare.withoutScripts?.mainThreadMs;
  if (bareAlone === undefined) return "";
  const bareScripts = bare.mainThreadMs - bareAlone;
  const rows = [
    "| page | main-thread work | without its scripts | × bare | its scripts add | × bare |",
    "| --- | --- | --- | --- | --- | --- |",
    `| bare Next page | ${ms(bare.mainThreadMs)} ms | ${ms(bareAlone)} ms | 1 | ${ms(bareScripts)} ms | 1 |`,
  ];
  for (const page of pages) {
    const alone = page.withoutScripts?.mainThreadMs;
    if (alone === undefined) continue;
    const scripts = page.mainThreadMs - alone;
    rows.push(
      `| \`${page.page}\` | ${ms(page.mainThreadMs)} ms | ${ms(alone)} ms | ${(alone / bareAlone).toFixed(2)} | ${ms(scripts)} ms | ${(scripts / bareScripts).toFixed(2)} |`,
    );
  }
  return rows.join("\n");
}

/** Each page before and after (`--before DIR`), both against the bare page of the same rounds. */
export function beforeAfterTable({ pages, before }: PagesBench): string {
  if (!before) return "";
  const rows = [
    "| page | performance | TBT | main-thread work | JS | TBT × bare | main thread × bare |",
    "| --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const page of pages) {
    const old = before.pages.find((row) => row.page === page.page);
    if (!old) continue;
    rows.push(
      `| \`${page.page}\` | ${old.performance} → ${page.performance} | ${ms(old.tbtMs)} → ${ms(page.tbtMs)} ms | ${ms(old.mainThreadMs)} → ${ms(page.mainThreadMs)} ms | ${kib(old.scriptKiB)} → ${kib(page.scriptKiB)} KiB | ${old.tbtRatio.toFixed(2)} → ${page.tbtRatio.toFixed(2)} | ${old.mainThreadRatio.toFixed(2)} → ${page.mainThreadRatio.toFixed(2)} |`,
    );
  }
  return rows.join("\n");
}

/** The document whose measured pages table a full pages run replaces, between its markers. */
export const PAGES_DOC = "docs/benchmarks.md";
const PAGES_START = "<!-- bench:pages -->";
const PAGES_END = "<!-- /bench:pages -->";

/** Replaces the measured pages table between `PAGES_DOC`'s markers with this run's. */
export function withPagesTable(doc: string, table: string, when: string): string {
  const start = doc.indexOf(PAGES_START);
  const end = doc.indexOf(PAGES_END);
  if (start < 0 || end < start) throw new Error(`${PAGES_DOC} has no ${PAGES_START} … ${PAGES_END} block`);
  return `${doc.slice(0, start + PAGES_START.length)}\n${when}\n\n${table}\n${doc.slice(end)}`;
}
