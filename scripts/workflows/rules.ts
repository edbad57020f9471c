import { parse } from "yaml";

/**
 * This project's own rules for its GitHub Actions workflows, on top of actionlint:
 * - no `run:` script interpolates a `secrets.` expression (it would be pasted into the script,
 *   and into the log if the script is printed); secrets reach scripts only through `env:`;
 * - no `run:` script prints an environment variable that holds a secret, or traces itself
 *   (`set -x`, `bash -x`, `env`, `printenv`) while one is in its environment;
 * - every `npm run X` (and `npm test`/`npm start`) names a script that exists in package.json, and
 *   every `bash <file>` and local `uses: ./…` names a file that exists.
 */

type Env = Record<string, unknown> | undefined;
type Step = { name?: string; run?: unknown; uses?: unknown; env?: Env };
type Job = { env?: Env; steps?: Step[]; uses?: unknown };
type Workflow = { env?: Env; jobs?: Record<string, Job> };

export type WorkflowContext = { scripts: Record<string, string>; fileExists: (path: string) => boolean };

const SECRET_EXPRESSION = /\$\{\{[^}]*\bsecrets\./;
const TRACING =
  /(^|[\s;&|(])(set\s+-[a-wyz]*x|set\s+-o\s+xtrace|bash\s+-[a-z]*x|sh\s+-[a-z]*x)\b|(^|[\s;&|(])(env|printenv)\s*($|[;&|>])/m;
const PRINTS = /(^|[\s;&|(])(echo|printf|cat|tee|print)\b/;
const NPM_RUN = /\bnpm\s+(?:run(?:-script)?\s+([\w:.-]+)|(test|start)\b)/g;
const BASH_FILE = /\bbash\s+(?!-)([\w./-]+)/g;

export function checkWorkflow(file: string, text: string, context: WorkflowContext): string[] {
  const problems: string[] = [];
  const workflow = (parse(text) ?? {}) as Workflow;
  for (const [jobId, job] of Object.entries(workflow.jobs ?? {})) {
    if (typeof job.uses === "string") checkLocalUses(job.uses, `${file} job ${jobId}`, context, problems);
    (job.steps ?? []).forEach((step, index) => {
      const where = `${file} job ${jobId} step ${step.name ?? index + 1}`;
      if (typeof step.uses === "string") checkLocalUses(step.uses, where, context, problems);
      if (typeof step.run !== "string") return;
      const secretVars = secretNames(workflow.env, job.env, step.env);
      problems.push(...checkRun(step.run, secretVars, context).map((problem) => `${where}: ${problem}`));
    });
  }
  return problems;
}

function secretNames(...scopes: Env[]): string[] {
  return scopes.flatMap((env) =>
    Object.entries(env ?? {})
      .filter(([, value]) => typeof value === "string" && SECRET_EXPRESSION.test(value))
      .map(([name]) => name),
  );
}

function checkRun(script: string, secretVars: string[], context: WorkflowContext): string[] {
  const problems: string[] = [];
  if (SECRET_EXPRESSION.test(script)) {
    problems.push("a secrets.* expression inside run:; pass it through env: instead");
  }
  if (secretVars.length > 0 && TRACING.test(script)) {
    problems.push(`traces or dumps its environment while it holds secrets (${secretVars.join(", ")})`);
  }
  for (const line of script.split("\n")) {
    if (!PRINTS.test(line)) continue;
    const printed = secretVars.filter((name) => new RegExp(`\\$\\{?${name}\\b`).test(line));
    if (printed.length > 0) problems.push(`prints the secret ${printed.join(", ")}: ${line.trim()}`);
  }
  for (const match of script.matchAll(NPM_RUN)) {
    const name = match[1] ?? match[2] ?? "";
    if (!(name in context.scripts)) problems.push(`calls npm script "${name}", which package.json does not have`);
  }
  for (const match of script.matchAll(BASH_FILE)) {
    const path = match[1] ?? "";
    if (!context.fileExists(path)) problems.push(`runs bash ${path}, which does not exist`);
  }
  return problems;
}

function checkLocalUses(uses: string, where: string, context: WorkflowContext, problems: string[]): void {
  if (!uses.startsWith("./")) return;
  const path = uses.slice(2).replace(/@.*$/, "");
  if (!context.fileExists(path)) problems.push(`${where}: uses ${uses}, which does not exist`);
}
