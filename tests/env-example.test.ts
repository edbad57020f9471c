import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Every variable the code reads is documented in .env.example (with its one-line comment), so a
// studio deploying the site never meets an undocumented setting.
const SOURCES = [
  "app",
  "lib",
  "scripts",
  "next.config.ts",
  "playwright.config.ts",
  "e2e/servers.ts",
  "e2e/server-reuse.ts",
];
// Set by the platform, not by the studio: NEXT_PHASE is Next's build phase, NEXT_RUNTIME its runtime, TURBOPACK
// says Next bundles with Turbopack (`next dev`), GITHUB_OUTPUT is GitHub Actions' step-output file.
const NOT_SETTINGS = new Set(["NODE_ENV", "NEXT_PHASE", "NEXT_RUNTIME", "TURBOPACK", "PATH", "CI", "GITHUB_OUTPUT"]);

function files(entry: string): string[] {
  if (statSync(entry).isFile()) return [entry];
  return readdirSync(entry).flatMap((name) => files(path.join(entry, name)));
}

function variablesRead(): Set<string> {
  const names = new Set<string>();
  for (const file of SOURCES.flatMap(files).filter((f) => /\.(ts|tsx|mjs)$/.test(f))) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(/(?:process\.env\.|\benv\.|get\(\s*"|get,\s*")([A-Z][A-Z0-9_]{2,})/g)) {
      if (match[1] && !NOT_SETTINGS.has(match[1])) names.add(match[1]);
    }
  }
  return names;
}

describe(".env.example", () => {
  const example = readFileSync(".env.example", "utf8");
  const documented = new Map(
    [...example.matchAll(/((?:^#.*\n)*)^([A-Z][A-Z0-9_]+)=/gm)].map((match) => [match[2], match[1]?.trim() ?? ""]),
  );

  it("lists every variable the code reads", () => {
    const read = variablesRead();
    expect(read.size).toBeGreaterThan(10);
    expect([...read].filter((name) => !documented.has(name)).sort()).toEqual([]);
  });

  it("explains each variable in a comment above it", () => {
    for (const [name, comment] of documented) {
      const own =
        comment ||
        example
          .slice(0, example.indexOf(`${name}=`))
          .trimEnd()
          .split("\n")
          .at(-2);
      expect(own, name).toBeTruthy();
    }
  });
});

// The deployment guide's table says where each secret and variable is set and who reads it: a
// variable the code reads is never described there as unread (it said so of ANTHROPIC_API_KEY,
// which puts the chat on Claude), and the table names no variable the code doesn't read.
describe("docs/deploy.md's table of variables", () => {
  const rows = readFileSync("docs/deploy.md", "utf8")
    .split("\n")
    .filter((line) => line.startsWith("| `"));
  const read = variablesRead();

  it("names only variables the code reads", () => {
    const named = rows.flatMap((row) =>
      [...(row.split("|")[1] ?? "").matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]),
    );
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((name) => !read.has(name as string))).toEqual([]);
  });

  it("never says a variable the code reads is not read", () => {
    expect(rows.filter((row) => /\bnot read\b|\bnowhere\b|\bunused\b/i.test(row))).toEqual([]);
  });
});
