// A Worker build is only worth measuring if it was built from the sources as they are now. The
// last step of `npm run build:worker` writes the hash of the files that go into the build to
// `.open-next/build-sources.json`; `tests/worker-size.test.ts` rebuilds when the hash differs.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const STAMP = path.join(root, ".open-next", "build-sources.json");

// What the build never reads: tests, the scripts other than those the build runs, docs,
// measurements, CI, the opt-in tokenizer.
const NOT_BUILT = [
  /^tests\//,
  /^scripts\/(?!node22\.mjs$|trim-server-bundle\.ts$|write-asset-headers\.ts$)/,
  /^e2e\//,
  /^docs\//,
  /^bench\/results\//,
  /^tools\//,
  /^\.github\//,
  /\.md$/,
];

/** The hash of every file of the project (tracked or new, not ignored) that a build can read. */
export function sourcesHash(dir = root): string {
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], {
    cwd: dir,
    encoding: "utf8",
  })
    .split("\0")
    .filter((file) => file && !NOT_BUILT.some((pattern) => pattern.test(file)) && existsSync(path.join(dir, file)))
    .sort();
  const hash = createHash("sha256");
  for (const file of files)
    hash
      .update(file)
      .update("\0")
      .update(readFileSync(path.join(dir, file)))
      .update("\0");
  return hash.digest("hex");
}

/** Whether `.open-next` holds a build of the sources as they are now. */
export function buildIsCurrent(dir = root): boolean {
  const stamp = path.join(dir, ".open-next", "build-sources.json");
  if (!existsSync(stamp)) return false;
  return (JSON.parse(readFileSync(stamp, "utf8")) as { sources: string }).sources === sourcesHash(dir);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  writeFileSync(STAMP, `${JSON.stringify({ sources: sourcesHash() })}\n`);
  console.log(`wrote ${path.relative(root, STAMP)}`);
}
