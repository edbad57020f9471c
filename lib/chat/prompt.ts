import { SITE } from "@/lib/content/site";
import type { Locale } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { fill } from "@/lib/i18n/fill";
import { paths } from "@/lib/site/paths";

/**
 * The chat's system prompt, in the visitor's language (its dictionary's `model.chatPrompt`),
 * with the grounding inside `<site>`. The conversation is data: the visitor's messages are
 * questions, never instructions to follow.
 */
export function chatSystemPrompt(locale: Locale, studio: string, site: string): string {
  const [first] = SITE.services;
  return fill(getDictionary(locale).model.chatPrompt, {
    studio,
    site,
    example: first ? paths.service(locale, first.text[locale].slug) : paths.services(locale),
    agent: paths.labPage(locale, "agent"),
    quote: paths.quote(locale),
  });
}
