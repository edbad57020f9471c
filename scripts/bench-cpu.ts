// CPU per request of the built Worker in workerd, read from outside: the Linux CPU ticks
// (utime + stime, /proc/<pid>/stat) of the `workerd` process that runs the Worker, over sequential
// requests. What the figure includes: everything that process does while serving them (the
// Worker's JavaScript, workerd's own HTTP and asset handling, garbage collection), measured after
// warm-up requests so isolate start-up and first-use work are excluded. What it leaves out: the
// time an agent run waits on its model (the replayed stream arrives at once), and wrangler's own
// proxy process. Ticks are 10 ms, so requests are counted in batches and each row gives the median
// of the batches and their spread.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const TICK_MS = 1000 / 100; // CLK_TCK is 100 on Linux
const PORT = Number(process.env.BENCH_PORT ?? 8791);
const INSPECTOR_PORT = PORT + 1000;
const BASE = `http://127.0.0.1:${PORT}`;

export type CpuRow = {
  request: string;
  requests: number;
  batch: number;
  medianMs: number;
  minMs: number;
  maxMs: number;
  note?: string;
};

function ticksOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

function parentOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return 0;
  }
}

/** The `workerd` processes below `root` (wrangler runs one for its proxy, one for the Worker). */
function workerdProcesses(root: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!pid) continue;
    let comm = "";
    try {
      comm = readFileSync(`/proc/${pid}/comm`, "utf8").trim();
    } catch {
      continue;
    }
    if (comm !== "workerd") continue;
    for (let p = parentOf(pid); p > 1; p = parentOf(p)) {
      if (p === root) {
        found.push(pid);
        break;
      }
    }
  }
  return found;
}

async function waitUntilUp(server: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error(`wrangler dev exited with ${server.exitCode}`);
    const up = await fetch(`${BASE}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the Worker did not answer on ${BASE} within 150 s`);
}

type Request = () => Promise<void>;

async function get(pathname: string, headers: Record<string, string> = {}): Promise<void> {
  const response = await fetch(`${BASE}${pathname}`, { headers });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`GET ${pathname}: ${response.status}`);
}

/** One agent run, read to its end; the run's `data-done` reason must be `answered`. */
async function agentRun(goal: string): Promise<void> {
  const response = await fetch(`${BASE}/api/agent`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ goal, locale: "es" }),
  });
  const body = await response.text();
  if (!response.ok) throw new Error(`POST /api/agent: ${response.status} ${body.slice(0, 200)}`);
  const reason = /"type":"data-done","data":\{"reason":"(\w+)"/.exec(body)?.[1];
  if (reason !== "answered") throw new Error(`POST /api/agent ended with ${reason ?? "no data-done"}`);
}

/**
 * The Worker's process: of wrangler's `workerd` processes, the one that spends CPU on a request.
 * Guessing wrong would measure wrangler's proxy, so the choice is checked on 20 page requests.
 */
async function workerProcess(root: number): Promise<number> {
  const pids = workerdProcesses(root);
  if (pids.length === 0) throw new Error("no workerd process found under wrangler dev");
  const before = pids.map(ticksOf);
  for (let i = 0; i < 20; i++) await get("/es");
  const spent = pids.map((pid, i) => ticksOf(pid) - (before[i] ?? 0));
  return pids[spent.indexOf(Math.max(...spent))] as number;
}

async function measure(pid: number, request: string, send: Request, batches: number, batch: number) {
  for (let i = 0; i < Math.max(3, batch); i++) await send(); // warm-up
  const perRequest: number[] = [];
  for (let b = 0; b < batches; b++) {
    const start = ticksOf(pid);
    for (let i = 0; i < batch; i++) await send();
    perRequest.push(((ticksOf(pid) - start) * TICK_MS) / batch);
  }
  const sorted = [...perRequest].sort((a, b) => a - b);
  const row: CpuRow = {
    request,
    requests: batches * batch,
    batch,
    medianMs: sorted[Math.floor(sorted.length / 2)] ?? 0,
    minMs: sorted[0] ?? 0,
    maxMs: sorted.at(-1) ?? 0,
  };
  console.log(
    `  ${request}: ${row.medianMs.toFixed(1)} ms (batches ${row.minMs.toFixed(1)}–${row.maxMs.toFixed(1)}, ${row.requests} requests)`,
  );
  return row;
}

async function withWorker<T>(vars: string[], work: (pid: number) => Promise<T>): Promise<T> {
  const args = ["scripts/node22.mjs", "node", path.join("node_modules", "wrangler", "bin", "wrangler.js"), "dev"];
  args.push("--env", "bench", "--ip", "127.0.0.1", "--port", String(PORT));
  args.push("--inspector-port", String(INSPECTOR_PORT), "--show-interactive-dev-session=false");
  for (const v of vars) args.push("--var", v);
  const server = spawn(process.execPath, args, {
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
    detached: true,
  });
  let stderr = "";
  server.stderr?.on("data", (data: Buffer) => {
    stderr = (stderr + data.toString()).slice(-4000);
  });
  try {
    await waitUntilUp(server);
    return await work(await workerProcess(server.pid as number));
  } catch (error) {
    if (stderr) console.error(stderr);
    throw error;
  } finally {
    // The whole group: wrangler, its node22 wrapper and both workerd processes.
    if (server.pid) process.kill(-server.pid, "SIGTERM");
  }
}

export const BAKERY_GOAL = "Quiero un sitio con blog para mi panadería, ¿cuánto cuesta y cuánto tarda?";

function staticAsset(): string {
  const dir = ".open-next/assets/_next/static/chunks";
  const file = readdirSync(dir).find((name) => name.endsWith(".js"));
  if (!file) throw new Error(`no script in ${dir}`);
  return `/_next/static/chunks/${file}`;
}

/** Null when there is no build to measure. */
export async function measureWorkerCpu(): Promise<CpuRow[] | null> {
  if (!existsSync(".open-next/worker.js")) return null;
  if (!existsSync(".open-next/assets/cdn-cgi/_next_cache")) {
    console.log("  note: no static-assets page cache in .open-next/assets: rebuild with `npm run build:worker`");
  }
  const pages = ["/es", "/en/lab/agent", "/es/services/website-with-blog"];
  const rows = await withWorker([], async (pid) => {
    const out: CpuRow[] = [];
    for (const page of pages) out.push(await measure(pid, `GET ${page}`, () => get(page), 5, 20));
    out.push(await measure(pid, "GET /api/health", () => get("/api/health"), 5, 20));
    const asset = staticAsset();
    out.push({ ...(await measure(pid, "GET /_next/static asset", () => get(asset), 5, 20)), note: asset });
    out.push(await measure(pid, "POST /api/agent, offline planner", () => agentRun(BAKERY_GOAL), 6, 5));
    return out;
  });
  const replay = await withWorker(["BENCH_REPLAY_MODEL:gemma-bakery"], (pid) =>
    measure(pid, "POST /api/agent, replayed Gemma stream", () => agentRun(BAKERY_GOAL), 6, 5),
  );
  return [...rows, replay];
}
