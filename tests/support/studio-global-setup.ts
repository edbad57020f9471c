// A fixture project's global setup (vitest.config.ts): builds tests/fixtures/studios/<name> into
// .studios/<name>/content/generated/ exactly as `npm run knowledge` builds content/, so the
// project's tests import that studio's catalog, settings and dictionaries.
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { loadStudio } from "@/lib/content/load";
import { studioLanguageData } from "@/lib/i18n/language-data/build";
import { BUILT_DIR, FIXTURES_DIR } from "./studios";

export async function setup(project: TestProject): Promise<void> {
  // The fixture, whichever of its projects (a pool each, vitest.config.ts) asks.
  const name = project.getProvidedContext().studio;
  const site = await loadStudio(path.join(FIXTURES_DIR, name));
  const write = (file: string, text: string) => {
    const target = path.join(BUILT_DIR, name, file);
    mkdirSync(path.dirname(target), { recursive: true });
    // Whole files only: another run reading the same fixture never sees half of one.
    const partial = `${target}.${process.pid}`;
    writeFileSync(partial, text);
    renameSync(partial, target);
  };
  // The language data first: the search index is built by code that reads it, imported after.
  const languages = await studioLanguageData(site);
  write("content/generated/language-data.json", `${JSON.stringify(languages)}\n`);
  const { generatedFiles } = await import("@/lib/content/build");
  for (const [file, text] of Object.entries(generatedFiles(site, languages))) write(file, text);
}
