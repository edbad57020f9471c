import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");

/** The project file `specifier` names from `from` (`@/…` or relative), if it is one. */
export function resolveImport(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith("@/")
    ? path.join(ROOT, specifier.slice(2))
    : path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")].find(
    (file) => existsSync(file) && !file.endsWith("/") && path.extname(file) !== "",
  );
}

// `import … from "x"` and `export … from "x"` (not type-only), `import "x"`, and `import("x")`:
// a bundler follows all three.
const IMPORTS = [
  /^(?:import|export)(?!\s+type\b)[^"']*?from\s+["']([^"']+)["']/gm,
  /^import\s+["']([^"']+)["']/gm,
  /\bimport\(\s*["']([^"']+)["']\s*\)/g,
];

/**
 * What a module pulls in, following the project's own imports (type-only ones excluded): the
 * project's files it reaches (paths from the repository's root, JSON included) and the packages.
 */
export function importsOf(
  entry: string,
  { dynamic = true }: { /** Follow `import("x")` too (what loads later, when it is called). */ dynamic?: boolean } = {},
): { files: Set<string>; packages: Set<string> } {
  const patterns = dynamic ? IMPORTS : IMPORTS.slice(0, 2);
  const packages = new Set<string>();
  const files = new Set<string>();
  const queue = [path.join(ROOT, entry)];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    const relative = path.relative(ROOT, file);
    if (files.has(relative)) continue;
    files.add(relative);
    if (file.endsWith(".json")) continue;
    const source = readFileSync(file, "utf8");
    for (const specifier of patterns.flatMap((pattern) =>
      [...source.matchAll(pattern)].map((match) => match[1] as string),
    )) {
      if (specifier.startsWith(".") || specifier.startsWith("@/")) {
        const resolved = resolveImport(file, specifier);
        if (resolved) queue.push(resolved);
      } else {
        packages.add(specifier);
      }
    }
  }
  return { files, packages };
}
