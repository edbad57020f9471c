// `npm run cf-typegen` writes cloudflare-env.d.ts with `wrangler types`; `--check` fails when the
// committed file is stale. wrangler adds a `GlobalProps.mainModule` block (and changes its hash)
// only when `.open-next/worker.js` exists, so that block and the hash line are left out: the file
// is then the same on a fresh clone and after a build.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const TARGET = "cloudflare-env.d.ts";

function generate(): string {
  const out = path.join(mkdtempSync(path.join(tmpdir(), "env-types-")), TARGET);
  const wrangler = path.join("node_modules", "wrangler", "bin", "wrangler.js");
  const result = spawnSync(
    process.execPath,
    ["scripts/node22.mjs", "node", wrangler, "types", "--env-interface", "CloudflareEnv", out],
    { encoding: "utf8", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } },
  );
  if (result.status !== 0) throw new Error(`wrangler types failed:\n${result.stdout}${result.stderr}`);
  return readFileSync(out, "utf8")
    .replace(/ \(hash: [0-9a-f]+\)/, "")
    .replace(/\tinterface GlobalProps \{\n\t\tmainModule: [^\n]*\n\t\}\n/, "")
    .replaceAll(out, TARGET);
}

const fresh = generate();
if (process.argv.includes("--check")) {
  if (readFileSync(TARGET, "utf8") !== fresh) {
    console.error(`${TARGET} is out of date with wrangler.toml: run \`npm run cf-typegen\` and commit it.`);
    process.exit(1);
  }
  console.log(`${TARGET} is up to date.`);
} else {
  writeFileSync(TARGET, fresh);
  console.log(`wrote ${TARGET}`);
}
