import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "@/tests/support/import-graph";

// Each font size and weight a page shows is a font the browser sets up before its first layout
// (a few milliseconds each on a phone, measured with Lighthouse's 4x CPU: a page with a dozen was
// ~100 ms of layout, one with two ~25). So every stylesheet picks from the scale in
// app/globals.css and the two weights, never a size of its own; e2e/accessibility.spec.ts checks
// what each page ends up showing.

const stylesheets = ["app", "components"].flatMap((dir) =>
  readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".css"))
    .map((file) => path.join(dir, file)),
);
const declarations = (property: string) =>
  stylesheets.flatMap((file) =>
    [
      ...readFileSync(path.join(ROOT, file), "utf8").matchAll(
        new RegExp(`(?<![-\\w])${property}\\s*:\\s*([^;}]+)`, "g"),
      ),
    ].map((match) => `${file}: ${match[1]?.trim()}`),
  );
const declared = (declaration: string) => declaration.slice(declaration.indexOf(": ") + 2);

describe("the type scale", () => {
  const root = readFileSync(path.join(ROOT, "app/globals.css"), "utf8");
  const scale = [...root.matchAll(/--(text-[a-z0-9]+)\s*:/g)].map((match) => match[1]);

  it("is three sizes besides the body's 1rem", () => {
    expect(scale).toEqual(["text-sm", "text-lg", "text-xl"]);
  });

  it("is where every stylesheet takes its font sizes", () => {
    const allowed = new Set(["1rem", "inherit", ...scale.map((name) => `var(--${name})`)]);
    const sizes = declarations("font-size");
    expect(sizes.length).toBeGreaterThan(20);
    expect(sizes.filter((declaration) => !allowed.has(declared(declaration)))).toEqual([]);
  });

  it("has two weights, 400 and 700", () => {
    const weights = declarations("font-weight");
    expect(weights.length).toBeGreaterThan(10);
    expect(weights.filter((declaration) => !["400", "700", "inherit"].includes(declared(declaration)))).toEqual([]);
  });

  it("pairs each size with its weights: small text never bold, the large sizes always", () => {
    // What one rule sets; the pairs a page ends up showing, inherited ones too, are checked on
    // every page by e2e/accessibility.spec.ts.
    const blocks = stylesheets.flatMap((file) =>
      readFileSync(path.join(ROOT, file), "utf8")
        .split("}")
        .map((block) => `${file}: ${block.replace(/\s+/g, " ").trim()}`),
    );
    const pairs = (size: RegExp, weight: string) =>
      blocks.filter((block) => size.test(block) && block.includes(`font-weight: ${weight}`));
    expect(pairs(/font-size: var\(--text-sm\)/, "700")).toEqual([]);
    expect(pairs(/font-size: var\(--text-(lg|xl)\)/, "400")).toEqual([]);
  });

  it("is not stepped around with the font shorthand or inline styles", () => {
    expect(declarations("font").filter((declaration) => declared(declaration) !== "inherit")).toEqual([]);
    const inline = ["app", "components"].flatMap((dir) =>
      readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
        .filter((file) => file.endsWith(".tsx"))
        .filter((file) => /fontSize|fontWeight/.test(readFileSync(path.join(ROOT, dir, file), "utf8"))),
    );
    expect(inline).toEqual([]);
  });
});
