import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { reportSmoke, runSmoke, waitUntilUp } from "./smoke/checks";

// `npm run smoke:workerd`: the smoke checks against the built Worker in workerd (`wrangler dev
// --env local`, no network, the offline planner), as CI runs them after the e2e suite. It needs
// the build `npm test` (or `npm run build:worker`) leaves in .open-next/.
const port = Number(process.env.SMOKE_WORKER_PORT || 8788);
// `localhost`, not 127.0.0.1: wrangler dev hands the Worker `localhost:<port>` as its own URL for
// requests to its listening address, and the Lab's same-origin gate compares the Origin with it.
const origin = `http://localhost:${port}`;

if (!existsSync(".open-next/worker.js")) {
  console.error("No Worker build in .open-next/: run `npm run build:worker` first.");
  process.exit(1);
}

const server = spawn(
  "node",
  [
    "scripts/node22.mjs",
    "wrangler",
    "dev",
    "--env",
    "local",
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    "--inspector-port",
    String(port + 1000),
    "--show-interactive-dev-session=false",
  ],
  // Its own process group, so stopping it also stops workerd.
  { detached: true, stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, WRANGLER_SEND_METRICS: "false" } },
);
let exited = false;
server.on("exit", () => {
  exited = true;
});
const stop = () => {
  if (!exited && server.pid) process.kill(-server.pid, "SIGTERM");
};
process.on("SIGINT", () => {
  stop();
  process.exit(130);
});

let code = 1;
try {
  await waitUntilUp(origin, 120_000, { intervalMs: 500, stillRunning: () => !exited });
  console.log(`Smoke checks against the Worker in workerd at ${origin}`);
  code = reportSmoke(await runSmoke(origin, { model: "offline" }));
} catch (error) {
  console.error(exited ? "wrangler dev exited before the Worker answered /api/health" : (error as Error).message);
} finally {
  stop();
}
process.exit(code);
