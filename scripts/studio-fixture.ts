// `npm run test:studio`: proves that another studio is a change in content/ alone, on the whole
// repository. For each studio of tests/fixtures/studios/ that is not content/ already, it copies
// the repository (the files git tracks or would add, node_modules hard-linked), puts the fixture in content/,
// and runs what that studio's developer and CI run: `npm run knowledge`, the Worker build,
// `npm run check`, the unit tests, the pages/quote/agent/amounts checks of
// scripts/studio-fixture/checks.ts against `next start`, and a short e2e on both runtimes.
// A failure names the fixture and the step; every fixture runs, and the run exits 1 if any failed.
//
//   npm run test:studio                      every fixture
//   npm run test:studio -- mx                one fixture
//   npm run test:studio -- mx --steps=knowledge,check   some steps (copy always runs)
//   npm run test:studio -- --keep            leave the copies in .studio-fixture/<name>/
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

const ROOT = process.cwd();
const FIXTURES = "tests/fixtures/studios";
// Inside the repository: hard links need the same file system, and it is git-ignored.
const WORK_ROOT = path.join(ROOT, ".studio-fixture");
// Pages and the calculator, the agent's offline run with its amounts, localized URLs.
const E2E_SPECS = ["e2e/site-pages.spec.ts", "e2e/lab-agent.spec.ts", "e2e/localized-urls.spec.ts"];
const STEPS = ["knowledge", "build", "check", "unit", "serve", "e2e"] as const;
type Step = (typeof STEPS)[number];

const args = process.argv.slice(2);
const KEEP = args.includes("--keep");
const onlySteps = args
  .find((arg) => arg.startsWith("--steps="))
  ?.slice("--steps=".length)
  .split(",");
const unknownStep = onlySteps?.find((step) => !(STEPS as readonly string[]).includes(step));
if (unknownStep) throw new Error(`no step "${unknownStep}": the steps are ${STEPS.join(", ")}`);
const steps = STEPS.filter((step) => !onlySteps || onlySteps.includes(step));
const named = args.filter((arg) => !arg.startsWith("--"));

const ENV = {
  CI: "true",
  NEXT_TELEMETRY_DISABLED: "1",
  WRANGLER_SEND_METRICS: "false",
};
const SERVE_ENV = {
  QUOTA_STORE: "memory",
  QUOTA_SALT: "studio-fixture-salt-not-a-secret",
  TRUSTED_IP_HEADER: "x-real-ip",
};

class StepError extends Error {}

/** Every file under `dir`, relative to it, for comparing a fixture with content/. */
function treeOf(dir: string, skip: string[] = []): Map<string, string> {
  const files = new Map<string, string>();
  for (const name of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    const file = path.join(dir, name);
    if (skip.some((prefix) => name.startsWith(prefix)) || !statSync(file).isFile()) continue;
    files.set(name, readFileSync(file, "utf8"));
  }
  return files;
}

function sameTree(a: Map<string, string>, b: Map<string, string>): boolean {
  return a.size === b.size && [...a].every(([name, text]) => b.get(name) === text);
}

function run(cwd: string, command: string, commandArgs: string[], env: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { cwd, stdio: "inherit", env: { ...process.env, ...ENV, ...env } });
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      code === 0
        ? resolve()
        : reject(
            new StepError(`${command} ${commandArgs.join(" ")}: ${signal ? `killed by ${signal}` : `exit ${code}`}`),
          ),
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
    if (server.exitCode !== null) throw new StepError(`next start exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new StepError(`${url}/api/health did not answer within ${timeoutMs / 1000} s`);
}

/** The repository as git sees it (tracked and new files, as in the work tree), node_modules hard-linked, `fixture` as content/. */
function copyRepository(fixture: string, work: string) {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const tracked = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: ROOT,
    encoding: "utf8",
  }).split("\0");
  for (const file of tracked.filter((name) => name && !name.startsWith("content/") && existsSync(name))) {
    mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
    cpSync(file, path.join(work, file));
  }
  for (const modules of ["node_modules", "tools/node22/node_modules"].filter((dir) => existsSync(dir))) {
    execFileSync("cp", ["-al", modules, path.join(work, modules)]);
    // Caches are written in place: a hard-linked one would be written in the repository's too.
    for (const cache of [".cache", ".vite", ".vite-temp"]) {
      rmSync(path.join(work, modules, cache), { recursive: true, force: true });
    }
  }
  cpSync(fixture, path.join(work, "content"), { recursive: true });
  // A repository of its own (files staged, no commit): Biome reads its .gitignore and the build
  // stamp hashes its files, instead of finding the outer repository, where the copy is ignored.
  execFileSync("git", ["init", "-q"], { cwd: work });
  execFileSync("git", ["add", "-A"], { cwd: work });
}

async function serveAndCheck(work: string) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawn("npx", ["next", "start", "--hostname", "127.0.0.1", "--port", String(port)], {
    cwd: work,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, ...ENV, ...SERVE_ENV },
    detached: true,
  });
  try {
    await waitForHealth(url, server);
    await run(work, "npx", ["tsx", "scripts/studio-fixture/checks.ts", url]);
  } finally {
    // The server's process group: npx, next and its workers.
    if (server.pid) process.kill(-server.pid, "SIGTERM");
  }
}

const STEP_RUNS: Record<Step, { title: string; run: (work: string) => Promise<void> }> = {
  knowledge: { title: "npm run knowledge", run: (work) => run(work, "npm", ["run", "knowledge"]) },
  build: { title: "npm run build:worker", run: (work) => run(work, "npm", ["run", "build:worker"]) },
  check: { title: "npm run check", run: (work) => run(work, "npm", ["run", "check"]) },
  unit: { title: "unit tests (vitest run)", run: (work) => run(work, "npx", ["vitest", "run"]) },
  serve: { title: "pages, quote, agent run and amounts against next start", run: serveAndCheck },
  e2e: {
    title: `e2e on next start and the Worker (${E2E_SPECS.map((spec) => path.basename(spec)).join(", ")})`,
    run: (work) => run(work, "npx", ["playwright", "test", ...E2E_SPECS, "--project", "node", "--project", "worker"]),
  },
};

const available = readdirSync(FIXTURES).filter((name) => statSync(path.join(FIXTURES, name)).isDirectory());
const missing = named.filter((name) => !available.includes(name));
if (missing.length)
  throw new Error(`no fixture ${missing.join(", ")} in ${FIXTURES}/ (there are ${available.join(", ")})`);
const content = treeOf("content", ["generated"]);

type Outcome = { fixture: string; seconds: Record<string, number>; failed?: string };
const outcomes: Outcome[] = [];
for (const name of named.length ? named : available) {
  const fixture = path.join(FIXTURES, name);
  if (!named.length && sameTree(treeOf(fixture), content)) {
    console.log(`\nstudio fixture ${name}: the same as content/, which npm test already covers`);
    continue;
  }
  const work = path.join(WORK_ROOT, name);
  const outcome: Outcome = { fixture: name, seconds: {} };
  outcomes.push(outcome);
  const started = Date.now();
  try {
    for (const step of ["copy", ...steps] as const) {
      const title = step === "copy" ? `copy of the repository with ${fixture} as content/` : STEP_RUNS[step].title;
      console.log(`\n=== studio fixture ${name}: ${title} ===`);
      const stepStarted = Date.now();
      try {
        if (step === "copy") copyRepository(fixture, work);
        else await STEP_RUNS[step].run(work);
      } catch (error) {
        outcome.failed = `${step} (${title}): ${(error as Error).message}`;
        throw error;
      } finally {
        outcome.seconds[step] = Math.round((Date.now() - stepStarted) / 1000);
      }
    }
  } catch (error) {
    console.error(`\nstudio fixture ${name} FAILED at ${outcome.failed}`);
    if (!(error instanceof StepError)) console.error(error);
  } finally {
    outcome.seconds.total = Math.round((Date.now() - started) / 1000);
    if (!KEEP) rmSync(work, { recursive: true, force: true });
  }
}

console.log("\nstudio fixtures, seconds per step:");
for (const { fixture, seconds, failed } of outcomes) {
  const times = Object.entries(seconds)
    .map(([step, value]) => `${step} ${value}`)
    .join(", ");
  console.log(`  ${fixture}: ${failed ? `FAILED at ${failed}` : "passed"} (${times})`);
}
if (outcomes.some((outcome) => outcome.failed)) process.exitCode = 1;
