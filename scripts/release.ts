import { spawnSync } from "node:child_process";
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { LOCALES } from "../content/generated/settings";
import {
  builtLinksProblem,
  canonicalOf,
  previewArgs,
  previewUrlFrom,
  productionArgs,
  productionUrlFrom,
  siteOrigin,
} from "./release/plan";

// `npm run release -- preview <pr>`: uploads the built Worker (`npm run build:worker`) as a version
// with the preview alias `pr-<pr>`, offline planner and a quota of its own. `npm run release --
// production`: deploys it. Both print the URL and, in GitHub Actions, set the step output `url`.
// Credentials come from CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID (or `wrangler login`).
const USAGE = "usage: npm run release -- preview <pull request number> | production";

const [target, pr, ...rest] = process.argv.slice(2);
let args: string[];
let site: string | undefined;
try {
  site = siteOrigin(process.env.SITE_URL);
  if (target === "preview" && pr && rest.length === 0) args = previewArgs(pr, site);
  else if (target === "production" && pr === undefined) args = productionArgs(site);
  else throw new Error(USAGE);
  const problem = builtLinksProblem(target as "preview" | "production", canonicalOf(builtHomePage()), site);
  if (problem) throw new Error(`refusing to release: ${problem}`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}

process.exitCode = release(args);

/** The home page `next build` prerendered in the default language ("" when there is none). */
function builtHomePage(): string {
  try {
    return readFileSync(path.join(".next", "server", "app", `${LOCALES[0]}.html`), "utf8");
  } catch {
    return "";
  }
}

function release(wranglerArgs: string[]): number {
  const dir = mkdtempSync(path.join(tmpdir(), "wrangler-output-"));
  const outputFile = path.join(dir, "output.json");
  try {
    const result = spawnSync("node", ["scripts/node22.mjs", "opennextjs-cloudflare", ...wranglerArgs], {
      stdio: "inherit",
      env: { ...process.env, WRANGLER_OUTPUT_FILE_PATH: outputFile, WRANGLER_SEND_METRICS: "false" },
    });
    if (result.status !== 0) {
      console.error(`opennextjs-cloudflare ${wranglerArgs[0]} failed (exit ${result.status ?? result.signal})`);
      return 1;
    }
    const output = readFileSync(outputFile, "utf8");
    const url = target === "preview" ? previewUrlFrom(output) : productionUrlFrom(output, site);
    console.log(`${target === "preview" ? "Preview" : "Production"} URL: ${url}`);
    if (process.env.GITHUB_OUTPUT) appendFileSync(process.env.GITHUB_OUTPUT, `url=${url}\n`);
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
