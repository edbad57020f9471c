import { spawn } from "node:child_process";
import { logTo } from "./server-logs";
import { portTaken, refuseReuse } from "./server-reuse";

/**
 * The servers the e2e suite runs against, and its global setup, which starts them side by side.
 * Playwright's own `webServer` starts them one after the other: the first test 15.5-16.8 s after
 * the start, the CPU half idle meanwhile, against 12.8-13.7 s here (2026-12-06). Its rules are
 * kept, but stricter: a port already taken fails the run, unless `E2E_REUSE_SERVERS=1` asks to
 * reuse what answers there (never on CI; e2e/server-reuse.ts), one that exits
 * or hasn't answered by its timeout fails the run (its output: `.e2e-logs/<name>.log`, printed by
 * e2e/server-logs.ts), and each is stopped with its process group when the run ends.
 */

// Ports can move (E2E_NODE_PORT, E2E_WORKER_PORT) when a second suite runs on the same machine.
export const NODE_PORT = Number(process.env.E2E_NODE_PORT ?? 3100);
export const WORKER_PORT = Number(process.env.E2E_WORKER_PORT ?? 8787);
// A second pair of servers with a 3-unit day per visitor, for the spec that spends a whole day's
// units (e2e/lab-quota.spec.ts); every other spec runs against the servers with the default limits.
export const SMALL_QUOTA = "3";
export const QUOTA_NODE_PORT = NODE_PORT + 50;
export const QUOTA_WORKER_PORT = WORKER_PORT + 50;
// The default servers' site-wide day, far above the product's 120 units: the Lab's specs run with
// `--repeat-each 3` (a flake hunt) spent all 120 on one server in their third pass, which then
// failed as 429s. The site's limit itself is the quota's unit tests' (tests/quota/).
const SUITE_SITE_UNITS = "100000";

type Server = { name: string; command: string; env?: Record<string, string>; port: number; timeoutMs: number };

// Off Workers only the header named by TRUSTED_IP_HEADER says who the visitor is (the pages send
// it as the test's IP).
const NEXT_START_ENV = {
  QUOTA_STORE: "memory",
  QUOTA_SALT: "local-preview-salt-not-a-secret",
  TRUSTED_IP_HEADER: "x-real-ip",
};

function wranglerDev(port: number, vars: string): string {
  return `node scripts/node22.mjs wrangler dev --env local ${vars} --ip 127.0.0.1 --port ${port} --inspector-port ${port + 1000} --show-interactive-dev-session=false`;
}

const node: Server = {
  name: "node",
  command: `next start --hostname 127.0.0.1 --port ${NODE_PORT}`,
  env: {
    ...NEXT_START_ENV,
    QUOTA_DAILY_UNITS_SITE: SUITE_SITE_UNITS,
    // The studio's inbox, as wrangler.toml's [env.local] opens it: a key that is not a secret.
    INBOX_SECRET: "local-preview-inbox-key-not-a-secret",
  },
  port: NODE_PORT,
  timeoutMs: 60_000,
};
const worker: Server = {
  name: "worker",
  command: wranglerDev(WORKER_PORT, `--test-scheduled --var QUOTA_DAILY_UNITS_SITE:${SUITE_SITE_UNITS}`),
  port: WORKER_PORT,
  timeoutMs: 120_000,
};
const nodeSmallQuota: Server = {
  name: "node-small-quota",
  command: `next start --hostname 127.0.0.1 --port ${QUOTA_NODE_PORT}`,
  env: { ...NEXT_START_ENV, QUOTA_DAILY_UNITS_PER_IP: SMALL_QUOTA },
  port: QUOTA_NODE_PORT,
  timeoutMs: 60_000,
};
const workerSmallQuota: Server = {
  name: "worker-small-quota",
  command: wranglerDev(QUOTA_WORKER_PORT, `--var QUOTA_DAILY_UNITS_PER_IP:${SMALL_QUOTA}`),
  port: QUOTA_WORKER_PORT,
  timeoutMs: 120_000,
};

/**
 * What starts side by side: each list one server after the other. The two `wrangler dev` share
 * `.wrangler/state` (the local KV, R2 and Durable Objects' SQLite files, and the pages' cache
 * `populateCache` fills): started at the same moment, one can find a database locked
 * (SQLITE_BUSY) and exit.
 */
const STARTS: Server[][] = [[node], [nodeSmallQuota], [worker, workerSmallQuota]];

const healthUrl = (server: Server) => `http://127.0.0.1:${server.port}/api/health`;

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

/** Starts `server` unless it already answers; resolves with how to stop it once it answers. */
async function start(server: Server): Promise<() => void> {
  const url = healthUrl(server);
  if (await portTaken(server.port)) {
    const refused = refuseReuse(server, process.env);
    if (refused) throw new Error(refused);
    if (!(await answers(url))) throw new Error(`port ${server.port} is taken by something that doesn't answer ${url}`);
    return () => {};
  }
  const child = spawn(logTo(server.name, server.command), {
    shell: true,
    detached: true,
    stdio: "ignore",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", ...server.env },
  });
  // The whole process group: the shell, the server and what it starts (wrangler's workerd).
  const stop = () => {
    try {
      if (child.pid) process.kill(-child.pid, "SIGKILL");
    } catch {
      // already gone
    }
  };
  process.once("exit", stop);
  const deadline = Date.now() + server.timeoutMs;
  while (!(await answers(url))) {
    const exit = child.exitCode ?? child.signalCode;
    if (exit !== null || Date.now() > deadline) {
      stop();
      const why = exit !== null ? `exited (${exit})` : `took over ${server.timeoutMs} ms`;
      throw new Error(`the ${server.name} server ${why} before it answered ${url}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return stop;
}

export default async function startServers(): Promise<() => Promise<void>> {
  const stops: (() => void)[] = [];
  const started = await Promise.allSettled(
    STARTS.map(async (list) => {
      for (const server of list) stops.push(await start(server));
    }),
  );
  const stopAll = async () => {
    for (const stop of stops) stop();
  };
  const failed = started.find((result) => result.status === "rejected");
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  return stopAll;
}
