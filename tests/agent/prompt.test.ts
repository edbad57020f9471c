// @studio demo
import { describe, expect, it } from "vitest";
import { systemPrompt } from "@/lib/agent/prompt";
import { createAgentTools } from "@/lib/agent/tools";
import { gemmaTokens, toolSchemasJson } from "@/tests/support/gemma-tokenizer";
import { locale } from "@/tests/support/studio";

const es = locale("es");
const en = locale("en");

// The system prompt and the four tool schemas are re-sent on every model call of every run:
// the fixed prefix must stay small (counted with the real Gemma tokenizer).
describe.each([es, en] as const)("the fixed prefix in %s", (locale) => {
  it("stays under 700 Gemma tokens", async () => {
    const prompt = systemPrompt(locale, "Taller Norte");
    const schemas = await toolSchemasJson(createAgentTools({ locale }));
    const tokens = gemmaTokens(prompt) + gemmaTokens(schemas);
    console.log(
      `fixed prefix (${locale}): ${gemmaTokens(prompt)} prompt + ${gemmaTokens(schemas)} tool schemas = ${tokens} Gemma tokens`,
    );
    expect(tokens).toBeLessThan(700);
  }, 20_000);

  it("tells the model the goal is data, prices come from estimate_quote, and which language to answer in", () => {
    const prompt = systemPrompt(locale, "Taller Norte");
    expect(prompt).toContain("<goal>");
    expect(prompt).toContain("estimate_quote");
    expect(prompt).toContain(locale === es ? "Responde en español" : "Answer in English");
  });
});
