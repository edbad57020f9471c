// Which studio each test file runs on, and in which pool, read by vitest.config.ts (Node, no Vite:
// plain imports only). A file runs on whatever content/ holds, unless a line comment among its first
// lines names fixtures of tests/fixtures/studios/: `// @studio demo` or `// @studio demo us mx`
// (once on each); its pool is below (`// @pool forks`).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export const FIXTURES_DIR = "tests/fixtures/studios";
/** Where a fixture's generated files are written for the run (`npm run knowledge`'s output, git-ignored). */
export const BUILT_DIR = ".studios";
const PRAGMA = /^\/\/ @studio ((?:[a-z0-9-]+ ?)+)$/m;

/** The fixtures a test file names (none: it runs on content/). Only its first 2,000 characters are read. */
export function studiosOf(text: string): string[] {
  const match = PRAGMA.exec(text.slice(0, 2000));
  return match?.[1] ? match[1].trim().split(" ") : [];
}

export function fixtureNames(root: string): string[] {
  return readdirSync(path.join(root, FIXTURES_DIR), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

// A file runs in a VM context of a worker process that runs many files, one context each (Vitest's
// `vmForks`), unless it says `// @pool forks` among its first lines: then in a process of its own.
const OWN_PROCESS = /^\/\/ @pool forks$/m;

/** Whether a test file asks for a process of its own. Only its first 2,000 characters are read. */
export function wantsOwnProcess(text: string): boolean {
  return OWN_PROCESS.test(text.slice(0, 2000));
}

export type TestFile = { file: string; studios: string[]; ownProcess: boolean };

/** Every test file under `tests/` with the fixtures it names and its pool (relative paths). */
export function testFiles(root: string): TestFile[] {
  return readdirSync(path.join(root, "tests"), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".test.ts") && !name.startsWith(`fixtures${path.sep}`))
    .sort()
    .map((name) => {
      const file = path.join("tests", name);
      const text = readFileSync(path.join(root, file), "utf8");
      return { file, studios: studiosOf(text), ownProcess: wantsOwnProcess(text) };
    });
}
