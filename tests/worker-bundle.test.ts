import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  type Library,
  librariesInstalledTwice,
  librariesInTwoChunks,
  packageOf,
  packagesInstalledTwice,
  runtimeLibraries,
  stringLiterals,
} from "@/scripts/worker-bundle";

// How a library shipped twice is told apart, on hand-made bundles; tests/worker-size.test.ts
// applies it to the real build.

const words = (library: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${library}: this is message number ${i} of the library`);
const library = (name: string, count = 8): Library => ({ name, fingerprints: new Set(words(name, count)) });
/** Minified code holding these literals, as a bundler writes a module. */
const code = (literals: string[]) =>
  literals.map((literal, i) => `e${i}=()=>{throw new Error("${literal}")}`).join(",");

describe("stringLiterals", () => {
  it("reads long single- and double-quoted literals, not short ones", () => {
    const long = "a literal long enough to be one library's own words";
    const single = "a single-quoted literal, long enough too";
    expect([...stringLiterals(`x="${long}",y='${single}',z="short",w='short'`)]).toEqual([long, single]);
  });
});

describe("librariesInTwoChunks", () => {
  const ai = library("ai");
  const zod = library("zod");

  it("finds a library whose code is in two chunks, as Turbopack's copy per route was", () => {
    const chunks = [
      { file: "app/api/agent/route.js", text: code([...words("ai", 8), ...words("zod", 3)]) },
      { file: "app/api/chat/route.js", text: code(words("ai", 8)) },
      { file: "chunks/1.js", text: code(words("zod", 8).slice(3)) },
    ];
    expect(librariesInTwoChunks(chunks, [ai, zod])).toEqual([
      { name: "ai", chunks: ["app/api/agent/route.js", "app/api/chat/route.js"], shared: 8, found: 8 },
    ]);
  });

  it("does not flag a library split across chunks, or a few literals two libraries share", () => {
    const common = "application/x-www-form-urlencoded; charset=utf-8";
    const shared = { name: "a", fingerprints: new Set([...words("a", 8), common]) };
    const chunks = [
      { file: "chunks/1.js", text: code([...words("a", 8).slice(0, 4), common]) },
      { file: "chunks/2.js", text: code([...words("a", 8).slice(4), common]) },
    ];
    expect(librariesInTwoChunks(chunks, [shared])).toEqual([]);
  });

  it("needs enough of a library's words to judge it", () => {
    const chunks = [
      { file: "chunks/1.js", text: code(words("ai", 2)) },
      { file: "chunks/2.js", text: code(words("ai", 2)) },
    ];
    expect(librariesInTwoChunks(chunks, [ai])).toEqual([]);
    expect(librariesInTwoChunks(chunks, [ai], 2)).toHaveLength(1);
  });
});

describe("packagesInstalledTwice", () => {
  it("finds a package the bundle holds from two installed copies", () => {
    const inputs = [
      "x/node_modules/zod/index.js",
      "x/node_modules/zod/v4/core.js",
      "x/node_modules/@ai-sdk/provider/dist/index.js",
      "x/node_modules/ai/node_modules/zod/index.js",
      "x/.next/server/chunks/1.js",
    ].map((file) => ({ path: file, bytes: 1 }));
    expect(packagesInstalledTwice(inputs)).toEqual([
      { name: "zod", copies: ["x/node_modules/ai/node_modules/zod", "x/node_modules/zod"] },
    ]);
    expect(packageOf("x/node_modules/@ai-sdk/provider/dist/index.js")).toEqual({
      name: "@ai-sdk/provider",
      installedAt: "x/node_modules/@ai-sdk/provider",
    });
    expect(packageOf("x/.next/server/chunks/1.js")).toBeNull();
  });
});

describe("runtimeLibraries", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "runtime-libraries-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (where: string, manifest: object) => {
    mkdirSync(path.join(dir, where), { recursive: true });
    writeFileSync(path.join(dir, where, "package.json"), JSON.stringify(manifest));
  };

  it("follows dependencies where Node resolves them, nested copies included, and skips the framework", () => {
    write(".", { dependencies: { ai: "1.0.0", next: "16.0.0" } });
    write("node_modules/ai", { dependencies: { zod: "4.0.0", "@ai-sdk/provider": "1.0.0" } });
    write("node_modules/ai/node_modules/zod", {});
    write("node_modules/@ai-sdk/provider", { dependencies: { zod: "4.0.0" } });
    write("node_modules/zod", {});
    write("node_modules/next", { dependencies: { react: "19.0.0" } });
    const libraries = runtimeLibraries(dir);
    expect(libraries.map((l) => path.relative(dir, l.dir))).toEqual([
      "node_modules/@ai-sdk/provider",
      "node_modules/ai",
      "node_modules/ai/node_modules/zod",
      "node_modules/zod",
    ]);
    expect(librariesInstalledTwice(libraries).map((twice) => twice.name)).toEqual(["zod"]);
  });
});
