import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkWorkflow } from "@/scripts/workflows/rules";

// Guards the workflow rules `npm run check` applies: a step that could print a secret, a script
// that package.json lacks or a file that isn't there fails the check; the real workflows pass.

const context = {
  scripts: { smoke: "tsx scripts/smoke.ts", test: "vitest", "build:worker": "opennext" },
  fileExists: (path: string) => ["scripts/ok.sh", ".github/workflows/ci.yml"].includes(path),
};

function workflow(step: string, env = ""): string {
  return `name: t
on: push
jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - name: the step
${env}
${step}
`;
}

// biome-ignore lint/suspicious/noTemplateCurlyInString: workflow and shell syntax, not a JS template
const withToken = "        env:\n          TOKEN: ${{ secrets.CLOUDFLARE_API_TOKEN }}";

describe("workflow rules", () => {
  it("accepts a secret passed through env: to a script that doesn't print it", () => {
    const text = workflow("        run: npm run smoke -- https://x.example && npm test", withToken);
    expect(checkWorkflow("w.yml", text, context)).toEqual([]);
  });

  it.each([
    ["echo", "        run: echo $TOKEN"],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: workflow and shell syntax, not a JS template
    ["echo with braces", '        run: echo "token is ${TOKEN}"'],
    ["printf", '        run: printf "%s" "$TOKEN" > /dev/stderr'],
    ["a second line", '        run: |\n          npm test\n          echo "$TOKEN"'],
  ])("refuses a step that prints a secret (%s)", (_name, step) => {
    const problems = checkWorkflow("w.yml", workflow(step, withToken), context);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^w\.yml job build step the step: prints the secret TOKEN/);
  });

  it("refuses a secret held in the job's env too", () => {
    const text = `on: push
jobs:
  build:
    runs-on: ubuntu-latest
    env:
      TOKEN: \${{ secrets.T }}
    steps:
      - run: echo "$TOKEN"
`;
    expect(checkWorkflow("w.yml", text, context)).toEqual([expect.stringContaining("prints the secret TOKEN")]);
  });

  it.each([
    ["set -x", "        run: |\n          set -x\n          npm test"],
    ["set -eux", "        run: |\n          set -eux\n          npm test"],
    ["set -o xtrace", "        run: set -o xtrace; npm test"],
    ["bash -x", "        run: bash -x scripts/ok.sh"],
    ["env", "        run: env"],
    ["printenv", "        run: printenv | sort"],
  ])("refuses %s while a secret is in the environment", (_name, step) => {
    expect(checkWorkflow("w.yml", workflow(step, withToken), context)).toEqual([
      expect.stringContaining("traces or dumps its environment while it holds secrets (TOKEN)"),
    ]);
    expect(checkWorkflow("w.yml", workflow(step), context)).toEqual([]);
  });

  it("refuses a secrets expression pasted into a script", () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: workflow and shell syntax, not a JS template
    const step = '        run: npm run smoke -- "${{ secrets.SITE }}"';
    expect(checkWorkflow("w.yml", workflow(step), context)).toEqual([
      expect.stringContaining("a secrets.* expression inside run:"),
    ]);
  });

  it("refuses an npm script that package.json lacks", () => {
    const step = "        run: npm run build:worker && npm run deploy:prod -- --x && npm start";
    expect(checkWorkflow("w.yml", workflow(step), context)).toEqual([
      expect.stringContaining('calls npm script "deploy:prod"'),
      expect.stringContaining('calls npm script "start"'),
    ]);
  });

  it("refuses bash on a missing file and a missing local workflow", () => {
    const text = `on: push
jobs:
  ci:
    uses: ./.github/workflows/missing.yml
  ok:
    uses: ./.github/workflows/ci.yml
  build:
    runs-on: ubuntu-latest
    steps:
      - run: bash scripts/ok.sh && bash scripts/gone.sh
`;
    expect(checkWorkflow("w.yml", text, context)).toEqual([
      "w.yml job ci: uses ./.github/workflows/missing.yml, which does not exist",
      "w.yml job build step 1: runs bash scripts/gone.sh, which does not exist",
    ]);
  });

  it("passes on this repository's workflows", () => {
    const scripts = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;
    const files = readdirSync(".github/workflows");
    expect(files.sort()).toEqual(["ci.yml", "deploy.yml", "preview.yml"]);
    for (const name of files) {
      const file = `.github/workflows/${name}`;
      expect(checkWorkflow(file, readFileSync(file, "utf8"), { scripts, fileExists: existsSync })).toEqual([]);
    }
  });
});
