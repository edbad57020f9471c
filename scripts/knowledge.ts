// `npm run knowledge`: validates content/ and writes content/generated/ (commit the result).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { generatedFiles, studioLanguageData } from "../lib/content/build";
import { ContentError, loadStudio } from "../lib/content/load";

try {
  const site = await loadStudio("content");
  const files = generatedFiles(site, undefined, await studioLanguageData(site));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    console.log(`wrote ${file} (${(Buffer.byteLength(text) / 1024).toFixed(1)} KiB)`);
  }
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  console.error(`Invalid content in content/${error.message}`);
  process.exit(1);
}
