// @studio demo
import { asSchema, type ToolSet } from "ai";
import { describe, expect, it } from "vitest";
import { createAgentTools, TOOL_NAMES } from "@/lib/agent/tools";
import { gemmaTokens, toolSchemasJson } from "@/tests/support/gemma-tokenizer";
import { locale } from "@/tests/support/studio";

const es = locale("es");

const tools: ToolSet = createAgentTools({ locale: es });

describe("createAgentTools", () => {
  it("names the four tools as the prompt and the loop know them", () => {
    expect(Object.keys(tools)).toEqual([...TOOL_NAMES]);
  });

  it("sends compact schemas: every field described, no $schema or pattern", async () => {
    for (const tool of Object.values(tools)) {
      const schema = await asSchema(tool.inputSchema).jsonSchema;
      const { properties } = schema as { properties: Record<string, { description?: string }> };
      for (const field of Object.values(properties)) expect(field.description).toBeTruthy();
      expect(JSON.stringify(schema)).not.toMatch(/\$schema|"pattern"/);
    }
  });

  // Re-sent on every model call of every run: each tool's share of the 700-token fixed prefix.
  it("keeps each tool definition within 125 Gemma tokens, and all four within 400", async () => {
    const counts = await Promise.all(
      Object.entries(tools).map(async ([name, tool]) => gemmaTokens(await toolSchemasJson({ [name]: tool }))),
    );
    for (const count of counts) expect(count).toBeLessThanOrEqual(125);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBeLessThanOrEqual(400);
  }, 20_000);
});
