// `npm run test:studio`: proves that another studio is a change in content/ alone. It copies the
// site's code next to a second studio's content (tests/fixtures/studio-us: USD, English only, its
// own word and path for the quote), then runs what a new studio runs: `npm run knowledge`, one
// `next build --webpack`, `next start`, and the checks in scripts/studio-fixture/checks.ts against it
// (pages, redirects, a quote range, an offline agent run and the amounts check).
import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

const ROOT = process.cwd();
// `-- --keep` leaves the built copy in .studio-fixture/ to look into.
const KEEP = process.argv.includes("--keep");
const FIXTURE = process.argv.slice(2).find((arg) => !arg.startsWith("--")) ?? "tests/fixtures/studio-us/content";
// Inside the repository, so the copy resolves the repository's node_modules by walking up
// (a symlinked node_modules would point outside the bundler's root).
const WORK = path.join(ROOT, ".studio-fixture");
// The site and what builds it; not tests/, e2e/ or the bench, which are written for the demo studio.
const SITE_FILES = [
  "app",
  "components",
  "lib",
  "scripts/knowledge.ts",
  "scripts/studio-fixture",
  "next.config.ts",
  "open-next.config.ts",
  "instrumentation.ts",
  "cloudflare-env.d.ts",
  "tsconfig.json",
  "package.json",
];

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: WORK, stdio: "inherit", env: { ...process.env, ...env } });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")}: exit ${code}`)),
    );
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`next start exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url}/api/health did not answer within ${timeoutMs / 1000} s`);
}

const ENV = {
  NEXT_TELEMETRY_DISABLED: "1",
  QUOTA_STORE: "memory",
  QUOTA_SALT: "studio-fixture-salt-not-a-secret",
  TRUSTED_IP_HEADER: "x-real-ip",
};

let server: ChildProcess | undefined;
try {
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK);
  for (const file of SITE_FILES) {
    if (existsSync(file)) cpSync(file, path.join(WORK, file), { recursive: true });
  }
  cpSync(FIXTURE, path.join(WORK, "content"), { recursive: true });

  await run("npx", ["tsx", "scripts/knowledge.ts"]);
  // As the Worker is built (`npm run build`): webpack, not Turbopack.
  await run("npx", ["next", "build", "--webpack"], ENV);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  server = spawn("npx", ["next", "start", "--hostname", "127.0.0.1", "--port", String(port)], {
    cwd: WORK,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, ...ENV },
    detached: true,
  });
  await waitForHealth(url, server);
  await run("npx", ["tsx", "scripts/studio-fixture/checks.ts", url]);
} catch (error) {
  console.error(`studio fixture: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  // The server's process group: npx, next and its workers.
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
  if (!KEEP) rmSync(WORK, { recursive: true, force: true });
}
