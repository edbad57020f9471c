// CPU per request of the built Worker, read from outside. The Worker runs alone in a workerd
// process of its own: wrangler bundles it as it would for a deploy (`deploy --dry-run`), and the
// bench starts workerd on a config that serves that bundle on a socket, with its `ASSETS` binding
// on workerd's built-in disk service (static files and the prerendered-page cache). No wrangler
// dev, no proxy or asset-router Workers and no inspector share the process, so what it spends is
// the Worker's. The figure is the CPU time of workerd's main thread (`se.sum_exec_runtime` in
// /proc/<pid>/task/<pid>/sched, in nanoseconds), which runs the isolate, HTTP and the disk service;
// V8's background threads (concurrent GC, compilation) are reported beside it. It is read around
// each request after warm-up, so isolate start-up and first-use work are excluded, and so is the
// time an agent run waits on its model.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { BENCH_RECORDING, BENCH_REPLAY_SERVICE } from "../bench/replay/replay-binding";
import { sseEventsOf } from "../bench/replay/replay-stream";
import { SITE } from "../lib/content/site";
import { DEFAULT_LOCALE, LOCALES } from "../lib/i18n/config";
import { LAB_PAGES } from "../lib/site/nav";
import { paths } from "../lib/site/paths";

const PORT = Number(process.env.BENCH_PORT ?? 8791);
const FILES_PORT = PORT + 1;
const BASE = `http://127.0.0.1:${PORT}`;
const BUNDLE_DIR = path.join(".open-next", "bench");
const REPLAY_BUNDLE_DIR = path.join(".open-next", "bench-replay");
// The deploy bundle's entry with the bench's replaying `AI` binding around it: wrangler bundles the
// two together, so the product's code is the same as in the plain bundle.
const REPLAY_ENTRY = path.join(".open-next", "bench-replay-entry.mjs");

export type CpuRow = {
  request: string;
  requests: number;
  medianMs: number;
  p90Ms: number;
  minMs: number;
  /** All of workerd's threads (V8's background GC and compilation too), median. */
  allThreadsMs: number;
  note?: string;
};

/** Nanoseconds of CPU one thread has used (the kernel's scheduler accounting). */
function threadCpuMs(pid: number, tid: number): number {
  const sched = readFileSync(`/proc/${pid}/task/${tid}/sched`, "utf8");
  const match = /se\.sum_exec_runtime\s*:\s*([\d.]+)/.exec(sched);
  if (!match) throw new Error(`no se.sum_exec_runtime in /proc/${pid}/task/${tid}/sched`);
  return Number(match[1]);
}

type Sample = { main: number; all: number };

function sample(pid: number): Sample {
  let all = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      all += threadCpuMs(pid, Number(tid));
    } catch {
      // A thread that ended between the listing and the read.
    }
  }
  return { main: threadCpuMs(pid, pid), all };
}

/** The deploy bundle of the built Worker, as wrangler would upload it (or of `entry` around it). */
function bundleWorker(outdir = BUNDLE_DIR, entry?: string): string {
  execFileSync(
    process.execPath,
    [
      "scripts/node22.mjs",
      "node",
      path.join("node_modules", "wrangler", "bin", "wrangler.js"),
      "deploy",
      "--dry-run",
      "--env",
      "local",
      "--outdir",
      outdir,
      ...(entry ? [entry] : []),
    ],
    { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, WRANGLER_SEND_METRICS: "false" } },
  );
  const bundle = readdirSync(outdir).find((name) => /\.m?js$/.test(name));
  if (!bundle) throw new Error(`wrangler wrote no bundle in ${outdir}`);
  return path.join(outdir, bundle);
}

function bundleReplayWorker(): string {
  writeFileSync(
    REPLAY_ENTRY,
    [
      'import worker from "./worker.js";',
      'import { withReplayBinding } from "../bench/replay/replay-binding.ts";',
      "export default withReplayBinding(worker);",
      "",
    ].join("\n"),
  );
  return bundleWorker(REPLAY_BUNDLE_DIR, REPLAY_ENTRY);
}

/** The compatibility date and flags the deployed Worker runs with (wrangler.toml's top level). */
function compatibility(): { date: string; flags: string[] } {
  const toml = readFileSync("wrangler.toml", "utf8");
  const date = /^compatibility_date\s*=\s*"([^"]+)"/m.exec(toml)?.[1];
  const flags = /^compatibility_flags\s*=\s*\[([^\]]*)\]/m.exec(toml)?.[1];
  if (!date || flags === undefined) throw new Error("wrangler.toml has no compatibility_date or compatibility_flags");
  return { date, flags: [...flags.matchAll(/"([^"]+)"/g)].map((m) => m[1] as string) };
}

/**
 * The bench Worker's variables: the local environment's (quota in memory), with quotas large
 * enough for a hundred runs in a row. A Worker with these settings refuses a real quota store.
 */
const BENCH_VARS: Record<string, string> = {
  NEXTJS_ENV: "production",
  QUOTA_STORE: "memory",
  QUOTA_SALT: "local-preview-salt-not-a-secret",
  QUOTA_DAILY_UNITS_PER_IP: "100000",
  QUOTA_DAILY_UNITS_SITE: "100000",
  QUOTA_BURST_PER_MINUTE: "0",
};

/** Vars, and service bindings to servers on loopback (name -> "127.0.0.1:port"). */
type WorkerSettings = { vars?: Record<string, string>; services?: Record<string, string> };

function workerdConfig(bundle: string, { vars = {}, services = {} }: WorkerSettings): string {
  const { date, flags } = compatibility();
  const text = (value: string) => JSON.stringify(value);
  const bindings = [
    '(name = "ASSETS", service = "assets")',
    ...Object.entries({ ...BENCH_VARS, ...vars }).map(
      ([name, value]) => `(name = ${text(name)}, text = ${text(value)})`,
    ),
    ...Object.keys(services).map((name) => `(name = ${text(name)}, service = ${text(`svc-${name}`)})`),
  ];
  const external = Object.entries(services).map(
    ([name, address]) => `(name = ${text(`svc-${name}`)}, external = (address = ${text(address)}, http = ())),`,
  );
  return `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "worker", worker = .worker),
    (name = "assets", disk = (path = ${text(path.resolve(".open-next", "assets"))}, writable = false)),
    ${external.join("\n    ")}
  ],
  sockets = [
    (name = "http", address = "127.0.0.1:${PORT}", http = (), service = "worker"),
    (name = "files", address = "127.0.0.1:${FILES_PORT}", http = (), service = "assets"),
  ],
);
const worker :Workerd.Worker = (
  modules = [(name = "worker.js", esModule = embed ${text(path.basename(bundle))})],
  compatibilityDate = ${text(date)},
  compatibilityFlags = [${flags.map(text).join(", ")}],
  bindings = [
    ${bindings.join(",\n    ")},
  ],
);
`;
}

async function waitUntilUp(server: ChildProcess, output: () => string): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error(`workerd exited with ${server.exitCode}: ${output()}`);
    const up = await fetch(`${BASE}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the Worker did not answer on ${BASE} within 60 s: ${output()}`);
}

type Send = () => Promise<void>;

// Cloudflare's edge sets this on every request; the quota keys visitors by it on Workers.
const VISITOR = { "cf-connecting-ip": "203.0.113.7" };

async function get(url: string): Promise<void> {
  const response = await fetch(url, { headers: VISITOR });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
}

/** One agent run, read to its end; the run's `data-done` reason must be `answered`. */
async function agentRun(goal: string): Promise<void> {
  const response = await fetch(`${BASE}/api/agent`, {
    method: "POST",
    headers: { "content-type": "application/json", ...VISITOR },
    body: JSON.stringify({ goal, locale: DEFAULT_LOCALE }),
  });
  const body = await response.text();
  if (!response.ok) throw new Error(`POST /api/agent: ${response.status} ${body.slice(0, 200)}`);
  const reason = /"type":"data-done","data":\{"reason":"(\w+)"/.exec(body)?.[1];
  if (reason !== "answered") throw new Error(`POST /api/agent ended with ${reason ?? "no data-done"}`);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? 0;

async function measure(pid: number, request: string, send: Send, requests: number, warmUp = 5): Promise<CpuRow> {
  for (let i = 0; i < warmUp; i++) await send();
  const main: number[] = [];
  const all: number[] = [];
  for (let i = 0; i < requests; i++) {
    const before = sample(pid);
    await send();
    const after = sample(pid);
    main.push(after.main - before.main);
    all.push(after.all - before.all);
  }
  const row: CpuRow = {
    request,
    requests,
    medianMs: median(main),
    p90Ms: percentile(main, 0.9),
    minMs: Math.min(...main),
    allThreadsMs: median(all),
  };
  console.log(
    `  ${request}: ${row.medianMs.toFixed(2)} ms (p90 ${row.p90Ms.toFixed(2)}, all threads ${row.allThreadsMs.toFixed(2)}, ${requests} requests)`,
  );
  return row;
}

const WORKERD = path.join("node_modules", "workerd", "bin", "workerd");

async function withWorker<T>(bundle: string, settings: WorkerSettings, work: (pid: number) => Promise<T>) {
  const dir = path.dirname(bundle);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "config.capnp"), workerdConfig(bundle, settings));
  const server = spawn(path.resolve(WORKERD), ["serve", "config.capnp"], {
    cwd: dir,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  server.stderr?.on("data", (data: Buffer) => {
    stderr = (stderr + data.toString()).slice(-4000);
  });
  try {
    await waitUntilUp(server, () => stderr);
    return await work(server.pid as number);
  } catch (error) {
    if (stderr) console.error(stderr);
    throw error;
  } finally {
    // Gone before the next Worker takes its port: else the next one's health check reaches this one.
    const exited = server.exitCode === null ? once(server, "exit") : Promise.resolve();
    server.kill("SIGTERM");
    await exited;
  }
}

/** The recording's goal: the replayed runs must ask what the recorded model answered. */
export const BAKERY_GOAL = BENCH_RECORDING.goal;

function staticAsset(): string {
  const dir = ".open-next/assets/_next/static/chunks";
  const file = readdirSync(dir).find((name) => name.endsWith(".js"));
  if (!file) throw new Error(`no script in ${dir}`);
  return `/_next/static/chunks/${file}`;
}

/** A replayed Gemma stream at this many tokens a second (one SSE event a token). */
const REPLAY_TOKENS_PER_SECOND = 50;

/**
 * The bench's model server on loopback: streams call N of the recording at `/calls/N`, one SSE
 * event a token at `tokensPerSecond`, each written to the socket on its own as Workers AI's are.
 * The Worker reaches it through a service binding (`BENCH_REPLAY_SERVICE`), so its tokens arrive
 * as socket reads, and this server's own CPU is not the Worker's.
 */
async function withReplayServer<T>(tokensPerSecond: number, work: (address: string) => Promise<T>): Promise<T> {
  const gapMs = 1000 / tokensPerSecond;
  const server = createServer(async (request, response) => {
    const index = Number(/^\/calls\/(\d+)$/.exec(request.url ?? "")?.[1]);
    const call = BENCH_RECORDING.calls[index];
    if (!call) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": "text/event-stream" });
    let closed = false;
    response.on("close", () => {
      closed = true;
    });
    for (const event of sseEventsOf(call, index)) {
      if (closed) return;
      response.write(event);
      await new Promise((resolve) => setTimeout(resolve, gapMs));
    }
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  try {
    return await work(`127.0.0.1:${port}`);
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

/** Null when there is no build to measure, or no per-thread CPU accounting on this kernel. */
export async function measureWorkerCpu(): Promise<CpuRow[] | null> {
  if (!existsSync(".open-next/worker.js")) return null;
  if (!existsSync(`/proc/${process.pid}/task/${process.pid}/sched`)) {
    console.log("  no /proc/<pid>/task/<tid>/sched on this kernel: CPU per request not measured");
    return null;
  }
  if (!existsSync(".open-next/assets/cdn-cgi/_next_cache")) {
    console.log("  note: no static-assets page cache in .open-next/assets: rebuild with `npm run build:worker`");
  }
  const bundle = bundleWorker();
  // The studio's home, its Lab agent in its last language and the page of its service with the
  // most extras (the first of them: the demo's website with a blog), the longest a service page gets.
  const service = SITE.services.reduce<(typeof SITE.services)[number] | undefined>(
    (most, next) => (!most || next.extras.length > most.extras.length ? next : most),
    undefined,
  );
  const pages = [
    paths.home(DEFAULT_LOCALE),
    LAB_PAGES.agent?.(LOCALES.at(-1) ?? DEFAULT_LOCALE),
    service ? paths.service(DEFAULT_LOCALE, service.text[DEFAULT_LOCALE].slug) : undefined,
  ].filter((page) => page !== undefined);
  const rows = await withWorker(bundle, {}, async (pid) => {
    const out: CpuRow[] = [];
    for (const page of pages) out.push(await measure(pid, `GET ${page}`, () => get(`${BASE}${page}`), 100));
    out.push(await measure(pid, "GET /api/health", () => get(`${BASE}/api/health`), 100));
    const asset = `http://127.0.0.1:${FILES_PORT}${staticAsset()}`;
    out.push({
      ...(await measure(
        pid,
        "a static file from workerd's disk service, no Worker (the floor)",
        () => get(asset),
        100,
      )),
      note: "on Cloudflare, static files are served before the Worker and cost it nothing",
    });
    out.push(await measure(pid, "POST /api/agent, offline planner", () => agentRun(BAKERY_GOAL), 20));
    return out;
  });
  const replay = bundleReplayWorker();
  const instant = await withWorker(replay, {}, (pid) =>
    measure(pid, "POST /api/agent, replayed Gemma stream, all at once", () => agentRun(BAKERY_GOAL), 20),
  );
  const paced = await withReplayServer(REPLAY_TOKENS_PER_SECOND, (address) =>
    withWorker(replay, { services: { [BENCH_REPLAY_SERVICE]: address } }, (pid) =>
      measure(
        pid,
        `POST /api/agent, replayed Gemma stream at ${REPLAY_TOKENS_PER_SECOND} tokens/s over a socket`,
        () => agentRun(BAKERY_GOAL),
        8,
        2,
      ),
    ),
  );
  return [...rows, instant, paced];
}
