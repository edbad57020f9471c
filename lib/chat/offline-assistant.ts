import { fitService, namesService } from "@/lib/ai/offline-fit";
import { textStreamModel, userTexts } from "@/lib/ai/text-stream-model";
import { CATALOG } from "@/lib/content/catalog";
import type { Locale } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { formatDuration } from "@/lib/i18n/duration";
import { fill } from "@/lib/i18n/fill";
import { formatMoney } from "@/lib/i18n/format";
import { foldWord } from "@/lib/i18n/language-data";
import { splitWords } from "@/lib/i18n/words";
import { LAB_USES } from "@/lib/lab-uses";
import { searchSite } from "@/lib/search/site";
import { paths } from "@/lib/site/paths";

type Copy = ReturnType<typeof getDictionary>["assistant"]["offline"];
type Asks = { price: boolean; time: boolean };

/** A text's words as the search folds them (accents and case aside; "いくら" found in "いくらですか"). */
function words(text: string, locale: Locale): Set<string> {
  return new Set(splitWords(foldWord(text, locale), locale));
}

/**
 * Whether a text of the site has a number in it: a snippet of an FAQ about bilingual sites quotes
 * the bilingual extra's prices, which are not what the visitor asked about. Any digit counts (a
 * weeks or hours figure is left out too), so no amount of something else slips through.
 */
function quotesNumbers(text: string): boolean {
  return /\p{Nd}/u.test(text);
}

/** Whether the question asks for a price, for a time, both or neither (the dictionary's words). */
function asksOf(question: string, copy: Copy, locale: Locale): Asks {
  const said = words(question, locale);
  const any = (list: readonly string[]) => list.some((word) => said.has(foldWord(word, locale)));
  return { price: any(copy.priceWords), time: any(copy.timeWords) };
}

/**
 * The service a question is about: the offline planner's fit, when the question names the service
 * or its page is the site's best answer (an FAQ answers "who keeps the domain?" better than the
 * maintenance plan that mentions domains).
 */
function serviceIn(question: string, locale: Locale): string | undefined {
  const catalog = CATALOG[locale];
  const serviceId = fitService(question, catalog, locale);
  if (!serviceId) return undefined;
  const page = catalog.services.find((service) => service.id === serviceId)?.path;
  const best = searchSite(question, locale).results[0];
  return best?.path === page || namesService(question, serviceId, catalog, locale) ? serviceId : undefined;
}

/** A service as the answer names it, and what the visitor asked of it (price and time if neither). */
function aboutService(serviceId: string, asks: Asks, locale: Locale, copy: Copy) {
  const service = CATALOG[locale].services.find((known) => known.id === serviceId);
  if (!service) return null;
  const both = !asks.price && !asks.time;
  const lines: string[] = [];
  if (both || asks.price) lines.push(fill(copy.price, { price: formatMoney(service.price.min, locale) }));
  if (both || asks.time)
    lines.push(fill(service.term ? copy.term : copy.time, { duration: formatDuration(service, locale) }));
  // A summary with a number in it could quote something other than this service's price.
  const summary = quotesNumbers(service.summary) ? "" : service.summary;
  return { link: { name: service.name, path: service.path, summary }, lines };
}

/**
 * The offline assistant's answer to the last of `questions` (the conversation's visitor turns).
 * It says what it is first, then:
 * - a question about a service gets that service, with only its own starting price and duration
 *   (only the one asked for, when the question asks for one);
 * - a follow-up with no subject of its own ("and how long?") answers that, for the service of the
 *   turn before, not the first answer again;
 * - anything else gets the best page the search finds, its snippet only when it has no number
 *   (an FAQ snippet's prices are of other things than what was asked).
 * Its copy comes from the dictionary, and every amount it writes is a price a tool returned.
 */
export function offlineAnswer(questions: readonly string[], locale: Locale): string {
  const copy = getDictionary(locale).assistant.offline;
  const question = questions.at(-1) ?? "";
  const links = { agent: paths.labPage(locale, "agent"), quote: paths.quote(locale), contact: paths.contact(locale) };
  const asks = asksOf(question, copy, locale);
  const own = serviceIn(question, locale);
  const subject = own ? aboutService(own, asks, locale, copy) : null;
  if (subject) {
    return [copy.intro, fill(copy.service, subject.link).trim(), ...subject.lines, fill(copy.estimate, links)].join(
      "\n\n",
    );
  }
  // A follow-up asks for a price or a time and names no service: it is about the last one named.
  const earlier = asks.price || asks.time ? questions.slice(0, -1).map((text) => serviceIn(text, locale)) : [];
  const previous = earlier.findLast(Boolean);
  const followed = previous ? aboutService(previous, asks, locale, copy) : null;
  if (followed) return [copy.intro, fill(copy.followUp, followed.link), ...followed.lines].join("\n\n");

  const [best, ...rest] = searchSite(question, locale).results;
  if (!best) return `${copy.intro} ${fill(copy.nothing, links)}`;
  const lines = [
    copy.intro,
    quotesNumbers(best.snippet)
      ? fill(copy.bestTitle, { title: best.title, path: best.path })
      : fill(copy.best, { title: best.title, path: best.path, snippet: best.snippet }),
  ];
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
    modelId: LAB_USES.chat.offlineModel,
    chunkDelayMs,
    write: ({ prompt }) => offlineAnswer(userTexts(prompt), locale),
  });
}
