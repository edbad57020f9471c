// Where a page load's main thread goes, in Debian's Chromium at 4x CPU slowdown (what Lighthouse's
// mobile profile simulates): a V8 CPU profile of the load and the few seconds after it (Next
// prefetches the links in view once the page is idle), summed by script and by function, with the
// long tasks and the requests the page made. Against any running server:
//   npx tsx scripts/page-profile.ts http://127.0.0.1:3000/es [more URLs…] [--save]
// `--save` writes each profile to bench/results/<page>.cpuprofile (DevTools > Performance opens it).
import { mkdirSync, writeFileSync } from "node:fs";
import { chromium } from "@playwright/test";

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

export type PageProfile = {
  url: string;
  scriptingMs: number;
  byScript: { script: string; ms: number }[];
  byFunction: { fn: string; ms: number }[];
  longTasks: { count: number; totalMs: number; longestMs: number };
  requests: string[];
};

const IDLE_FRAMES = new Set(["(idle)", "(program)", "(garbage collector)", "(root)"]);

function shortUrl(url: string): string {
  return url ? url.replace(/^https?:\/\/[^/]+/, "").replace(/\?.*$/, "") : "(native)";
}

/** Self time per script and per function of a V8 CPU profile, in ms, the most first. */
export function summarize(profile: Profile, top = 15): Pick<PageProfile, "scriptingMs" | "byScript" | "byFunction"> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const script = new Map<string, number>();
  const fn = new Map<string, number>();
  let scripting = 0;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    if (!frame || IDLE_FRAMES.has(frame.functionName)) {
      if (frame?.functionName === "(garbage collector)")
        script.set("(garbage collector)", (script.get("(garbage collector)") ?? 0) + ms);
      return;
    }
    scripting += ms;
    const where = shortUrl(frame.url);
    script.set(where, (script.get(where) ?? 0) + ms);
    const name = `${frame.functionName || "(anonymous)"} ${where}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    fn.set(name, (fn.get(name) ?? 0) + ms);
  });
  const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]).slice(0, top);
  return {
    scriptingMs: scripting,
    byScript: sorted(script).map(([s, ms]) => ({ script: s, ms })),
    byFunction: sorted(fn).map(([f, ms]) => ({ fn: f, ms })),
  };
}

/** Loads `url` at 4x CPU slowdown and profiles it until `settleMs` after the load event. */
export async function profilePage(
  url: string,
  { settleMs = 4000, blockPrefetch = false } = {},
): Promise<PageProfile & { profile: Profile }> {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
    const page = await context.newPage();
    const requests: string[] = [];
    // What the page costs without Next's prefetches of the links in view (a diagnosis, not a fix).
    if (blockPrefetch) await page.route(/[?&]_rsc=/, (route) => route.abort());
    page.on("request", (request) =>
      requests.push(shortUrl(request.url()) + (request.url().includes("_rsc=") ? " (rsc)" : "")),
    );
    await page.addInitScript(() => {
      const tasks: number[] = [];
      (window as unknown as { __longTasks: number[] }).__longTasks = tasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push(entry.duration);
      }).observe({ type: "longtask", buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
    await page.goto(url, { waitUntil: "load" });
    await page.waitForTimeout(settleMs);
    const { profile } = (await cdp.send("Profiler.stop")) as { profile: Profile };
    const tasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
    return {
      url,
      ...summarize(profile),
      longTasks: {
        count: tasks.length,
        totalMs: tasks.reduce((a, b) => a + b, 0),
        longestMs: Math.max(0, ...tasks),
      },
      requests,
      profile,
    };
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const save = process.argv.includes("--save");
  for (const url of process.argv.slice(2).filter((arg) => !arg.startsWith("--"))) {
    const { profile, ...result } = await profilePage(url, { blockPrefetch: process.argv.includes("--block-prefetch") });
    console.log(
      `\n${url}: scripting ${result.scriptingMs.toFixed(0)} ms at 4x, long tasks ${result.longTasks.count} (${result.longTasks.totalMs.toFixed(0)} ms, longest ${result.longTasks.longestMs.toFixed(0)}), ${result.requests.length} requests (${result.requests.filter((r) => r.endsWith("(rsc)")).length} RSC)`,
    );
    for (const { script, ms } of result.byScript) console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${script}`);
    console.log("  by function (self time):");
    for (const { fn, ms } of result.byFunction) console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${fn}`);
    if (save) {
      mkdirSync("bench/results", { recursive: true });
      const name = new URL(url).pathname.replace(/\W+/g, "-").replace(/^-|-$/g, "") || "home";
      writeFileSync(`bench/results/${name}.cpuprofile`, JSON.stringify(profile));
    }
  }
}
