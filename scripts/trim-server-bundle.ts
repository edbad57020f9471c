// What the Worker ships and no request can reach, left out of OpenNext's server bundle.
//
// OpenNext bundles Next's server with esbuild, which keeps every CommonJS file it was given as a
// `__commonJS({"<path>"(exports, module) {…}})` wrapper, run on the first `require`. Next's server
// requires a few files only for features this site doesn't have (the Pages Router, preview mode's
// signed cookie, the test proxy); they are ~500 KiB of the bundle's 5.5 MiB. `npm run build:worker`
// runs this after `opennextjs-cloudflare build`: each file below keeps its wrapper, so a `require`
// of it still succeeds, and its body becomes a stub whose every function throws, naming the file.
//
// The build fails instead of trimming when the bundle no longer matches what the list says: a file
// missing or found twice, or required from a file the list doesn't name (a new Next that reaches
// the file from elsewhere needs a look before the file is left out again).
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parse } from "acorn";

export type LeftOut = {
  /** The file, from `node_modules/` on. */
  file: string;
  /** Why no request reaches it. */
  why: string;
  /** The files that may require it (from `node_modules/` on): the site never runs their requiring code. */
  requiredBy: string[];
};

const PAGES_RUNTIME = "next/dist/compiled/next-server/pages.runtime.prod.js";
const TEST_PROXY = "next/dist/experimental/testmode/httpget.js";
const MSW = "next/dist/compiled/@mswjs/interceptors/ClientRequest/index.js";

export const LEFT_OUT: LeftOut[] = [
  {
    file: PAGES_RUNTIME,
    why: "the Pages Router's renderer: the site is App Router only (`pages-manifest.json` lists only the static 404 and 500)",
    requiredBy: ["next/dist/server/route-modules/pages/module.compiled.js"],
  },
  {
    file: "react-dom/server.edge.js",
    why: "React's HTML renderer for the Pages Router (the App Router's is compiled into its own runtime)",
    requiredBy: [PAGES_RUNTIME],
  },
  {
    file: "react-dom/cjs/react-dom-server.edge.production.js",
    why: "React's HTML renderer for the Pages Router",
    requiredBy: ["react-dom/server.edge.js"],
  },
  { file: "styled-jsx/index.js", why: "the Pages Router's CSS-in-JS", requiredBy: [PAGES_RUNTIME] },
  {
    file: "styled-jsx/dist/index/index.js",
    why: "the Pages Router's CSS-in-JS",
    requiredBy: ["styled-jsx/index.js"],
  },
  {
    file: "next/dist/compiled/fast-jwt/index.js",
    why: "preview mode's signed cookie, read only with the build's secret preview id (the site has no preview mode), inside a try that reads a failure as no preview",
    requiredBy: [
      "next/dist/compiled/next-server/app-page.runtime.prod.js",
      "next/dist/compiled/next-server/app-route.runtime.prod.js",
      PAGES_RUNTIME,
    ],
  },
  {
    file: MSW,
    why: "the test proxy's request interceptor (`experimental.testProxy`, off)",
    requiredBy: [TEST_PROXY],
  },
  { file: "next/dist/compiled/debug/index.js", why: "the test proxy's logger", requiredBy: [MSW] },
];

const NODE_MODULES = "node_modules/";

/** A path from its last `node_modules/` on, as the list writes it. */
function fromNodeModules(file: string): string {
  const at = file.lastIndexOf(NODE_MODULES);
  return at === -1 ? file : file.slice(at + NODE_MODULES.length);
}

/** Every `require` between the bundle's inputs, as esbuild's metafile records it. */
export type Metafile = { inputs: Record<string, { imports: { path: string }[] }> };

/** The files that require `file`, by the metafile, from `node_modules/` on. */
function requirersOf(meta: Metafile, file: string): string[] {
  return Object.entries(meta.inputs)
    .filter(([, input]) => input.imports.some((imported) => fromNodeModules(imported.path) === file))
    .map(([importer]) => fromNodeModules(importer))
    .sort();
}

/**
 * The wrapper's function (parameters and body) for a left-out file: requiring it works, using
 * anything it exports throws. esbuild's `__commonJS` passes `(exports, module)` whichever the
 * original function named.
 */
export function stubFunction(file: string): string {
  const message = JSON.stringify(`${file} is left out of this Worker (scripts/trim-server-bundle.ts)`);
  return (
    `(exports,module){const f=function(){throw new Error(${message})};` +
    `module.exports=new Proxy(f,{get(t,k){return k==="__esModule"||k==="then"||typeof k==="symbol"?undefined:f}})}`
  );
}

type Range = { start: number; end: number };
type Node = { type: string; start: number; end: number; [key: string]: unknown };

/** Each CommonJS wrapper of an esbuild bundle: its file and the range of its function (parameters and body). */
export function commonJsWrappers(code: string): Map<string, Range[]> {
  const wrappers = new Map<string, Range[]>();
  const program = parse(code, { ecmaVersion: "latest", sourceType: "module" }) as unknown as Node;
  const stack: unknown[] = [program];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    if (
      node.type === "CallExpression" &&
      (node.callee as Node).type === "Identifier" &&
      (node.callee as { name: string }).name === "__commonJS"
    ) {
      const [object] = node.arguments as Node[];
      for (const property of (object?.type === "ObjectExpression" ? object.properties : []) as Node[]) {
        const key = property.key as Node & { value?: unknown };
        const fn = property.value as Node;
        if (key.type !== "Literal" || typeof key.value !== "string" || fn.type !== "FunctionExpression") continue;
        const file = fromNodeModules(key.value);
        wrappers.set(file, [...(wrappers.get(file) ?? []), { start: fn.start, end: fn.end }]);
      }
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const item of value) if (item && typeof item.type === "string") stack.push(item);
      if (value && typeof (value as Node).type === "string") stack.push(value);
    }
  }
  return wrappers;
}

export type Trimmed = { code: string; removedBytes: number; files: string[] };

/** The bundle with each listed file's body stubbed; throws, naming the file, where the bundle and the list disagree. */
export function trimServerBundle(code: string, meta: Metafile, leftOut: LeftOut[] = LEFT_OUT): Trimmed {
  const problems: string[] = [];
  const wrappers = commonJsWrappers(code);
  const edits: (Range & { text: string })[] = [];
  for (const entry of leftOut) {
    const found = wrappers.get(entry.file) ?? [];
    if (found.length !== 1) {
      problems.push(`${entry.file}: ${found.length} wrappers in the bundle, expected 1`);
      continue;
    }
    const unexpected = requirersOf(meta, entry.file).filter((file) => !entry.requiredBy.includes(file));
    if (unexpected.length > 0) problems.push(`${entry.file} is also required by ${unexpected.join(", ")}`);
    const [wrapper] = found as [Range];
    edits.push({ ...wrapper, text: stubFunction(entry.file) });
  }
  if (problems.length > 0) {
    throw new Error(
      `the server bundle no longer matches what scripts/trim-server-bundle.ts leaves out:\n- ${problems.join("\n- ")}`,
    );
  }
  let trimmed = code;
  let removedBytes = 0;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    removedBytes += edit.end - edit.start - edit.text.length;
    trimmed = trimmed.slice(0, edit.start) + edit.text + trimmed.slice(edit.end);
  }
  return { code: trimmed, removedBytes, files: leftOut.map((entry) => entry.file) };
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SERVER_BUNDLE = path.join(root, ".open-next", "server-functions", "default", "handler.mjs");

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const code = readFileSync(SERVER_BUNDLE, "utf8");
  const meta = JSON.parse(readFileSync(`${SERVER_BUNDLE}.meta.json`, "utf8")) as Metafile;
  const { code: trimmed, removedBytes, files } = trimServerBundle(code, meta);
  writeFileSync(SERVER_BUNDLE, trimmed);
  console.log(`left out of the server bundle: ${files.length} files, ${(removedBytes / 1024).toFixed(0)} KiB`);
}
