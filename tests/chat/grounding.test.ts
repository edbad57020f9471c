// @studio demo
import { describe, expect, it } from "vitest";
import { getService, getServiceTool } from "@/lib/agent/tools/get-service";
import { searchSiteTool } from "@/lib/agent/tools/search-site";
import { groundingFor } from "@/lib/chat/grounding";
import { chatSystemPrompt } from "@/lib/chat/prompt";
import { serviceIdOfPath } from "@/lib/content/catalog";
import { searchSite } from "@/lib/search/site";
import { estimateTokens } from "@/lib/text/tokens";
import { gemmaTokens, toolSchemasJson } from "@/tests/support/gemma-tokenizer";
import { locale, ofLocale } from "@/tests/support/studio";

const es = locale("es");
const en = locale("en");

// Why the chat grounds itself with a catalog slice in its prompt rather than with tools: measured
// with the Gemma tokenizer on real questions, one call with the slice costs less input than the
// two calls a tool lookup needs (schemas on both, the results re-sent on the second). And our
// runtime estimate of the prompt never counts fewer tokens than the tokenizer.

const QUESTIONS: Record<string, string[]> = {
  es: ["¿Cuánto cuesta una tienda en línea?", "¿Quién queda con el dominio?", "¿Hacen sitios bilingües?"],
  en: ["How much is an online store?", "Who keeps the domain?", "What does the maintenance plan include?"],
};

describe.each([es, en] as const)("the chat's grounding in %s", (locale) => {
  it.each(ofLocale(QUESTIONS, locale))(
    "'%s': the slice costs less than a tool lookup",
    async (question) => {
      const grounding = groundingFor(question, locale);
      const slice = gemmaTokens(chatSystemPrompt(locale, "Taller Norte", grounding.text)) + gemmaTokens(question);
      expect(estimateTokens(chatSystemPrompt(locale, "Taller Norte", grounding.text))).toBeGreaterThanOrEqual(
        gemmaTokens(chatSystemPrompt(locale, "Taller Norte", grounding.text)),
      );

      // The same prompt without the facts, the two tools' schemas, and what one search (and the
      // service it finds) returns, as the second call re-sends it.
      const tools = { search_site: searchSiteTool({ locale }), get_service: getServiceTool({ locale }) };
      const first =
        gemmaTokens(chatSystemPrompt(locale, "Taller Norte", "")) +
        gemmaTokens(await toolSchemasJson(tools)) +
        gemmaTokens(question);
      const found = searchSite(question, locale);
      const serviceId = serviceIdOfPath(locale, found.results[0]?.path ?? "");
      const results = [found, ...(serviceId ? [getService(serviceId, locale)] : [])];
      const second = first + gemmaTokens(JSON.stringify(results)) + 40 * results.length;
      console.log(
        `grounding (${locale}) "${question}": slice ${slice} tokens, 1 call; tools ${first} + ${second} = ${first + second} tokens, 2 calls`,
      );
      expect(slice).toBeLessThan(first + second);
      expect(slice).toBeLessThan(1000);
    },
    30_000,
  );
});
