import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, resolveImport } from "@/tests/support/import-graph";

// Holds lib/README.md to the code: every folder of lib/ is in its table, and every import between
// folders is one the table allows. A new import across rooms is a decision: write it there first.

const LIB = path.join(ROOT, "lib");
const roomOf = (entry: string) => (entry.split(path.sep)[0] as string).replace(/\.tsx?$/, "");

/** The table of lib/README.md: room -> the rooms it may import. */
function readRules(markdown: string): Map<string, Set<string>> {
  const rules = new Map<string, Set<string>>();
  for (const line of markdown.split("\n")) {
    const cells = line.split("|").map((cell) => cell.trim());
    const room = /^`([^`]+)`$/.exec(cells[1] ?? "")?.[1];
    if (!room) continue;
    const allowed = (cells[3] ?? "")
      .split(",")
      .map((name) => name.trim())
      .filter(Boolean);
    rules.set(room.replace(/\.ts$/, ""), new Set(allowed));
  }
  return rules;
}

/** Every import from one room of lib/ into another: "from -> to (file)". */
function crossings(): { from: string; to: string; file: string }[] {
  const found: { from: string; to: string; file: string }[] = [];
  for (const entry of readdirSync(LIB, { recursive: true, encoding: "utf8" })) {
    if (!/\.tsx?$/.test(entry)) continue;
    const source = readFileSync(path.join(LIB, entry), "utf8");
    const specifiers = [
      ...source.matchAll(/^(?:import|export)[^"']*?from\s+["']([^"']+)["']/gm),
      ...source.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
    ].map((match) => match[1] as string);
    for (const specifier of specifiers) {
      const target = resolveImport(path.join(LIB, entry), specifier);
      const relative = target && path.relative(LIB, target);
      if (!relative || relative.startsWith("..")) continue;
      const from = roomOf(entry);
      const to = roomOf(relative);
      if (from !== to) found.push({ from, to, file: `lib/${entry}` });
    }
  }
  return found;
}

describe("lib/README.md's rooms", () => {
  const rules = readRules(readFileSync(path.join(LIB, "README.md"), "utf8"));

  it("name every folder and top-level module of lib/", () => {
    const rooms = readdirSync(LIB)
      .filter((name) => name !== "README.md")
      .map((name) => name.replace(/\.tsx?$/, ""));
    expect(rooms.filter((room) => !rules.has(room))).toEqual([]);
    expect([...rules.keys()].filter((room) => !rooms.includes(room))).toEqual([]);
  });

  it("allow every import between rooms that the code makes", () => {
    const refused = crossings()
      .filter(({ from, to }) => !rules.get(from)?.has(to))
      .map(({ from, to, file }) => `${from} -> ${to} (${file})`);
    expect([...new Set(refused)]).toEqual([]);
  });

  it("would refuse an import the table doesn't allow (the check itself)", () => {
    const table = "| `a` | x | b |\n| `b` | y | |";
    const read = readRules(table);
    expect(read.get("a")?.has("b")).toBe(true);
    expect(read.get("b")?.has("a")).toBe(false);
  });
});
