// What the Worker's deploy bundle is made of. OpenNext bundles the server with esbuild and keeps
// esbuild's metafile (`handler.mjs.meta.json`): every file in the bundle, with its bytes. Two ways
// a library can ship twice, both read from it:
// - two installed copies of one package (`node_modules/zod` and `node_modules/x/node_modules/zod`);
// - one copy compiled into two of the bundler's chunks (Turbopack did this with the AI stack, once
//   per Lab route, opennextjs-cloudflare#1094). A chunk keeps a library's string literals as they
//   are (minifiers rename identifiers, not strings), so a library whose long literals turn up in
//   two chunks is in both.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SERVER = path.join(".open-next", "server-functions", "default");

export type BundleInput = { path: string; bytes: number };
export type Chunk = { file: string; text: string };
export type Library = { name: string; fingerprints: Set<string> };
export type TwiceShipped = { name: string; chunks: string[]; shared: number; found: number };

/** Every input of the server bundle, as esbuild recorded it for the build in `.open-next`. */
export function bundleInputs(dir = root): BundleInput[] {
  const meta = path.join(dir, SERVER, "handler.mjs.meta.json");
  if (!existsSync(meta)) throw new Error(`no ${meta}: run \`npm run build:worker\` first`);
  const { outputs } = JSON.parse(readFileSync(meta, "utf8")) as {
    outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
  };
  return Object.values(outputs).flatMap((output) =>
    Object.entries(output.inputs).map(([file, { bytesInOutput }]) => ({ path: file, bytes: bytesInOutput })),
  );
}

/** The package an input belongs to (`@scope/name`, `name`), or null for the app's own files. */
export function packageOf(input: string): { name: string; installedAt: string } | null {
  const match = /^(.*node_modules\/)((?:@[^/]+\/)?[^/]+)\//.exec(input);
  if (!match?.[1] || !match[2]) return null;
  return { name: match[2], installedAt: `${match[1]}${match[2]}` };
}

/** Packages the bundle holds from more than one installed copy. */
export function packagesInstalledTwice(inputs: BundleInput[]): { name: string; copies: string[] }[] {
  const copies = new Map<string, Set<string>>();
  for (const input of inputs) {
    const pkg = packageOf(input.path);
    if (!pkg) continue;
    copies.set(pkg.name, (copies.get(pkg.name) ?? new Set()).add(pkg.installedAt));
  }
  return [...copies]
    .filter(([, where]) => where.size > 1)
    .map(([name, where]) => ({ name, copies: [...where].sort() }));
}

/** The bundler's output chunks in the bundle: the files of `.next/server`, read from disk. */
export function bundledChunks(dir = root): Chunk[] {
  return bundleInputs(dir)
    .filter((input) => input.path.includes("/.next/server/"))
    .map((input) => ({ file: input.path, text: readFileSync(path.join(dir, input.path), "utf8") }));
}

// Long enough to be one library's own words (an error message, a URL), not a common word.
const MIN_LITERAL = 30;
const LITERAL = /"((?:[^"\\\n]|\\.){30,}?)"|'((?:[^'\\\n]|\\.){30,}?)'/g;

export function stringLiterals(code: string): Set<string> {
  const found = new Set<string>();
  for (const match of code.matchAll(LITERAL)) {
    const literal = match[1] ?? match[2];
    if (literal && literal.length >= MIN_LITERAL) found.add(literal);
  }
  return found;
}

/**
 * A library's fingerprints: the long string literals of its JavaScript. A minimum count in the
 * chunks, and a majority of them in two chunks, keep a literal two libraries share by chance
 * (a URL, a common message) from flagging either.
 */
export function librariesInTwoChunks(chunks: Chunk[], libraries: Library[], minFound = 5): TwiceShipped[] {
  const inChunks = new Map<string, Set<string>>();
  for (const chunk of chunks) {
    for (const literal of stringLiterals(chunk.text)) {
      inChunks.set(literal, (inChunks.get(literal) ?? new Set()).add(chunk.file));
    }
  }
  const twice: TwiceShipped[] = [];
  for (const library of libraries) {
    let found = 0;
    let shared = 0;
    const where = new Map<string, number>();
    for (const literal of library.fingerprints) {
      const files = inChunks.get(literal);
      if (!files) continue;
      found += 1;
      if (files.size < 2) continue;
      shared += 1;
      for (const file of files) where.set(file, (where.get(file) ?? 0) + 1);
    }
    if (found >= minFound && shared * 2 > found) {
      const chunksWithMost = [...where].filter(([, count]) => count * 2 > shared).map(([file]) => file);
      twice.push({ name: library.name, chunks: chunksWithMost.sort(), shared, found });
    }
  }
  return twice;
}

/** How many of a library's fingerprints are in the chunks at all (0: it is not bundled). */
export function fingerprintsFound(chunks: Chunk[], library: Library): number {
  const all = new Set<string>();
  for (const chunk of chunks) for (const literal of stringLiterals(chunk.text)) all.add(literal);
  return [...library.fingerprints].filter((literal) => all.has(literal)).length;
}

function javaScriptFiles(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) files.push(...javaScriptFiles(file));
    else if (/\.(c|m)?js$/.test(name)) files.push(file);
  }
  return files;
}

/** The fingerprints of the package installed in `packageDir`. */
export function libraryFingerprints(name: string, packageDir: string): Library {
  const fingerprints = new Set<string>();
  for (const file of javaScriptFiles(packageDir)) {
    for (const literal of stringLiterals(readFileSync(file, "utf8"))) fingerprints.add(literal);
  }
  return { name, fingerprints };
}

// The framework Next compiles into its own runtime files (outside the chunks), and build tools.
const NOT_IN_CHUNKS = new Set(["next", "react", "react-dom", "@opennextjs/cloudflare", "server-only"]);

/** Where Node resolves `name` from `fromDir`: the nearest `node_modules/<name>` up the tree. */
function resolvePackage(name: string, fromDir: string, top: string): string | undefined {
  for (let dir = fromDir; dir.startsWith(top); dir = path.dirname(dir)) {
    const candidate = path.join(dir, "node_modules", name);
    if (existsSync(path.join(candidate, "package.json"))) return candidate;
    if (dir === top) break;
  }
  return undefined;
}

export type InstalledLibrary = { name: string; dir: string };

/**
 * The app's runtime dependencies and theirs, each where Node resolves it (so a package two
 * dependents get from different copies is listed twice): the libraries the chunks can hold.
 */
export function runtimeLibraries(dir = root): InstalledLibrary[] {
  const readManifest = (packageDir: string) =>
    JSON.parse(readFileSync(path.join(packageDir, "package.json"), "utf8")) as {
      dependencies?: Record<string, string>;
    };
  const seen = new Map<string, InstalledLibrary>();
  const queue: { name: string; from: string }[] = Object.keys(readManifest(dir).dependencies ?? {}).map((name) => ({
    name,
    from: dir,
  }));
  while (queue.length > 0) {
    const { name, from } = queue.pop() as { name: string; from: string };
    if (NOT_IN_CHUNKS.has(name)) continue;
    const packageDir = resolvePackage(name, from, dir);
    if (!packageDir || seen.has(packageDir)) continue;
    seen.set(packageDir, { name, dir: packageDir });
    for (const dep of Object.keys(readManifest(packageDir).dependencies ?? {}))
      queue.push({ name: dep, from: packageDir });
  }
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name) || a.dir.localeCompare(b.dir));
}

/** Runtime libraries installed at more than one place (two versions a bundler would both ship). */
export function librariesInstalledTwice(libraries: InstalledLibrary[]): { name: string; copies: string[] }[] {
  const byName = new Map<string, string[]>();
  for (const library of libraries) byName.set(library.name, [...(byName.get(library.name) ?? []), library.dir]);
  return [...byName].filter(([, dirs]) => dirs.length > 1).map(([name, copies]) => ({ name, copies }));
}
