import type { Range } from "@/lib/content/types";
import type { Locale } from "@/lib/i18n/config";
import { type Duration, formatDuration } from "@/lib/i18n/duration";
import { fill } from "@/lib/i18n/fill";
import { isRunId } from "@/lib/lab/records/id";
import { estimateQuote, QuoteError } from "@/lib/quote/estimate";
import { parseSelection, type SelectionProblem } from "@/lib/quote/selection";
import { visibleText } from "@/lib/text/visible";

/**
 * What a visitor worked out before writing: the agent's run or the calculator's selection. It
 * travels in the contact link as ids and the visitor's own goal, never as amounts: the range a
 * lead shows is always recomputed from the ids with `estimateQuote`, so a hand-edited link can't
 * put a price into the studio's inbox. Client-safe: the form reads it from the URL.
 */
export type LeadContext = {
  source: LeadSource;
  goal?: string;
  serviceId?: string;
  extraIds: string[];
  /** The agent run the visitor came from (its record's id, `lib/lab/records`): never an amount. */
  runId?: string;
};
const LEAD_SOURCES = ["agent", "quote"] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

/** The range and weeks of a lead's selection, as `estimateQuote` gives them. */
export type LeadEstimate = { serviceId: string; extraIds: string[]; currency: string; price: Range; weeks: Range };

/**
 * A goal is carried short: the model copies the contact link into its answer, so the link must
 * stay well under what the answer filter holds back for a link (400 characters) once
 * percent-encoded, and cheap in tokens.
 */
export const LEAD_GOAL_MAX_LENGTH = 120;

/** The query a contact link carries: `from`, `service`, `extras` (comma-separated ids), `goal`, `run`. */
export type LeadQuery = { from?: string; service?: string; extras?: string; goal?: string; run?: string };

/** At most this many characters once percent-encoded in the query (accents take 6, an emoji 12). */
const LEAD_GOAL_MAX_ENCODED = 200;

const encodedLength = (text: string) => new URLSearchParams({ g: text }).toString().length - 2;

/** The goal as it travels: visible text, one line, cut at a word when it is long. */
export function shortGoal(goal: string): string {
  const line = visibleText(goal).replace(/\s+/g, " ");
  if (line.length <= LEAD_GOAL_MAX_LENGTH && encodedLength(line) <= LEAD_GOAL_MAX_ENCODED) return line;
  // Whole code points, so an emoji is never cut in half.
  const chars = Array.from(line).slice(0, LEAD_GOAL_MAX_LENGTH - 1);
  while (chars.length > 0 && encodedLength(`${chars.join("")}…`) > LEAD_GOAL_MAX_ENCODED) chars.pop();
  const cut = chars.join("");
  const space = cut.lastIndexOf(" ");
  return `${(space > cut.length / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * A site path without the visitor's goal in its query: the link as the model reads and copies it
 * (the goal, percent-encoded, would triple it), and as the page compares the answer's link with
 * its next-step button.
 */
export function withoutGoal(path: string): string {
  if (!path.startsWith("/")) return path;
  const at = path.indexOf("?");
  if (at < 0) return path;
  const params = new URLSearchParams(path.slice(at + 1));
  if (!params.has("goal")) return path;
  params.delete("goal");
  const rest = params.toString().replaceAll("%2C", ",");
  return rest ? `${path.slice(0, at)}?${rest}` : path.slice(0, at);
}

/**
 * The calculator's path for an agent's visitor: the selection, and the run and the goal, so the
 * calculator's "let's talk" carries them on to the form (`quoteLead`).
 */
export function quotePathWith(quotePath: string, context: Pick<LeadContext, "goal" | "runId">): string {
  const [path, query = ""] = quotePath.split("?", 2) as [string, string?];
  const params = new URLSearchParams(query);
  if (context.runId) params.set("run", context.runId);
  const goal = context.goal ? shortGoal(context.goal) : "";
  if (goal) params.set("goal", goal);
  const text = params.toString().replaceAll("%2C", ",");
  return text ? `${path}?${text}` : path;
}

/** The run and the goal a calculator link carried, checked as a contact link's are; none when absent. */
export function quoteLead(query: { run?: string; goal?: string }): Pick<LeadContext, "goal" | "runId"> {
  const goal = query.goal ? shortGoal(query.goal) : "";
  return { ...(goal ? { goal } : {}), ...(isRunId(query.run) ? { runId: query.run } : {}) };
}

/** The contact page's path with the context in its query (URLSearchParams escapes `(`, `)` and `]` too). */
export function contactPathWith(contactPath: string, context: LeadContext): string {
  const params = new URLSearchParams({ from: context.source });
  if (context.serviceId) params.set("service", context.serviceId);
  if (context.serviceId && context.extraIds.length) params.set("extras", context.extraIds.join(","));
  if (context.runId) params.set("run", context.runId);
  const goal = context.goal ? shortGoal(context.goal) : "";
  if (goal) params.set("goal", goal);
  return `${contactPath}?${params.toString().replaceAll("%2C", ",")}`;
}

/**
 * The context of a contact link, as the page shows it: unknown ids are dropped and reported (a
 * stale link shows a note instead of failing), like the calculator's own link.
 */
export function readLeadContext(query: LeadQuery): { context: LeadContext | null; problems: SelectionProblem[] } {
  const source = LEAD_SOURCES.find((known) => known === query.from);
  if (!source) return { context: null, problems: [] };
  const { selection, problems } = parseSelection(query.service, query.extras);
  const goal = query.goal ? shortGoal(query.goal) : "";
  return {
    context: {
      source,
      ...(goal ? { goal } : {}),
      ...(selection.serviceId ? { serviceId: selection.serviceId } : {}),
      extraIds: selection.extraIds,
      // A run travels from the agent's link, directly or through the calculator it sent the
      // visitor to; only an id of a run id's shape: anything else is dropped.
      ...(isRunId(query.run) ? { runId: query.run } : {}),
    },
    problems,
  };
}

export class LeadContextError extends Error {
  constructor(
    readonly reason: "unknown_source" | "unknown_service" | "unknown_extra" | "extras_without_service" | "invalid_run",
  ) {
    super(`the form's context is not valid: ${reason}`);
    this.name = "LeadContextError";
  }
}

/**
 * The context a form posts, as the server takes it: strict. An unknown id is refused (the page
 * never posts one, so it was edited by hand), and the estimate is recomputed from the ids alone.
 * Returns null when the form carried no context. Throws `LeadContextError`.
 */
export function parseLeadContext(query: LeadQuery): { context: LeadContext; estimate: LeadEstimate | null } | null {
  if (!query.from && !query.service && !query.extras && !query.goal && !query.run) return null;
  const source = LEAD_SOURCES.find((known) => known === query.from);
  if (!source) throw new LeadContextError("unknown_source");
  // The page posts a run id only as it read one (an agent's link, or the calculator it led to):
  // another shape was made by hand.
  if (query.run && !isRunId(query.run)) throw new LeadContextError("invalid_run");
  const extraIds = (query.extras ?? "")
    .split(",")
    .map((id) => id.trim())
    .filter(Boolean);
  const goal = query.goal ? shortGoal(query.goal) : "";
  const context: LeadContext = {
    source,
    ...(goal ? { goal } : {}),
    extraIds: [],
    ...(query.run ? { runId: query.run } : {}),
  };
  if (!query.service) {
    if (extraIds.length) throw new LeadContextError("extras_without_service");
    return { context, estimate: null };
  }
  try {
    const quote = estimateQuote({ serviceId: query.service, extraIds });
    const estimate: LeadEstimate = {
      serviceId: quote.serviceId,
      extraIds: quote.extraIds,
      currency: quote.currency,
      price: quote.price,
      weeks: quote.weeks,
    };
    return { context: { ...context, serviceId: quote.serviceId, extraIds: quote.extraIds }, estimate };
  } catch (error) {
    if (error instanceof QuoteError) throw new LeadContextError(error.code);
    throw error;
  }
}

/** Names of a service and its extras in one locale, for the summary a person reads. */
export type ServiceNames = { id: string; name: string; extras: { id: string; name: string }[] };

export type SummaryWords = { goal: string; service: string; extras: string; weeks: string; term: string };

/** A selection's duration as the summary's line: its delivery weeks, or a plan's term in months. */
export function durationLine(duration: Duration, words: Pick<SummaryWords, "weeks" | "term">, locale: Locale): string {
  const text = formatDuration(duration, locale);
  return duration.term ? fill(words.term, { term: text }) : fill(words.weeks, { weeks: text });
}

/**
 * The run's summary in words, one line each: the goal, the service and extras by name, the
 * weeks (or a plan's months).
 * No amounts: it is prefilled into a field the visitor can edit and into their WhatsApp greeting.
 */
export function summaryLines(
  context: LeadContext,
  services: readonly ServiceNames[],
  words: SummaryWords,
  locale: Locale,
): string[] {
  const lines: string[] = [];
  if (context.goal) lines.push(`${words.goal}: ${context.goal}`);
  const service = services.find((s) => s.id === context.serviceId);
  if (service) {
    lines.push(`${words.service}: ${service.name}`);
    const extras = service.extras.filter((extra) => context.extraIds.includes(extra.id)).map((extra) => extra.name);
    if (extras.length) {
      lines.push(`${words.extras}: ${new Intl.ListFormat(locale, { type: "conjunction" }).format(extras)}`);
    }
    lines.push(durationLine(estimateQuote({ serviceId: service.id, extraIds: context.extraIds }), words, locale));
  }
  return lines;
}
