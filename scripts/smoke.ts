import { parseArgs } from "node:util";
import { type ExpectedModel, reportSmoke, runSmoke } from "./smoke/checks";

// `npm run smoke -- <url> [--model offline|real]`: checks a running site (a deployment, a preview,
// or the Worker in workerd) and exits non-zero with one line per failed check.
const USAGE = "usage: npm run smoke -- <url> [--model offline|real]";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { model: { type: "string" } },
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

console.log(`Smoke checks against ${target}`);
const results = await runSmoke(target, { model: values.model as ExpectedModel | undefined });
process.exit(reportSmoke(results));
