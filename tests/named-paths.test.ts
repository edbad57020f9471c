import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "@/tests/support/import-graph";

// Guards against drift: a comment or a doc that sends the reader to a file sends them to one that
// exists. Paths in code strings are left alone (tests build temporary repositories with made-up
// files); paths under content/ too, since another studio's content has other files.

const FOLDERS = ["app", "components", "lib", "tests", "e2e", "scripts", "bench", "docs", "tools", ".github", ".ci"];
/** A path from the repository's root: `lib/lab/call-cap.ts`, `app/[locale]/layout.tsx`. */
const NAMED_PATH = new RegExp(
  `(?<![\\w@/.\\-])((?:${FOLDERS.map((folder) => folder.replace(".", "\\.")).join("|")})(?:/(?:\\[[\\w.]+\\]|[\\w.@-])+)*\\.(?:tsx?|mjs|js|css|md|json|sh|ya?ml|toml))(?![\\w.])`,
  "g",
);
/** Files a command writes, which the docs name before they exist. */
const WRITTEN_BY_A_COMMAND = new Set([
  "docs/measurements.md", // npm run measure
]);

/** The comments of a source file (line, block and JSX), joined; strings and code left out. */
function commentsOf(source: string): string {
  const comments: string[] = [];
  for (const match of source.matchAll(/\/\*[\s\S]*?\*\/|(?<![:"'`\\\w])\/\/[^\n]*/g)) comments.push(match[0]);
  return comments.join("\n");
}

/** The repository's paths a text names that are neither in the repository nor written by a command. */
function missingPaths(text: string, exists: (file: string) => boolean): string[] {
  return [...new Set([...text.matchAll(NAMED_PATH)].map((match) => match[1] as string))].filter(
    (file) => !WRITTEN_BY_A_COMMAND.has(file) && !exists(file),
  );
}

describe("paths named in comments and docs", () => {
  const tracked = new Set(execFileSync("git", ["ls-files"], { cwd: ROOT, encoding: "utf8" }).split("\n"));
  const exists = (file: string) => tracked.has(file) || existsSync(path.join(ROOT, file));
  const files = [...tracked].filter(
    (file) => file && !file.startsWith("content/") && existsSync(path.join(ROOT, file)),
  );

  it("exist, in every source file's comments", () => {
    const sources = files.filter((file) => /\.(tsx?|mjs|js|css)$/.test(file));
    expect(sources.length).toBeGreaterThan(100);
    const missing = sources.flatMap((file) =>
      missingPaths(commentsOf(readFileSync(path.join(ROOT, file), "utf8")), exists).map((named) => `${file}: ${named}`),
    );
    expect(missing).toEqual([]);
  });

  it("exist, in every Markdown document", () => {
    const docs = files.filter((file) => file.endsWith(".md"));
    expect(docs).toContain("README.md");
    const missing = docs.flatMap((file) =>
      missingPaths(readFileSync(path.join(ROOT, file), "utf8"), exists).map((named) => `${file}: ${named}`),
    );
    expect(missing).toEqual([]);
  });

  it("finds a path that moved, in a comment and not in a string", () => {
    const source = [
      "// The cap (lib/agent/call-cap.ts) closes the call.",
      "/* See lib/lab/call-cap.ts and",
      " * app/[locale]/layout.tsx. */",
      'const fixture = "lib/a.ts"; // a made-up file, in a string',
      'const url = "https://example.com/lib/x.ts";',
    ].join("\n");
    const comments = commentsOf(source);
    expect(comments).not.toContain("fixture");
    const present = (file: string) => file === "lib/lab/call-cap.ts" || file === "app/[locale]/layout.tsx";
    expect(missingPaths(comments, present)).toEqual(["lib/agent/call-cap.ts"]);
    expect(missingPaths("[docs/deploy.md](docs/deploy.md) and `docs/measurements.md`", () => false)).toEqual([
      "docs/deploy.md",
    ]);
  });
});
