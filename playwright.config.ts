import { mkdirSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { SERVER_LOG_DIR } from "./e2e/server-logs";
import { NODE_PORT, QUOTA_NODE_PORT, QUOTA_WORKER_PORT, SMALL_QUOTA, WORKER_PORT } from "./e2e/servers";

/**
 * E2E in Debian's Chromium headless shell (package `chromium-headless-shell`, never a downloaded
 * browser; the build Playwright itself runs headless), on both runtimes the product ships on:
 * `node` (`next start`) and `worker` (the OpenNext Worker in workerd, `wrangler dev --env local`).
 * Both serve the one build `npm run build:worker` makes. With BASE_URL set, the suite runs once
 * against that deployment and starts no server.
 */
const baseUrl = process.env.BASE_URL;
// The spec reads the site's whole day in the usage view: one test at a time on those servers, so
// a repeated run (`--repeat-each`) doesn't count another repeat's run.
const QUOTA_SPEC = /lab-quota\.spec\.ts$/;
const smallQuota = { testMatch: QUOTA_SPEC, workers: 1 };
// What the browser is sent and does with it (axe, the layout checks, keyboard use: tests tagged
// `@page-checks`) comes from the one build both runtimes serve, the same pages byte for byte
// (e2e/same-pages.spec.ts, on next start). So does what a page does with the server's answers when
// those are the test's own (routed) or the offline models', which are the same code on both
// runtimes (`@client`: a refused run's words, the run's language, an injected goal). Those run on
// the Worker, the runtime the product ships on, and on a deployment. What a runtime itself does is
// checked on both: a run streamed, stopped, kept and reopened, the burst limit, the forms, the
// studio's views. Tests tagged `@node-only` run on next start alone (that comparison, and the
// console watch on one page of each kind).
const WORKER_ONLY = /@page-checks|@client/;
const NODE_ONLY = /@node-only/;
// `@local-worker`: what only the local Worker has (wrangler's simulated email, `/__scheduled`).
const LOCAL_WORKER_ONLY = /@local-worker/;
// The servers' output goes to .e2e-logs/<server>.log; a failing test prints it (e2e/server-logs.ts).
mkdirSync(SERVER_LOG_DIR, { recursive: true });

// The headless shell, not the full browser (`/usr/bin/chromium`, which Lighthouse and the benches
// use): the same engine without the browser's UI process, a quarter less time for the suite on
// two cores, where the browsers and the four servers share the CPU.
const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: "/usr/bin/chromium-headless-shell",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      // One renderer process for the site's pages, not a new one for each page the suite opens
      // (106 for the accessibility spec alone): the same suite took 375-402 s against 437-473
      // (2026-12-06, runs interleaved). A group of pages still opens side by side, sharing the
      // renderer as tabs of one site can in Chrome.
      "--process-per-site",
    ],
  },
};

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: [["list"], ["./e2e/server-logs.ts"], ["html", { open: "never" }]],
  use: {
    ...chromium,
    // A failed test keeps a screenshot of the page as it failed, and the servers' lines while it
    // ran (e2e/server-logs.ts). No trace unless asked for: recording one costs every test, kept or
    // not (the suite's CPU: 448 CPU-seconds without, 478 with DOM snapshots, 779 with the
    // screencast too, 2026-12-06). To keep every action with the DOM before and after it, the
    // network and the console of a failing test: `npx playwright test --trace retain-on-failure`.
    trace: "off",
    screenshot: "only-on-failure",
  },
  projects: baseUrl
    ? [
        {
          name: "deployed",
          use: { baseURL: baseUrl },
          testIgnore: QUOTA_SPEC,
          grepInvert: new RegExp(`${NODE_ONLY.source}|${LOCAL_WORKER_ONLY.source}`),
          metadata: { runtime: "workerd" },
        },
      ]
    : [
        {
          name: "node",
          use: { baseURL: `http://127.0.0.1:${NODE_PORT}` },
          testIgnore: QUOTA_SPEC,
          grepInvert: new RegExp(`${WORKER_ONLY.source}|${LOCAL_WORKER_ONLY.source}`),
          // The Worker beside it, which e2e/same-pages.spec.ts compares its pages with.
          metadata: { runtime: "node", twin: `http://127.0.0.1:${WORKER_PORT}` },
        },
        {
          name: "worker",
          use: { baseURL: `http://127.0.0.1:${WORKER_PORT}` },
          testIgnore: QUOTA_SPEC,
          grepInvert: NODE_ONLY,
          metadata: { runtime: "workerd" },
        },
        {
          name: "node-small-quota",
          use: { baseURL: `http://127.0.0.1:${QUOTA_NODE_PORT}` },
          ...smallQuota,
          metadata: { runtime: "node", dailyUnitsPerIp: Number(SMALL_QUOTA) },
        },
        {
          name: "worker-small-quota",
          use: { baseURL: `http://127.0.0.1:${QUOTA_WORKER_PORT}` },
          ...smallQuota,
          metadata: { runtime: "workerd", dailyUnitsPerIp: Number(SMALL_QUOTA) },
        },
      ],
  // The servers (e2e/servers.ts), started side by side; none against a deployment.
  globalSetup: baseUrl ? undefined : "./e2e/servers.ts",
});
