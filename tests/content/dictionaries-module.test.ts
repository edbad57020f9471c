// Guards "only the studio's languages reach the Worker": the site reads its UI texts from
// content/generated/dictionaries.ts alone, so what that module imports is what the bundle carries.
// A one-language studio's module names its own dictionary and no other shipped one; a language
// with no shipped dictionary is written into the module, importing none.
import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import YAML from "yaml";
import { generatedFiles } from "@/lib/content/build";
import { DICTIONARIES_DIR, loadStudio } from "@/lib/content/load";
import { en } from "@/lib/i18n/dictionaries/en";
import { FIXTURES_DIR } from "@/tests/support/studios";

const SHIPPED = readdirSync(DICTIONARIES_DIR).map((file) => path.basename(file, ".ts"));

async function dictionariesModule(content: string): Promise<string> {
  return generatedFiles(await loadStudio(content))["content/generated/dictionaries.ts"] ?? "";
}

/** The shipped languages a generated module mentions, by import path or by name. */
function shippedNamed(module: string): string[] {
  return SHIPPED.filter(
    (code) =>
      module.includes(`dictionaries/${code}"`) || new RegExp(`\\b${code}\\b(?!")`).test(module.replace(/"[^"]*"/g, "")),
  );
}

/** The `us` fixture (English only) turned into a Dutch-only studio: every `en` text under `nl`, the dictionary in copy.nl.yaml. */
function dutchOnly(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "content-nl-only-"));
  cpSync(path.join(FIXTURES_DIR, "us"), dir, { recursive: true });
  const retag = (file: string) => {
    const text = readFileSync(path.join(dir, file), "utf8");
    writeFileSync(path.join(dir, file), text.replace(/^(\s*)en:/gm, "$1nl:").replace("locales: [en]", "locales: [nl]"));
  };
  for (const file of ["studio.yaml", ...readdirSync(path.join(dir, "services")).map((f) => `services/${f}`)])
    retag(file);
  for (const folder of ["projects", "blog", "lab"]) {
    for (const file of readdirSync(path.join(dir, folder))) {
      renameSync(path.join(dir, folder, file), path.join(dir, folder, file.replace(".en.md", ".nl.md")));
    }
  }
  renameSync(path.join(dir, "faq.en.yaml"), path.join(dir, "faq.nl.yaml"));
  rmSync(path.join(dir, "copy.en.yaml"));
  writeFileSync(path.join(dir, "copy.nl.yaml"), YAML.stringify(en));
  return dir;
}

const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

describe("the generated dictionaries module", () => {
  it("knows the shipped languages it must leave out", () => {
    expect(SHIPPED).toEqual(expect.arrayContaining(["es", "en", "de", "fr", "pt", "it"]));
  });

  it.each([
    ["us", ["en"]],
    ["ch", ["fr"]],
    ["it", ["en", "it"]],
  ])("of the %s fixture imports %j and no other shipped dictionary", async (fixture, languages) => {
    const module = await dictionariesModule(path.join(FIXTURES_DIR, fixture));
    expect(shippedNamed(module).sort()).toEqual(languages);
    expect(module.match(/^import \{/gm)).toHaveLength(languages.length);
  });

  it("of a studio in a language with no shipped dictionary imports none, and holds that language's texts", async () => {
    const dir = dutchOnly();
    temporary.push(dir);
    const module = await dictionariesModule(dir);
    expect(shippedNamed(module)).toEqual([]);
    expect(module).not.toMatch(/^import \{/m);
    expect(module).toContain('Record<"nl", Dictionary> = { "nl": {');
    expect(module).toContain(JSON.stringify(en.nav.switchTo));
  });
});
