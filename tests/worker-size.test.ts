import { execFileSync } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import { firstLoadJsKiB, firstLoadScripts } from "@/scripts/first-load-js";
import { FREE_PLAN_GZIP_LIMIT_KIB, measureWorkerSize, parseWranglerSize, workerIsBuilt } from "@/scripts/worker-size";

describe("firstLoadScripts", () => {
  it("counts the module scripts a page names, once each, and not the noModule polyfills", () => {
    const html =
      '<script src="/_next/static/chunks/a.js" async=""></script><script src="/_next/static/chunks/poly.js" noModule=""></script>' +
      '<script src="/_next/static/chunks/b.js" async=""></script><script src="/_next/static/chunks/a.js" async=""></script>' +
      '<script>self.__next_f.push([1,"src=\\"/_next/static/chunks/c.js\\""])</script>';
    expect(firstLoadScripts(html)).toEqual(["/_next/static/chunks/a.js", "/_next/static/chunks/b.js"]);
  });
});

describe("parseWranglerSize", () => {
  it("reads wrangler's dry-run line", () => {
    expect(parseWranglerSize("x\nTotal Upload: 4842.94 KiB / gzip: 1017.94 KiB\ny")).toEqual({
      rawKiB: 4842.94,
      gzipKiB: 1017.94,
    });
  });

  it("fails loudly when wrangler's output changes", () => {
    expect(() => parseWranglerSize("Upload: 12 KiB")).toThrow(/Total Upload/);
  });
});

// Reads the last OpenNext build, or builds one: the upload size is deterministic for a build.
describe("the Worker", () => {
  beforeAll(() => {
    if (!workerIsBuilt()) execFileSync("npm", ["run", "build:worker"], { stdio: "inherit" });
  }, 300_000);

  it("fits the free plan's 3 MiB gzip limit", () => {
    const { gzipKiB } = measureWorkerSize();
    expect(gzipKiB).toBeGreaterThan(0);
    expect(gzipKiB).toBeLessThan(FREE_PLAN_GZIP_LIMIT_KIB);
  }, 60_000);

  // The same build's prerendered HTML and chunks: sizes are deterministic for a build.
  it("ships at most 150 KiB gzip of JavaScript on the Lab agent page's first load", () => {
    const js = firstLoadJsKiB("es/lab/agent");
    expect(js.scripts).toBeGreaterThan(3);
    expect(js.gzipKiB).toBeLessThanOrEqual(150);
  });
});
