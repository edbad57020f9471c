import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // `server-only` throws outside a React Server Components build; tests import server modules.
      "server-only": path.resolve(import.meta.dirname, "tests/support/server-only.ts"),
    },
  },
  test: {
    environment: "node",
    include: ["tests/**/*.test.ts"],
    // A passing test's log lines (a run's JSON line, `quota_unavailable` from a test that cuts
    // Redis off on purpose) read as failures to a newcomer: only a failing test's are shown.
    silent: "passed-only",
    // A throwaway redis-server for the quota's integration tests, unless REDIS_URL is given.
    globalSetup: ["tests/support/redis-global-setup.ts"],
  },
});
