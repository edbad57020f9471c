import type { LanguageModelV4Prompt } from "@ai-sdk/provider";
import { alike, fitServices, keyTerms, namesService } from "@/lib/ai/offline-fit";
import { CATALOG } from "@/lib/content/catalog";
import { LOCALES, type Locale } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { foldWord, stopWordsOf } from "@/lib/i18n/language-data";
import { splitWords } from "@/lib/i18n/words";
import { tokenize } from "@/lib/search/terms";
import { plannerAnswer, plannerPlan } from "./offline-planner-answer";

/**
 * The offline planner's moves: it reads the goal and the tool results in its prompt, exactly as
 * a model would, and picks the next tool calls or the answer. Deterministic: the same prompt
 * always gives the same move.
 */

export type Json = Record<string, unknown>;
export type Results = Partial<Record<string, Json>>;
type ToolCall = { toolName: string; input: Json };
export type Action = { kind: "call"; text?: string; calls: ToolCall[] } | { kind: "answer"; text: string };

function goalOf(prompt: LanguageModelV4Prompt): string {
  for (const message of prompt) {
    if (message.role !== "user") continue;
    for (const part of message.content) {
      if (part.type === "text") return /<goal>([\s\S]*)<\/goal>/.exec(part.text)?.[1]?.trim() ?? part.text;
    }
  }
  return "";
}

/** The latest result of each tool, as the model sees it in its prompt. */
function resultsOf(prompt: LanguageModelV4Prompt): Results {
  const results: Results = {};
  for (const message of prompt) {
    if (message.role !== "tool") continue;
    for (const part of message.content) {
      if (part.type !== "tool-result") continue;
      const { output } = part;
      results[part.toolName] =
        output.type === "json" && output.value && typeof output.value === "object"
          ? (output.value as Json)
          : { ok: false };
    }
  }
  return results;
}

/**
 * The extras the goal names: a term of an extra's name or id (not of the service's own name)
 * shares a prefix with a term of the goal ("fotos" ~ "fotografía").
 */
function namedExtras(goal: string, service: Json | undefined, locale: Locale): string[] {
  const serviceTerms = new Set(keyTerms(String(service?.name ?? ""), locale));
  const goalTerms = keyTerms(goal, locale).filter((term) => !serviceTerms.has(term));
  return ((service?.extras as { id: string; name: string }[] | undefined) ?? [])
    .filter((extra) =>
      keyTerms(`${extra.name} ${extra.id.replace(/-/g, " ")}`, locale).some(
        (term) => !serviceTerms.has(term) && goalTerms.some((goalTerm) => alike(goalTerm, term)),
      ),
    )
    .map((extra) => extra.id);
}

/** The goal's first `count` words that are no stop words, as written, in order, once each. */
function searchQuery(goal: string, locale: Locale, count: number): string {
  const words: string[] = [];
  const seen = new Set<string>();
  for (const token of tokenize(goal, locale)) {
    if (seen.has(token.term)) continue;
    seen.add(token.term);
    words.push(goal.slice(token.start, token.end));
    if (words.length === count) break;
  }
  return words.join(" ");
}

/**
 * The studio's language the goal is written in: the one whose function words it uses most (a
 * goal says "para mi", "for my", "für mein"), the page's on a tie. A visitor may write in any of
 * the studio's languages on any page.
 */
function goalLanguage(goal: string, locale: Locale): Locale {
  const words = (language: string) => splitWords(foldWord(goal, language), language);
  const said = (language: Locale) => {
    const stop = stopWordsOf(language);
    return words(language).filter((word) => stop.has(word)).length;
  };
  let best = locale;
  let most = said(locale);
  for (const language of LOCALES) {
    const count = language === locale ? most : said(language);
    if (count > most) [best, most] = [language, count];
  }
  return best;
}

/**
 * What the goal asks for, read in the language it is written in: the service that fits it best
 * and, when the goal names a second one, that one too ("a site with a blog, and WhatsApp for the
 * orders": price the first, say the second). A service's id is the same in every language.
 */
function goalFit(goal: string, locale: Locale): { serviceId?: string; alsoId?: string; language: Locale } {
  const language = goalLanguage(goal, locale);
  const catalog = CATALOG[language];
  const [serviceId, second] = fitServices(goal, catalog, language);
  if (!serviceId) return { language };
  const alsoId = second && namesService(goal, second, catalog, language) ? second : undefined;
  return { serviceId, ...(alsoId ? { alsoId } : {}), language };
}

/** The next move, from the goal and the tool results so far. */
export function planNext(locale: Locale, prompt: LanguageModelV4Prompt, toolsOffered: boolean): Action {
  const results = resultsOf(prompt);
  const goal = goalOf(prompt);
  // The fit reads the catalog's own words; the search the run made is what a model would read.
  const { serviceId, alsoId, language } = goalFit(goal, locale);
  const nameOf = (id: string | undefined) => CATALOG[locale].services.find((service) => service.id === id)?.name;
  if (!toolsOffered) return { kind: "answer", text: plannerAnswer(locale, results, alsoId) };

  if (!results.search_site) {
    // Keywords, as a model writes a query: the services it has in mind, then the goal's first words.
    const named = [nameOf(serviceId), nameOf(alsoId)].filter(Boolean);
    const words = [...named, searchQuery(goal, language, [8, 4, 0][named.length] ?? 0)].filter(Boolean).join(" ");
    // A goal of function words only ("hola") still searches: the site's services.
    const query = words || getDictionary(locale).nav.services;
    return {
      kind: "call",
      text: plannerPlan(locale),
      calls: [{ toolName: "search_site", input: { query, locale } }],
    };
  }
  if (!serviceId) {
    if (!results.suggest_next_step) {
      return { kind: "call", calls: [{ toolName: "suggest_next_step", input: { kind: "contact" } }] };
    }
    return { kind: "answer", text: plannerAnswer(locale, results) };
  }
  if (!results.get_service) return { kind: "call", calls: [{ toolName: "get_service", input: { serviceId } }] };

  // The extras the goal names, in the goal's language (an extra's id is the same in every one).
  const read = results.get_service.ok ? (results.get_service.service as Json) : undefined;
  const need = alsoId ? firstNeed(goal, alsoId, language) : goal;
  const extraIds = namedExtras(need, language === locale ? read : inLanguage(read, language), language);
  // One tool call a model call, as Gemma makes them: the run's limits must hold for that path.
  if (!results.estimate_quote) {
    return { kind: "call", calls: [{ toolName: "estimate_quote", input: { serviceId, extraIds } }] };
  }
  if (!results.suggest_next_step) {
    return { kind: "call", calls: [{ toolName: "suggest_next_step", input: { kind: "quote", serviceId, extraIds } }] };
  }
  return { kind: "answer", text: plannerAnswer(locale, results, alsoId) };
}

/** A goal of two needs up to where it names the second: what it says of the first (its extras). */
function firstNeed(goal: string, alsoId: string, language: Locale): string {
  const at = tokenize(goal, language).find((token) =>
    namesService(goal.slice(token.start, token.end), alsoId, CATALOG[language], language),
  );
  return at ? goal.slice(0, at.start) : goal;
}

/** The service the run read, with its names in another of the studio's languages (same ids). */
function inLanguage(service: Json | undefined, language: Locale): Json | undefined {
  const found = CATALOG[language].services.find((candidate) => candidate.id === service?.id);
  return found ? { ...service, name: found.name, extras: found.extras } : service;
}
