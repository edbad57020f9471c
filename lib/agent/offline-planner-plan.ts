import type { LanguageModelV4Prompt } from "@ai-sdk/provider";
import { alike, fitService, keyTerms } from "@/lib/ai/offline-fit";
import { CATALOG } from "@/lib/content/catalog";
import type { Locale } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
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

/** The next move, from the goal and the tool results so far. */
export function planNext(locale: Locale, prompt: LanguageModelV4Prompt, toolsOffered: boolean): Action {
  const results = resultsOf(prompt);
  if (!toolsOffered) return { kind: "answer", text: plannerAnswer(locale, results) };
  const goal = goalOf(prompt);

  // The fit reads the catalog's own words; the search the run made is what a model would read.
  const serviceId = fitService(goal, CATALOG[locale], locale);
  if (!results.search_site) {
    // Keywords, as a model writes a query: the service it has in mind, then the goal's first words.
    const named = CATALOG[locale].services.find((service) => service.id === serviceId)?.name;
    const query = [named, searchQuery(goal, locale, named ? 4 : 8)].filter(Boolean).join(" ");
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

  const service = results.get_service.ok ? (results.get_service.service as Json) : undefined;
  const extraIds = namedExtras(goal, service, locale);
  // One tool call a model call, as Gemma makes them: the run's limits must hold for that path.
  if (!results.estimate_quote) {
    return { kind: "call", calls: [{ toolName: "estimate_quote", input: { serviceId, extraIds } }] };
  }
  if (!results.suggest_next_step) {
    return { kind: "call", calls: [{ toolName: "suggest_next_step", input: { kind: "quote", serviceId, extraIds } }] };
  }
  return { kind: "answer", text: plannerAnswer(locale, results) };
}
