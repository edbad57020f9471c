import { isLocale } from "@/lib/i18n/config";
import type { LabRecord } from "@/lib/lab/records";
import { searchSite } from "@/lib/search/site";
import type { Filterable } from "./filters";
import type { UseFacts } from "./totals";

/** What the list, the totals, the filters and the gaps read of one record. */
export type RecordFacts = UseFacts &
  Filterable & {
    id: string;
    at: string;
    /** The visitor's words: the goal, the question or the code. */
    words: string;
    /** Every search of the run found nothing. */
    searchEmpty: boolean;
  };

type Part = { type?: unknown; state?: unknown; output?: unknown; text?: unknown; data?: unknown };

// A record is hostile: its parts are read for their shape, never trusted to have it.
function partsOf(record: LabRecord): Part[] {
  const parts = (record.message as { parts?: unknown } | null)?.parts;
  return Array.isArray(parts) ? parts.filter((part): part is Part => typeof part === "object" && part !== null) : [];
}

function okOutput(part: Part, type: string): Record<string, unknown> | null {
  if (part.type !== type || part.state !== "output-available") return null;
  const output = part.output as { ok?: unknown } | null;
  return output && typeof output === "object" && output.ok === true ? (output as Record<string, unknown>) : null;
}

function textOf(parts: Part[]): string {
  return parts.map((part) => (part.type === "text" && typeof part.text === "string" ? part.text : "")).join("\n");
}

function reviewText(parts: Part[]): string {
  const review = parts.find((part) => part.type === "data-review")?.data as
    | { summary?: unknown; findings?: unknown }
    | undefined;
  const findings = Array.isArray(review?.findings) ? review.findings : [];
  return [review?.summary, ...findings.flatMap((f) => [f?.title, f?.why, f?.fix])]
    .filter((text): text is string => typeof text === "string")
    .join("\n");
}

function wordsOf(record: LabRecord): string {
  const input = record.input as Record<string, unknown>;
  const words = record.kind === "agent" ? input.goal : record.kind === "chat" ? input.question : input.code;
  return typeof words === "string" ? words : "";
}

/**
 * An agent run fits no service when it ended without reading one or estimating one; its search
 * found nothing when it searched and every search came back empty. A chat's own search isn't in
 * its record: its question is searched again, with the site's content as it is now, so a gap the
 * studio has filled leaves the report.
 */
export function factsOf(record: LabRecord): RecordFacts {
  const parts = partsOf(record);
  const words = wordsOf(record);
  const searches = parts.filter((part) => part.type === "tool-search_site" && part.state === "output-available");
  const agentEmpty =
    searches.length > 0 &&
    searches.every((part) => {
      const results = okOutput(part, "tool-search_site")?.results;
      return Array.isArray(results) && results.length === 0;
    });
  const read = parts.some((part) => okOutput(part, "tool-get_service"));
  const priced = parts.some((part) => okOutput(part, "tool-estimate_quote"));
  const finished = record.done !== null && !record.stopped;
  const reason = record.done?.reason ?? "cut";
  const chatEmpty =
    record.kind === "chat" &&
    isLocale(record.locale) &&
    words.trim() !== "" &&
    searchSite(words, record.locale).results.length === 0;
  return {
    id: record.id,
    at: record.at,
    kind: record.kind,
    // A run that read the service its goal fits and answered without its price failed the
    // visitor as surely as a limit: its own outcome, not "answered".
    reason: record.kind === "agent" && reason === "answered" && read && !priced ? "unpriced" : reason,
    neurons: record.done?.usage.neurons ?? 0,
    flagged: (record.done?.unverifiedAmounts.length ?? 0) > 0,
    led: typeof record.leadId === "string",
    noService: record.kind === "agent" && finished && !read && !priced,
    searchEmpty: record.kind === "agent" ? agentEmpty : chatEmpty,
    language: record.locale,
    words,
    text: `${words}\n${record.kind === "review" ? reviewText(parts) : textOf(parts)}`,
  };
}

/** A use is a gap when the site had nothing for it, or the agent never reached its price. */
export const isGap = (facts: RecordFacts) => facts.noService || facts.searchEmpty || facts.reason === "unpriced";
