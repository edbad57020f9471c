import { SETTINGS } from "@/content/generated/settings";
import { CATALOG } from "@/lib/content/catalog";
import type { Locale } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { formatMonths } from "@/lib/i18n/duration";
import { fill } from "@/lib/i18n/fill";
import { searchSite } from "@/lib/search/site";

/** Search hits for the visitor's question that go into the prompt beside the services. */
const GROUNDING_HITS = 3;

/** What the chat searches the site for: the visitor's last two questions, so a follow-up ("and how long?") keeps its subject. */
export function groundingQuery(questions: readonly string[]): string {
  return questions.slice(-2).join(" ");
}

export type Grounding = {
  /** The facts as the model reads them. */
  text: string;
  /** The same facts as data: the only numbers that verify an amount in the answer. */
  data: unknown[];
};

/**
 * What the chat answers from, chosen by measured token cost (tests/chat/grounding.test.ts): the
 * services in one line each, plus the site's best search hits for the question, in the system
 * prompt of a single model call. Offering `search_site` and `get_service` as tools costs their
 * schemas plus a second call that re-sends the conversation and the results, about twice as much.
 */
export function groundingFor(question: string, locale: Locale): Grounding {
  const label = getDictionary(locale).model.grounding;
  const services = CATALOG[locale].services.map((service) => ({
    name: service.name,
    path: service.path,
    startingPrice: service.price.min,
    // A plan's length is its months; its weeks are only its start.
    duration: service.term
      ? fill(label.term, { months: formatMonths(service.term.months, locale) })
      : `${service.weeks.min}-${service.weeks.max} ${label.weeks}`,
  }));
  const hits = searchSite(question, locale).results.slice(0, GROUNDING_HITS);
  const text = [
    `${fill(label.services, { currency: SETTINGS.currency })}:`,
    ...services.map((s) => `- ${s.name} (${s.path}): ${fill(label.from, { price: s.startingPrice })}, ${s.duration}`),
    `${label.found}:`,
    ...hits.map((hit) => `- ${hit.title} (${hit.path}): ${hit.snippet}`),
  ].join("\n");
  return { text, data: [services, hits] };
}
