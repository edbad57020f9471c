import type { Locale } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { type Duration, formatMonths } from "@/lib/i18n/duration";
import { fill } from "@/lib/i18n/fill";
import { formatMoney, formatWeeks } from "@/lib/i18n/format";
import type { Json, Results } from "./offline-planner-plan";

type Range = { min: number; max: number };

/** The planner's one-sentence plan, written before its first tool call. */
export function plannerPlan(locale: Locale): string {
  return getDictionary(locale).planner.plan;
}

/**
 * The goal's second need, said and not priced: by the title and path its search found it under
 * (a tool's result, as everything the planner writes); nothing when the search didn't find it.
 */
function alsoLine(copy: { also: string }, results: Results, alsoId: string | undefined): string[] {
  const found = (
    results.search_site?.results as { serviceId?: string; title: string; path: string }[] | undefined
  )?.find((result) => alsoId !== undefined && result.serviceId === alsoId);
  return found ? [fill(copy.also, { service: found.title, path: found.path })] : [];
}

/**
 * The offline planner's answer, written only from the tools' results, in the studio's words (the
 * dictionaries' `planner` copy): the service, the extras the goal named, the price range and
 * what the weeks mean for it (a plan paid for months says so). The next step is not in the text:
 * the page offers it once, as the button under the answer (`suggest_next_step`'s link).
 */
export function plannerAnswer(locale: Locale, results: Results, alsoId?: string): string {
  const copy = getDictionary(locale).planner;
  const service = results.get_service?.ok ? (results.get_service.service as Json) : undefined;
  const estimate = results.estimate_quote?.ok ? results.estimate_quote : undefined;
  const next = results.suggest_next_step?.ok ? (results.suggest_next_step.path as string) : undefined;
  if (service && estimate) {
    const price = estimate.price as Range;
    const weeks = estimate.weeks as Range;
    // The tool's own term; a result without one (an older recording) reads the service's.
    const term = (estimate.term ?? service.term) as Duration["term"];
    const picked = estimate.extraIds as string[];
    const extras = (service.extras as { id: string; name: string }[]).filter((extra) => picked.includes(extra.id));
    const values = {
      service: String(service.name),
      extras: new Intl.ListFormat(locale, { type: "conjunction" }).format(extras.map((extra) => extra.name)),
      min: formatMoney(price.min, locale),
      max: formatMoney(price.max, locale),
      weeks: formatWeeks(weeks, locale),
      term: term ? formatMonths(term.months, locale) : "",
    };
    const lines = [
      fill(copy.fits, values) +
        (extras.length ? fill(copy.withExtras, values) : "") +
        fill(term ? copy.term : copy.range, values),
      copy.reference,
      ...alsoLine(copy, results, alsoId),
    ];
    return lines.join(" ");
  }
  if (next && results.suggest_next_step?.kind !== "quote") {
    return `${copy.nothing} ${copy.contact}`;
  }
  // The run offers the contact step when no tool did (`data-next-step`): the answer points to it.
  return `${service ? copy.partial : copy.nothing} ${copy.contact}`;
}
