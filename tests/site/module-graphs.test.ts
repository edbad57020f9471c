import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { LOCALES } from "@/lib/i18n/config";
import { importsOf, ROOT } from "@/tests/support/import-graph";

// Next compiles the server several times over, one module graph per kind of entry, and each graph
// ships in the Worker: what two graphs import is in the Worker twice (`tests/worker-size.test.ts`
// counts the copies). Two of those graphs are ours to keep small: the one for server actions a
// client component imports, and the one for `instrumentation.ts`.

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((entry) => /\.tsx?$/.test(entry))
    .map((entry) => path.join(dir, entry));
}

function directive(file: string): "use client" | "use server" | null {
  const first = /^\s*["'](use client|use server)["']/.exec(readFileSync(path.join(ROOT, file), "utf8"));
  return (first?.[1] as "use client" | "use server" | undefined) ?? null;
}

const SOURCES = ["app", "components", "lib"].flatMap(sourceFiles);

describe("server actions", () => {
  const actions = SOURCES.filter((file) => directive(file) === "use server");

  it("are found (the check below has something to look for)", () => {
    expect(actions).toEqual(expect.arrayContaining(["lib/contact/actions.ts", "lib/contact/inbox-actions.ts"]));
  });

  it("reach client components as props from their page, never through an import", () => {
    // An action a client module imports is compiled again with everything it reaches (the store,
    // the quota, zod, the content) for that client: the contact form's action did, 100 KiB gzip.
    const imported = SOURCES.filter((file) => directive(file) === "use client").flatMap((client) =>
      [...importsOf(client).files].filter((file) => actions.includes(file)).map((action) => `${client} -> ${action}`),
    );
    expect(imported).toEqual([]);
  });
});

describe("the contact form and the inbox", () => {
  // They share the deployment's database and visitor (lib/platform), not the Lab's quota: the quota's
  // stores, Lua scripts and rate limiter stay out of their graphs (only its settings' reader, through
  // the configuration module).
  it.each(["lib/contact/actions.ts", "lib/contact/inbox-actions.ts"])(
    "%s reaches none of the quota's stores",
    (entry) => {
      const files = [...importsOf(entry).files];
      expect(files).toContain("lib/platform/index.ts");
      expect(files.filter((file) => file.startsWith("lib/quota/"))).toEqual(["lib/quota/settings.ts"]);
    },
  );
});

describe("instrumentation.ts", () => {
  it("reaches only what the Node server's response guard needs", () => {
    // Anything more (the settings, the quota, the content) is a second copy in the Worker: checking
    // the settings at start would cost 110 KiB gzip, so they are checked where they are used.
    // The dictionaries are the one exception (~17 KiB gzip): the page a form posted without
    // JavaScript gets for a body over the limit says so in the page's language.
    const { files, packages } = importsOf("instrumentation.ts");
    // A shipped language's dictionary is its file in lib/i18n/dictionaries/; another language's is
    // written into content/generated/dictionaries.ts by `npm run knowledge` (docs/configuration.md).
    const shipped = LOCALES.map((locale) => `lib/i18n/dictionaries/${locale}.ts`).filter((file) =>
      existsSync(path.join(ROOT, file)),
    );
    expect([...files].sort()).toEqual(
      [
        "content/generated/dictionaries.ts",
        "content/generated/settings.ts",
        "instrumentation.ts",
        "lib/i18n/config.ts",
        ...shipped,
        "lib/i18n/fill.ts",
        ...(shipped.length ? ["lib/i18n/plural-forms.ts"] : []),
        "lib/platform/client-ip.ts",
        "lib/platform/errors.ts",
        "lib/platform/ip-hash.ts",
        "lib/server-mode.ts",
        "lib/site/internal-requests.ts",
        "lib/site/node-response-guard.ts",
        "lib/site/response-guard.ts",
        "lib/site/security-headers.ts",
        "lib/site/too-large-page.ts",
      ].sort(),
    );
    expect([...packages].filter((name) => !name.startsWith("node:") && name !== "server-only")).toEqual([]);
  });

  // Next compiles the file for its edge runtime too, with NEXT_RUNTIME replaced by a literal; a
  // Node module left in that graph prints a warning on every compile of `next dev`. esbuild drops
  // dead branches the way Next's compilers do, so it shows what each graph keeps.
  async function graphFor(runtime: "edge" | "nodejs"): Promise<string[]> {
    const { metafile } = await build({
      entryPoints: [path.join(ROOT, "instrumentation.ts")],
      absWorkingDir: ROOT,
      bundle: true,
      write: false,
      metafile: true,
      platform: "neutral",
      format: "esm",
      define: { "process.env.NEXT_RUNTIME": JSON.stringify(runtime) },
      external: ["node:*", "server-only"],
      logLevel: "silent",
    });
    return Object.values(metafile.inputs).flatMap((input) => input.imports.map((entry) => entry.path));
  }

  it("loads no Node module in the edge runtime's graph, and still installs the guard in Node's", async () => {
    expect((await graphFor("edge")).filter((name) => name.startsWith("node:"))).toEqual([]);
    expect(await graphFor("nodejs")).toContain("node:http");
  });
});
