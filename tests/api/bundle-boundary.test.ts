import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Guards the Worker's size: Next bundles each route with its own copy of what it imports, so the
// AI SDK (~590 KB raw a copy) must stay out of the routes that don't stream a model: the units-left
// endpoint and the contact form. It crept in once through lib/api/lab-units.ts (+226 KiB gzip).

const root = path.resolve(import.meta.dirname, "../..");

function resolveImport(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith("@/")
    ? path.join(root, specifier.slice(2))
    : path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")].find(
    (file) => existsSync(file) && !file.endsWith("/") && path.extname(file) !== "",
  );
}

/** The packages a module pulls in, following the project's own imports (type-only ones excluded). */
function packagesOf(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const queue = [path.join(root, entry)];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, "utf8");
    for (const match of source.matchAll(/^(?:import|export)(?!\s+type\b)[^"']*?from\s+["']([^"']+)["']/gm)) {
      const specifier = match[1] as string;
      if (specifier.startsWith(".") || specifier.startsWith("@/")) {
        const resolved = resolveImport(file, specifier);
        if (resolved && !resolved.endsWith(".json")) queue.push(resolved);
      } else {
        packages.add(specifier);
      }
    }
  }
  return packages;
}

describe("what the routes that don't stream a model bundle", () => {
  it.each(["app/api/lab/units/route.ts", "app/[locale]/contact/actions.ts"])("%s pulls in no AI SDK", (entry) => {
    const packages = [...packagesOf(entry)];
    expect(packages.length).toBeGreaterThan(0);
    expect(packages.filter((name) => name === "ai" || name.startsWith("@ai-sdk/"))).toEqual([]);
  });

  it("the agent's route does (the walk sees through the project's imports)", () => {
    expect(packagesOf("app/api/agent/route.ts").has("ai")).toBe(true);
  });
});
