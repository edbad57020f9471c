import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildIsCurrent, sourcesHash } from "@/scripts/build-stamp";

// The Worker's size test measures a build only if it was made from the sources as they are.

describe("the build's stamp", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "build-stamp-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };
  execFileSync("git", ["init", "-q"], { cwd: dir });
  write(".gitignore", ".open-next/\n");
  write("lib/a.ts", "export const a = 1;\n");
  write("tests/a.test.ts", "// a test\n");
  write("README.md", "# readme\n");

  it("changes with a source the build reads, new files included, and not with tests or docs", () => {
    const first = sourcesHash(dir);
    write("tests/a.test.ts", "// another test\n");
    write("README.md", "# another readme\n");
    write("scripts/bench.ts", "// the bench\n");
    expect(sourcesHash(dir)).toBe(first);
    write("lib/a.ts", "export const a = 2;\n");
    const second = sourcesHash(dir);
    expect(second).not.toBe(first);
    write("lib/b.ts", "export const b = 1;\n");
    expect(sourcesHash(dir)).not.toBe(second);
    write("scripts/write-asset-headers.ts", "// part of the build\n");
    expect(sourcesHash(dir)).not.toBe(second);
  });

  it("tells a build of the current sources from an older one, or none", () => {
    expect(buildIsCurrent(dir)).toBe(false);
    write(".open-next/build-sources.json", JSON.stringify({ sources: sourcesHash(dir) }));
    expect(buildIsCurrent(dir)).toBe(true);
    write("lib/a.ts", "export const a = 3;\n");
    expect(buildIsCurrent(dir)).toBe(false);
  });
});
