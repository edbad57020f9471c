// `npm run knowledge`: validates content/ and writes content/generated/ (commit the result).
// The language data first: the search index is built by code that reads it, imported after.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ContentError, loadStudio } from "../lib/content/load";
import { studioLanguageData } from "../lib/i18n/language-data/build";

const write = (file: string, text: string) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  console.log(`wrote ${file} (${(Buffer.byteLength(text) / 1024).toFixed(1)} KiB)`);
};

try {
  const site = await loadStudio("content");
  const languages = await studioLanguageData(site);
  write("content/generated/language-data.json", `${JSON.stringify(languages)}\n`);
  const { generatedFiles } = await import("../lib/content/build");
  for (const [file, text] of Object.entries(generatedFiles(site, languages))) {
    if (file !== "content/generated/language-data.json") write(file, text);
  }
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  console.error(`Invalid content in content/${error.message}`);
  process.exit(1);
}
