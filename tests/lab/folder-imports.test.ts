import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, resolveImport } from "@/tests/support/import-graph";

// Guards the direction of the Lab's folders: the uses (agent, chat, review) build on the shared
// path (lab), which builds on the gate and units (api) and the model table (ai); none of those
// reaches back up. A loop between folders (agent <-> ai, or a use -> api -> that use) means a
// shared part is hiding inside one feature.

const topFolder = (entry: string) => (entry.split(path.sep)[0] as string).replace(/\.tsx?$/, "");

/** The lib folder an import of `lib/<entry>` lands in (`@/lib/…` or relative), if it lands in lib. */
function importedFolder(entry: string, specifier: string): string | undefined {
  const file = resolveImport(path.join(ROOT, "lib", entry), specifier);
  const target = file && path.relative(path.join(ROOT, "lib"), file);
  return target && !target.startsWith("..") ? topFolder(target) : undefined;
}

/**
 * What a source file imports: `import`/`export … from` (type-only too: they couple the folders as
 * much) and `import("…")` (a bundler follows it).
 */
function specifiersOf(source: string): string[] {
  return [
    ...source.matchAll(/^(?:import|export)[^"']*?from\s+["']([^"']+)["']/gm),
    ...source.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
  ].map((match) => match[1] as string);
}

/** Folder -> the folders its files import. */
function folderGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  const lib = path.join(ROOT, "lib");
  for (const entry of readdirSync(lib, { recursive: true, encoding: "utf8" })) {
    if (!/\.tsx?$/.test(entry)) continue;
    // A module at lib's top level (lib/config.ts) is a folder of its own.
    const from = topFolder(entry);
    const source = readFileSync(path.join(lib, entry), "utf8");
    for (const specifier of specifiersOf(source)) {
      const to = importedFolder(entry, specifier);
      if (!to || to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string>();
      if (!edges.has(to)) edges.set(to, `lib/${entry}`);
      graph.set(from, edges);
    }
  }
  return graph;
}

/** Every loop of folders, each step with the file that makes it; found once, from its first folder by name. */
function cycles(graph: Map<string, Map<string, string>>): string[] {
  const found = new Set<string>();
  const walk = (start: string, at: string, trail: string[]) => {
    for (const [next, file] of graph.get(at) ?? []) {
      if (next === start) {
        found.add([...trail, `${at} -> ${next} (${file})`].join(" | "));
      } else if (!trail.some((step) => step.startsWith(`${next} ->`)) && next > start) {
        walk(start, next, [...trail, `${at} -> ${next} (${file})`]);
      }
    }
  };
  for (const folder of graph.keys()) walk(folder, folder, []);
  return [...found];
}

describe("lib's folders", () => {
  const graph = folderGraph();

  it("see the shared path from every use, and the model table from the path", () => {
    for (const use of ["agent", "chat", "review"]) expect(graph.get(use)?.has("lab"), use).toBe(true);
    expect(graph.get("lab")?.has("ai")).toBe(true);
    expect(graph.get("lab")?.has("api")).toBe(true);
  });

  it("keep the shared platform under the features: the contact form takes it, not the Lab's quota", () => {
    // The platform (database, salt, visitor) imports no other lib folder.
    expect([...(graph.get("platform")?.keys() ?? [])]).toEqual([]);
    for (const feature of ["quota", "contact", "lab", "config"]) {
      expect(graph.get(feature)?.has("platform"), feature).toBe(true);
    }
    // The contact form and the inbox get their client and the visitor from the platform.
    expect(graph.get("contact")?.get("quota")).toBeUndefined();
    expect(graph.get("contact")?.get("api")).toBeUndefined();
  });

  it("import in one direction: no loop between the Lab's folders", () => {
    // The content's own loop (content, site, i18n, search: the catalog's build names the site's
    // paths and builds the search index; the site's metadata and the formats read the content)
    // involves none of the Lab's folders.
    const lab = new Set(["agent", "chat", "review", "lab", "ai", "api", "quota", "platform", "text", "config"]);
    // Known, outside the Lab's path: the configuration module reads the contact settings while the
    // contact code reads the configuration (lib/config.ts <-> lib/contact/settings-read.ts); every
    // loop through that step is that one. Moving the reader beside the configuration ends it.
    const loops = cycles(graph)
      .filter((loop) => [...lab].some((folder) => loop.includes(`${folder} ->`)))
      .filter((loop) => !loop.includes("config -> contact ("))
      // lib/config.ts validates SITE_URL with lib/site/public-origin.ts, a file that imports nothing:
      // a loop between folders, not between modules.
      .filter((loop) => !loop.includes("config -> site (lib/config.ts)"));
    expect(loops).toEqual([]);
  });

  it("follow relative imports as well as @/lib/ ones", () => {
    const providers = path.join("ai", "providers.ts");
    expect(importedFolder(providers, "../agent/budget")).toBe("agent");
    expect(importedFolder(providers, "./stream-window")).toBe("ai");
    expect(importedFolder("config.ts", "./site/public-origin")).toBe("site");
    expect(importedFolder(providers, "@/lib/quota/quota")).toBe("quota");
    expect(importedFolder(providers, "../../components/chat/chat-copy")).toBeUndefined();
    expect(importedFolder(providers, "zod")).toBeUndefined();
  });

  it("would see a loop if one came back (the check itself)", () => {
    const looped = new Map(graph);
    looped.set("ai", new Map([...(graph.get("ai") ?? []), ["agent", "lib/ai/example.ts"]]));
    expect(cycles(looped).some((loop) => loop.includes("ai -> agent"))).toBe(true);
  });
});

/** For each file of `components/<folder>/`, the other components folders it imports. */
function componentImports(folder: string): { file: string; to: string }[] {
  const components = path.join(ROOT, "components");
  const found: { file: string; to: string }[] = [];
  for (const entry of readdirSync(path.join(components, folder), { recursive: true, encoding: "utf8" })) {
    if (!/\.tsx?$/.test(entry)) continue;
    const file = path.join(components, folder, entry);
    for (const specifier of specifiersOf(readFileSync(file, "utf8"))) {
      const target = resolveImport(file, specifier);
      const relative = target && path.relative(components, target);
      if (!relative || relative.startsWith("..")) continue;
      const to = topFolder(relative);
      if (to !== folder) found.push({ file: path.relative(ROOT, file), to });
    }
  }
  return found;
}

// The Lab's consoles: components/lab is their shared core (copy, problems, amount warning, the
// answers' Markdown, the chat engine); the agent, the assistant and the reviewer build on it and not
// on each other. Only the studio's view (lab-view) shows all three, so it may import each.
describe("the Lab consoles' folders", () => {
  it("keep the shared core free of any one console", () => {
    const uses = new Set(["agent", "chat", "review", "lab-view"]);
    expect(componentImports("lab").filter(({ to }) => uses.has(to))).toEqual([]);
  });

  it("build each console on the shared core, not on another console", () => {
    for (const use of ["agent", "chat", "review"]) {
      const others = new Set(["agent", "chat", "review", "lab-view"].filter((folder) => folder !== use));
      expect(
        componentImports(use).filter(({ to }) => others.has(to)),
        use,
      ).toEqual([]);
      expect(componentImports(use).some(({ to }) => to === "lab")).toBe(true);
    }
  });
});
