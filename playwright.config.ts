import { defineConfig, devices } from "@playwright/test";

/**
 * E2E in Debian's Chromium (never a downloaded browser), on both runtimes the product ships on:
 * `node` (`next start`) and `worker` (the OpenNext Worker in workerd, `wrangler dev --env local`).
 * Both serve the one build `npm run build:worker` makes. With BASE_URL set, the suite runs once
 * against that deployment and starts no server.
 */
// Ports can move (E2E_NODE_PORT, E2E_WORKER_PORT) when a second suite runs on the same machine.
const NODE_PORT = Number(process.env.E2E_NODE_PORT ?? 3100);
const WORKER_PORT = Number(process.env.E2E_WORKER_PORT ?? 8787);
const baseUrl = process.env.BASE_URL;

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  },
};

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: [["list"], ["html", { open: "never" }]],
  use: {
    ...chromium,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: baseUrl
    ? [{ name: "deployed", use: { baseURL: baseUrl }, metadata: { runtime: "workerd" } }]
    : [
        { name: "node", use: { baseURL: `http://127.0.0.1:${NODE_PORT}` }, metadata: { runtime: "node" } },
        { name: "worker", use: { baseURL: `http://127.0.0.1:${WORKER_PORT}` }, metadata: { runtime: "workerd" } },
      ],
  webServer: baseUrl
    ? undefined
    : [
        {
          command: `next start --hostname 127.0.0.1 --port ${NODE_PORT}`,
          // Off Workers only the header named by TRUSTED_IP_HEADER says who the visitor is.
          env: {
            QUOTA_STORE: "memory",
            QUOTA_SALT: "local-preview-salt-not-a-secret",
            TRUSTED_IP_HEADER: "x-real-ip",
          },
          url: `http://127.0.0.1:${NODE_PORT}/api/health`,
          reuseExistingServer: !process.env.CI,
          timeout: 60_000,
        },
        {
          command: `node scripts/node22.mjs wrangler dev --env local --ip 127.0.0.1 --port ${WORKER_PORT} --inspector-port ${WORKER_PORT + 1000} --show-interactive-dev-session=false`,
          url: `http://127.0.0.1:${WORKER_PORT}/api/health`,
          reuseExistingServer: !process.env.CI,
          timeout: 120_000,
          env: { WRANGLER_SEND_METRICS: "false" },
        },
      ],
});
