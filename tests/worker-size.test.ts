import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_LOCALE, LOCALES } from "@/lib/i18n/config";
import { buildIsCurrent } from "@/scripts/build-stamp";
import { firstLoadJsKiB, firstLoadScripts } from "@/scripts/first-load-js";
import { LEFT_OUT, SERVER_BUNDLE } from "@/scripts/trim-server-bundle";
import {
  bundledChunks,
  bundleInputs,
  type Chunk,
  fingerprintsFound,
  librariesInstalledTwice,
  librariesInTwoChunks,
  libraryFingerprints,
  packagesInstalledTwice,
  runtimeLibraries,
} from "@/scripts/worker-bundle";
import {
  largestParts,
  measureWorkerSize,
  parseWranglerSize,
  sizeVerdict,
  WORKER_GZIP_FAIL_KIB,
  WORKER_GZIP_WARN_KIB,
  workerIsBuilt,
} from "@/scripts/worker-size";

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

describe("largestParts", () => {
  it("groups the bundle by package, Next by runtime and folder, and counts a left-out file as its stub", () => {
    const at = (file: string) => `.open-next/server-functions/default/node_modules/${file}`;
    const parts = largestParts([
      { path: at("next/dist/compiled/next-server/app-page.runtime.prod.js"), bytes: 700 * 1024 },
      { path: at("next/dist/compiled/next-server/pages.runtime.prod.js"), bytes: 130 * 1024 },
      { path: at("next/dist/server/base-server.js"), bytes: 60 * 1024 },
      { path: at("next/dist/server/lib/trace/tracer.js"), bytes: 40 * 1024 },
      { path: at("zod/v4/core/schemas.js"), bytes: 50 * 1024 },
      { path: ".open-next/server-functions/default/.next/server/chunks/1.js", bytes: 200 * 1024 },
    ]);
    expect(parts.map(({ name, kiB, leftOut }) => [name, Math.round(kiB), leftOut])).toEqual([
      ["next/dist/compiled/next-server/app-page.runtime.prod.js", 700, false],
      [".next/server/chunks/1.js", 200, false],
      ["next/dist/server", 100, false],
      ["zod", 50, false],
      ["next/dist/compiled/next-server/pages.runtime.prod.js", 0, true],
    ]);
  });
});

describe("sizeVerdict", () => {
  it("passes a Worker under the warning line, warns between it and the limit, fails past the limit", () => {
    expect(sizeVerdict(WORKER_GZIP_WARN_KIB - 1)).toEqual({ ok: true });
    expect(sizeVerdict(WORKER_GZIP_WARN_KIB + 1)).toEqual({ ok: true, warning: expect.stringMatching(/KiB gzip/) });
    expect(sizeVerdict(WORKER_GZIP_FAIL_KIB)).toMatchObject({ ok: true, warning: expect.any(String) });
    expect(sizeVerdict(WORKER_GZIP_FAIL_KIB + 0.01)).toMatchObject({ ok: false });
  });
});

/**
 * Next compiles the server several times over: routes and server components, the server
 * rendering of client components, actions a client component imports, and `instrumentation.ts`
 * each get their own module graph (their own React build and export conditions), and a library
 * two of them import is compiled into each. So the pages hand their actions to client components
 * as props, `instrumentation.ts` imports next to nothing (`tests/site/module-graphs.test.ts`), and
 * the Lab consoles load the AI SDK and the answers' Markdown in the browser only (`next/dynamic`
 * with `ssr: false`, or an import behind `typeof window`, which the server build drops). What is
 * left is every library in one chunk; a library in two is shipped twice, as Turbopack shipped the
 * AI stack once per Lab route.
 */
// The Worker as it is built from the sources now: a build of older sources is rebuilt first
// (`npm test` builds once, so it is current there), never measured.
describe("the Worker", () => {
  let chunks: Chunk[];
  beforeAll(() => {
    if (!workerIsBuilt() || !buildIsCurrent()) execFileSync("npm", ["run", "build:worker"], { stdio: "inherit" });
    chunks = bundledChunks();
  }, 1_200_000);

  it(`stays under ${WORKER_GZIP_FAIL_KIB} KiB gzip, with a warning from ${WORKER_GZIP_WARN_KIB}`, ({ annotate }) => {
    const { gzipKiB } = measureWorkerSize();
    expect(gzipKiB).toBeGreaterThan(0);
    const verdict = sizeVerdict(gzipKiB);
    if (verdict.warning) annotate(verdict.warning, "warning");
    expect(verdict, verdict.warning).toEqual(expect.objectContaining({ ok: true }));
  }, 60_000);

  it("ships each library once: one installed copy, in one chunk", () => {
    expect(packagesInstalledTwice(bundleInputs())).toEqual([]);
    const libraries = runtimeLibraries();
    expect(libraries.map((library) => library.name)).toEqual(
      expect.arrayContaining(["ai", "zod", "workers-ai-provider"]),
    );
    expect(librariesInstalledTwice(libraries).filter((twice) => !twice.name.startsWith("@types/"))).toEqual([]);
    const fingerprinted = libraries.map((library) => libraryFingerprints(library.name, library.dir));
    // The detector sees the libraries it checks: the AI SDK's own words are in the bundle.
    const ai = fingerprinted.find((library) => library.name === "@ai-sdk/provider-utils");
    expect(ai && fingerprintsFound(chunks, ai)).toBeGreaterThan(5);
    const inChunks = Object.fromEntries(
      librariesInTwoChunks(chunks, fingerprinted).map(({ name, chunks }) => [name, chunks.length]),
    );
    expect(inChunks).toEqual({});
  }, 60_000);

  it("leaves out what no request reaches, each file a stub that names itself", () => {
    const bundle = readFileSync(SERVER_BUNDLE, "utf8");
    for (const { file } of LEFT_OUT) expect(bundle, file).toContain(`${file} is left out of this Worker`);
    expect(bundle).not.toContain("FAST_JWT_CACHE_KEY_BUILDER_SECURITY_RISK");
  });

  it("leaves out what it never calls: the AI Gateway and Vercel's OIDC", () => {
    const inputs = bundleInputs().map((input) => input.path);
    expect(inputs.filter((file) => /node_modules\/(@ai-sdk\/gateway|@vercel\/oidc)\//.test(file))).toEqual([]);
    for (const name of ["@ai-sdk/gateway", "@vercel/oidc"]) {
      const library = libraryFingerprints(name, `node_modules/${name}`);
      expect(library.fingerprints.size, name).toBeGreaterThan(20);
      // A stray literal it shares with another library (a media type) is not the library.
      expect(fingerprintsFound(chunks, library) / library.fingerprints.size, name).toBeLessThan(0.05);
    }
  });

  // The same build's prerendered HTML and chunks: sizes are deterministic for a build.
  it("ships at most 150 KiB gzip of JavaScript on the Lab agent page's first load", () => {
    // The route's own folder (app/[locale]/lab/agent), in the studio's first language.
    const js = firstLoadJsKiB(`${DEFAULT_LOCALE}/lab/agent`);
    expect(js.scripts).toBeGreaterThan(3);
    expect(js.gzipKiB).toBeLessThanOrEqual(150);
  });

  // React DOM and Next's router are ~128 KiB of every page: what is above it is the site's.
  it.each([
    ["", 140],
    ["/contact", 145],
    ["/lab", 145],
    ["/lab/assistant", 145],
    ["/lab/reviewer", 145],
  ])("ships at most its budget of JavaScript on a page's first load (%s: %i KiB gzip)", (folder, budget) => {
    const js = firstLoadJsKiB(`${LOCALES[0]}${folder}`);
    expect(js.scripts).toBeGreaterThan(3);
    expect(js.gzipKiB).toBeLessThanOrEqual(budget);
  });
});
