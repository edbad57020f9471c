import { parseArgs } from "node:util";
import { type ExpectedModel, reportSmoke, runSmoke, waitUntilUp } from "./smoke/checks";

// `npm run smoke -- <url> [--model offline|real]`: checks a running site (a deployment, a preview,
// or the Worker in workerd) and exits non-zero with one line per failed check.
const USAGE = "usage: npm run smoke -- <url> [--model offline|real] [--wait <seconds>]";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  // --wait: poll /api/health first, for a version that was uploaded a moment ago.
  options: { model: { type: "string" }, wait: { type: "string" } },
});
const [target] = positionals;
if (!target || positionals.length > 1 || !/^https?:\/\/[^/\s]+/.test(target)) {
  console.error(`${USAGE}\n  <url> is the site's origin, e.g. https://tallernorte.example or http://127.0.0.1:8787`);
  process.exit(2);
}
if (values.model !== undefined && values.model !== "offline" && values.model !== "real") {
  console.error(`--model must be "offline" or "real", got "${values.model}"\n${USAGE}`);
  process.exit(2);
}

const waitSeconds = values.wait === undefined ? 0 : Number(values.wait);
if (!Number.isInteger(waitSeconds) || waitSeconds < 0 || waitSeconds > 600) {
  console.error(`--wait must be a whole number of seconds up to 600, got "${values.wait}"\n${USAGE}`);
  process.exit(2);
}
if (waitSeconds > 0) {
  try {
    await waitUntilUp(target, waitSeconds * 1000);
  } catch (error) {
    console.error(`Smoke failed: ${(error as Error).message}`);
    process.exit(1);
  }
}

console.log(`Smoke checks against ${target}`);
const results = await runSmoke(target, { model: values.model as ExpectedModel | undefined });
process.exit(reportSmoke(results));
