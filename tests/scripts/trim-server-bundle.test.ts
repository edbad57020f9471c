import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { type LeftOut, type Metafile, trimServerBundle } from "@/scripts/trim-server-bundle";

// A bundle written as esbuild writes one (OpenNext's server bundle is one): each CommonJS file in a
// `__commonJS` wrapper, keyed by its path. tests/worker-size.test.ts checks the real build.
const BUNDLE = `
var __commonJS = (cb, mod) => function __require() {
  return mod || (0, cb[Object.getOwnPropertyNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
};
var require_jwt = __commonJS({".open-next/node_modules/jwt/index.js"(exports) {
  exports.verify = (token) => token === "signed";
}});
var require_server = __commonJS({".open-next/node_modules/next/server.js"(exports, module) {
  module.exports = {
    render: () => "<p>ok</p>",
    preview: (token) => { try { return require_jwt().verify(token); } catch { return false; } },
    signed: (token) => require_jwt().verify(token),
  };
}});
export const server = require_server();
`;

const meta = (requirers: string[]): Metafile => ({
  inputs: Object.fromEntries(
    requirers.map((file) => [
      `.open-next/node_modules/${file}`,
      { imports: [{ path: ".open-next/node_modules/jwt/index.js" }] },
    ]),
  ),
});
const JWT: LeftOut = { file: "jwt/index.js", why: "preview mode", requiredBy: ["next/server.js"] };

const dir = mkdtempSync(path.join(os.tmpdir(), "trim-server-bundle-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let written = 0;
async function load(code: string) {
  const file = path.join(dir, `bundle-${written++}.mjs`);
  writeFileSync(file, code);
  return (await import(pathToFileURL(file).href)).server as Record<string, (token?: string) => unknown>;
}

describe("trimServerBundle", () => {
  it("stubs a left-out file: requiring it works, calling it throws, naming the file", async () => {
    const before = await load(BUNDLE);
    expect(before.signed?.("signed")).toBe(true);

    const { code, removedBytes, files } = trimServerBundle(BUNDLE, meta(["next/server.js"]), [JWT]);
    expect(files).toEqual(["jwt/index.js"]);
    expect(code).not.toContain('token === "signed"');
    expect(removedBytes).toBe(BUNDLE.length - code.length);

    const after = await load(code);
    expect(after.render?.()).toBe("<p>ok</p>");
    // A caller that reads a failure as "no" goes on.
    expect(after.preview?.("signed")).toBe(false);
    expect(() => after.signed?.("signed")).toThrow("jwt/index.js is left out of this Worker");
  });

  it("refuses to trim a file another file requires too", () => {
    expect(() => trimServerBundle(BUNDLE, meta(["next/server.js", "next/other.js"]), [JWT])).toThrow(
      "jwt/index.js is also required by next/other.js",
    );
  });

  it("refuses to trim a file the bundle doesn't hold, or holds twice", () => {
    const missing = { ...JWT, file: "fast-jwt/index.js" };
    expect(() => trimServerBundle(BUNDLE, meta([]), [missing])).toThrow("fast-jwt/index.js: 0 wrappers");
    const twice = BUNDLE.replace(
      "var require_server",
      'var again = __commonJS({"b/node_modules/jwt/index.js"(e) {}});\nvar require_server',
    );
    expect(() => trimServerBundle(twice, meta(["next/server.js"]), [JWT])).toThrow("jwt/index.js: 2 wrappers");
  });
});
