import path from "node:path";
import type { Plugin } from "vite";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import { BUILT_DIR, FIXTURES_DIR, fixtureNames, type TestFile, testFiles } from "./tests/support/studios";

const ROOT = import.meta.dirname;
const GENERATED = `${path.join(ROOT, "content", "generated")}${path.sep}`;

const alias = {
  "@": ROOT,
  // `server-only` throws outside a React Server Components build; tests import server modules.
  "server-only": path.resolve(ROOT, "tests/support/server-only.ts"),
};
const shared: { environment: "node"; silent: "passed-only"; execArgv: string[] } = {
  environment: "node",
  // A passing test's log lines (a run's JSON line, `quota_unavailable` from a test that cuts
  // Redis off on purpose) read as failures to a newcomer: only a failing test's are shown.
  silent: "passed-only",
  // Node 20's require() of an ES module picks a package's "module-sync" export, which a VM
  // context's loader then reads as CommonJS (@swc/helpers under next/link): plain require.
  execArgv: ["--no-experimental-require-module"],
};

/** content/generated/* read from the fixture's build instead: the site's code then serves that studio. */
function generatedFrom(fixture: string): Plugin {
  const built = `${path.join(ROOT, BUILT_DIR, fixture, "content", "generated")}${path.sep}`;
  return {
    name: `studio-fixture-${fixture}`,
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (!source.includes("content/generated/")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id.startsWith(GENERATED) ? built + resolved.id.slice(GENERATED.length) : resolved;
    },
  };
}

// A test file runs on content/ as it is, or on the fixtures it names with `// @studio <name>…`
// (tests/support/studios.ts): one project for content/ and one for each fixture.
const files = testFiles(ROOT);
const fixtures = fixtureNames(ROOT);
for (const { file, studios } of files) {
  const unknown = studios.filter((name) => !fixtures.includes(name));
  if (unknown.length) throw new Error(`${file}: no fixture ${unknown.join(", ")} in ${FIXTURES_DIR}/`);
}
/**
 * A project's files in two pools. Most run in a VM context each, inside worker processes that run
 * many files one after another (`vmForks`): a file still gets modules of its own, without a process
 * start and a module graph imported afresh for each (68 s against 100 for the suite on two cores,
 * 120 against 180 CPU-seconds, 2026-12-06). A file that loads what a VM context can't (wrangler's
 * miniflare) says `// @pool forks` and gets a process of its own, in a project of its own.
 */
function byPool(
  name: string,
  entries: TestFile[],
  project: (include: string[]) => TestProjectInlineConfiguration,
): TestProjectInlineConfiguration[] {
  const pools = [
    { suffix: "", pool: "vmForks", include: entries.filter((entry) => !entry.ownProcess) },
    { suffix: " (own process)", pool: "forks", include: entries.filter((entry) => entry.ownProcess) },
  ] as const;
  return pools
    .filter(({ include }) => include.length > 0)
    .map(({ suffix, pool, include }) => {
      const config = project(include.map((entry) => entry.file));
      return { ...config, test: { ...config.test, name: `${name}${suffix}`, pool } };
    });
}

const projects: TestProjectInlineConfiguration[] = [
  ...byPool(
    "content",
    files.filter((entry) => entry.studios.length === 0),
    (include) => ({
      resolve: { alias },
      test: { ...shared, include, provide: { studio: "content", studioContent: "content" } },
    }),
  ),
  ...fixtures.flatMap((fixture) =>
    byPool(
      fixture,
      files.filter((entry) => entry.studios.includes(fixture)),
      (include) => ({
        plugins: [generatedFrom(fixture)],
        resolve: { alias },
        test: {
          ...shared,
          include,
          // Builds the fixture as `npm run knowledge` would, before any of its files is imported.
          globalSetup: ["tests/support/studio-global-setup.ts"],
          provide: { studio: fixture, studioContent: path.join(FIXTURES_DIR, fixture) },
        },
      }),
    ),
  ),
];

export default defineConfig({
  resolve: { alias },
  test: {
    ...shared,
    projects,
    // A worker a core: the default leaves one core to the main process, which mostly waits; on
    // two cores that ran the files one at a time (133 s against 99 for the suite, 2026-12-06).
    maxWorkers: "100%",
    // A throwaway redis-server for the quota's integration tests, unless REDIS_URL is given.
    globalSetup: ["tests/support/redis-global-setup.ts"],
  },
});
