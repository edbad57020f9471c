import { groundingQuery } from "@/lib/chat/grounding";
import { CATALOG } from "@/lib/content/catalog";
import type { Locale } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { formatCop, formatWeeks } from "@/lib/i18n/format";
import { searchSite } from "@/lib/search/site";
import { paths } from "@/lib/site/paths";
import { OFFLINE_ASSISTANT_ID } from "./offline-assistant-id";
import { textStreamModel, userTexts } from "./text-stream-model";

export { OFFLINE_ASSISTANT_ID };

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
}

/**
 * The offline assistant's answer: what `search_site` finds for the visitor's last message, with a
 * link to the best page (and its starting price and weeks when it is a service), never more. Its
 * copy comes from the dictionary; it says what it is in its first sentence.
 */
export function offlineAnswer(question: string, locale: Locale): string {
  const copy = getDictionary(locale).assistant.offline;
  const links = { agent: `/${locale}/lab/agent`, quote: paths.quote(locale), contact: paths.contact(locale) };
  const [best, ...rest] = searchSite(question, locale).results;
  if (!best) return `${copy.intro} ${fill(copy.nothing, links)}`;
  const lines = [copy.intro, fill(copy.best, { title: best.title, path: best.path, snippet: best.snippet })];
  const serviceId = /\/services\/([a-z0-9-]+)$/.exec(best.path)?.[1];
  const service = CATALOG[locale].services.find((known) => known.id === serviceId);
  if (service) {
    const { price, weeks } = service;
    lines.push(fill(copy.service, { price: formatCop(price.min, locale), weeks: formatWeeks(weeks, locale) }));
  }
  if (rest.length > 0) {
    const more = rest.slice(0, 2).map((hit) => `[${hit.title}](${hit.path})`);
    lines.push(fill(copy.more, { links: more.join(", ") }));
  }
  lines.push(fill(copy.estimate, links));
  return lines.join("\n\n");
}

/** The chat's model when no account is configured: deterministic, and labelled as such on the page. */
export function createOfflineAssistant({ locale, chunkDelayMs }: { locale: Locale; chunkDelayMs?: number }) {
  return textStreamModel({
    modelId: OFFLINE_ASSISTANT_ID,
    chunkDelayMs,
    // It searches for what the route grounded the answer in, so every amount it quotes is verified.
    write: ({ prompt }) => offlineAnswer(groundingQuery(userTexts(prompt)), locale),
  });
}
