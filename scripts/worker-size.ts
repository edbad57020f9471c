// `npm run size`: the Worker's upload size, raw and gzip, as `wrangler deploy --dry-run` reports
// it for the deploy environment. The free plan's limit is 3 MiB gzip.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { LEFT_OUT, stubFunction } from "./trim-server-bundle";
import { type BundleInput, bundleInputs, packageOf } from "./worker-bundle";

export const FREE_PLAN_GZIP_LIMIT_KIB = 3 * 1024;
/** `tests/worker-size.test.ts` fails past this (85% of the free plan's limit) and warns past the next (the size this build aims to stay under). */
export const WORKER_GZIP_FAIL_KIB = 2600;
export const WORKER_GZIP_WARN_KIB = 1500;

export type SizeVerdict = { ok: boolean; warning?: string };

/** Whether a Worker of `gzipKiB` passes, and the warning it earns on the way to the limit. */
export function sizeVerdict(gzipKiB: number): SizeVerdict {
  const line = `the Worker is ${gzipKiB.toFixed(0)} KiB gzip: the test fails past ${WORKER_GZIP_FAIL_KIB} KiB (the free plan's limit is ${FREE_PLAN_GZIP_LIMIT_KIB})`;
  if (gzipKiB > WORKER_GZIP_FAIL_KIB) return { ok: false, warning: line };
  if (gzipKiB > WORKER_GZIP_WARN_KIB) return { ok: true, warning: line };
  return { ok: true };
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export type WorkerSize = { rawKiB: number; gzipKiB: number };

export function parseWranglerSize(output: string): WorkerSize {
  const match = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(output);
  if (!match?.[1] || !match[2]) throw new Error(`no "Total Upload" line in wrangler's output:\n${output}`);
  return { rawKiB: Number(match[1]), gzipKiB: Number(match[2]) };
}

export function workerIsBuilt(): boolean {
  return existsSync(path.join(root, ".open-next", "worker.js"));
}

export function measureWorkerSize(): WorkerSize {
  if (!workerIsBuilt()) throw new Error("no Worker build in .open-next: run `npm run build:worker` first");
  const wrangler = path.join(root, "node_modules", "wrangler", "bin", "wrangler.js");
  const result = spawnSync(
    process.execPath,
    [path.join(root, "scripts", "node22.mjs"), "node", wrangler, "deploy", "--dry-run", "--env", "production"],
    { cwd: root, encoding: "utf8", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } },
  );
  if (result.status !== 0) throw new Error(`wrangler deploy --dry-run failed:\n${result.stdout}${result.stderr}`);
  return parseWranglerSize(result.stdout);
}

/** Next's part of a file: its runtimes one by one, a compiled library by its name, the rest by folder. */
function nextPart(file: string): string {
  const [, dist, folder, name, rest] = file.split("/");
  if (folder === "compiled") return `next/${dist}/compiled/${name}${name === "next-server" ? `/${rest}` : ""}`;
  return `next/${dist}/${folder}`;
}

export type BundlePart = { name: string; kiB: number; leftOut: boolean };

/**
 * The server bundle's largest parts, by package (Next's by its folder, the app's chunks one by
 * one), in KiB of OpenNext's bundle before wrangler minifies it; a part
 * scripts/trim-server-bundle.ts leaves out counts as its stub.
 */
export function largestParts(inputs: BundleInput[], count = 15): BundlePart[] {
  const leftOut = new Set(LEFT_OUT.map((entry) => entry.file));
  const parts = new Map<string, BundlePart>();
  for (const input of inputs) {
    const fromModules = input.path.slice(input.path.lastIndexOf("node_modules/") + "node_modules/".length);
    const stubbed = input.path.includes("node_modules/") && leftOut.has(fromModules);
    const pkg = packageOf(input.path);
    const name = !pkg
      ? input.path.replace(/^.*?\.next\/server\//, ".next/server/")
      : pkg.name === "next"
        ? nextPart(fromModules)
        : pkg.name;
    const part = parts.get(name) ?? { name, kiB: 0, leftOut: false };
    part.kiB += (stubbed ? stubFunction(fromModules).length : input.bytes) / 1024;
    part.leftOut ||= stubbed;
    parts.set(name, part);
  }
  return [...parts.values()].sort((a, b) => b.kiB - a.kiB).slice(0, count);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { rawKiB, gzipKiB } = measureWorkerSize();
  const share = ((gzipKiB / FREE_PLAN_GZIP_LIMIT_KIB) * 100).toFixed(1);
  console.log(`Worker upload: ${rawKiB.toFixed(2)} KiB raw, ${gzipKiB.toFixed(2)} KiB gzip`);
  console.log(`${share}% of the free plan's ${FREE_PLAN_GZIP_LIMIT_KIB} KiB (3 MiB) gzip limit`);
  const { warning } = sizeVerdict(gzipKiB);
  if (warning) console.warn(warning);
  console.log(
    "\nThe server bundle's largest parts, KiB before wrangler's minify (scripts/trim-server-bundle.ts: left out):",
  );
  for (const part of largestParts(bundleInputs())) {
    console.log(`${part.kiB.toFixed(0).padStart(7)}  ${part.name}${part.leftOut ? "  (left out)" : ""}`);
  }
}
