import type { Locale } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { fill } from "@/lib/i18n/fill";

/**
 * The system prompt, in the run's language (its dictionary's `model.agentPrompt`). It is re-sent
 * on every model call with the four tool schemas, so it stays short (tests/agent/prompt.test.ts
 * keeps each under 700 Gemma tokens).
 */
export function systemPrompt(locale: Locale, studio: string): string {
  return fill(getDictionary(locale).model.agentPrompt, { studio });
}
