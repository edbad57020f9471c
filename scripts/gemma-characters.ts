// `npm run gemma-tokens` runs this: which characters Gemma's tokenizer writes as one token of their
// own, as a bitmap the run-time count reads (lib/text/gemma-characters.ts). Any other character is
// spelled in bytes (at most its UTF-8 length in tokens). `--check` fails when the committed bitmap
// differs from the tokenizer's. Only the bitmap ships, never the tokenizer.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ASTRAL_FROM, ASTRAL_TO } from "../lib/text/gemma-characters";
import { gemmaTokenizer } from "../tests/support/gemma-tokenizer";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const file = path.join(root, "lib", "text", "gemma-characters.ts");
const tokenizer = gemmaTokenizer();
const single = (code: number) =>
  tokenizer.encode(String.fromCodePoint(code), { add_special_tokens: false }).length === 1;

function bitmap(from: number, to: number): string {
  const bytes = new Uint8Array(Math.ceil((to - from + 1) / 8));
  for (let code = from; code <= to; code++) {
    // Lone surrogates are no characters: never one token.
    if (code >= 0xd800 && code <= 0xdfff) continue;
    if (single(code)) bytes[(code - from) >> 3] = (bytes[(code - from) >> 3] ?? 0) | (1 << ((code - from) & 7));
  }
  return Buffer.from(bytes).toString("base64");
}

const bmp = bitmap(0, 0xffff);
const astral = bitmap(ASTRAL_FROM, ASTRAL_TO);
const source = readFileSync(file, "utf8");
const next = source
  .replace(/export const BMP_SINGLE =\s*"[^"]*";/, `export const BMP_SINGLE =\n  "${bmp}";`)
  .replace(/export const ASTRAL_SINGLE =\s*"[^"]*";/, `export const ASTRAL_SINGLE =\n  "${astral}";`);
if (process.argv.includes("--check")) {
  if (next !== source) {
    console.error("lib/text/gemma-characters.ts differs from the tokenizer: run `npm run gemma-tokens`");
    process.exit(1);
  }
  console.log("lib/text/gemma-characters.ts matches the tokenizer");
} else {
  writeFileSync(file, next);
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
