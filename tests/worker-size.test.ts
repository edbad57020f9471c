import { execFileSync } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import { FREE_PLAN_GZIP_LIMIT_KIB, measureWorkerSize, parseWranglerSize, workerIsBuilt } from "@/scripts/worker-size";

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
});
