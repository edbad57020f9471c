import "server-only";
import type { StoredLead } from "@/lib/contact/lead";
import type { ContactStore } from "@/lib/contact/store";
import type { LabRecordStore } from "@/lib/lab/records";
import { factsOf, isGap, type RecordFacts } from "@/lib/lab-view/facts";
import { readDayRecords } from "@/lib/lab-view/read";
import { type DayTotals, dayTotals } from "@/lib/lab-view/totals";
import type { Quota } from "@/lib/quota";

/** How much of each list the digest shows; the rest is one link away, in the Lab view. */
const DIGEST_LIMITS = { gaps: 8, flagged: 5, leads: 10, leadsRead: 50 } as const;

/** A goal the Lab couldn't serve: its words as the view shows them, how often, and its newest run. */
export type DigestGap = { words: string; count: number; runId: string };

/** One run the digest names: its id (for its link), its use and when. */
export type DigestRun = { id: string; kind: string; at: string };

/** What the studio's day was, read as the Lab view reads it (`factsOf`, `dayTotals`, `groupGaps`). */
export type DigestFacts = {
  /** The studio's day (its own clock), and its window in UTC ms. */
  day: string;
  from: number;
  to: number;
  totals: DayTotals;
  /** By use (agent, chat, review): how many, and how each ended, most first. */
  kinds: { kind: string; uses: number; verdicts: [string, number][] }[];
  /** Goals and questions the site had nothing for, as kept (redacted), the most asked first. */
  gaps: DigestGap[];
  flagged: DigestRun[];
  /** The day's contact messages, newest first, with the run each came from. */
  leads: { id: string; name: string; receivedAt: string; runId: string | null; sent: boolean }[];
  /** Uses of the UTC days the studio's day overlaps that were counted past the day's cap, not kept. */
  notKept: number;
  refused: { units: number; addresses: number };
};

export type DigestSources = {
  records: LabRecordStore;
  perDay: number;
  contact: ContactStore;
  quota: Pick<Quota, "refusals">;
};

/**
 * The facts of the studio's day `[from, to)`. Records are listed by UTC day, so the one or two UTC
 * days it overlaps are read (each a few `list` pages, at most the day's cap) and kept to the window.
 */
export async function collectDigest(
  sources: DigestSources,
  window: { day: string; from: number; to: number; utcDays: string[] },
): Promise<DigestFacts> {
  const { from, to } = window;
  const inWindow = (iso: string) => {
    const at = Date.parse(iso);
    return at >= from && at < to;
  };
  const [days, counts, leads, refused] = await Promise.all([
    Promise.all(window.utcDays.map((day) => readDayRecords(sources.records, day, sources.perDay))),
    Promise.all(window.utcDays.map((day) => sources.records.count(day))),
    sources.contact.list(DIGEST_LIMITS.leadsRead),
    sources.quota.refusals({ fromMs: from, toMs: to }),
  ]);
  const facts = days
    .flat()
    .filter((record) => inWindow(record.at))
    .map(factsOf);
  return {
    day: window.day,
    from,
    to,
    totals: dayTotals(facts),
    kinds: byKind(facts),
    gaps: gapsOf(facts).slice(0, DIGEST_LIMITS.gaps),
    flagged: facts
      .filter((use) => use.flagged)
      .slice(0, DIGEST_LIMITS.flagged)
      .map(({ id, kind, at }) => ({ id, kind, at })),
    leads: leadsOf(leads, inWindow),
    notKept: counts.reduce((sum, count) => sum + Math.max(0, count.uses - count.kept), 0),
    refused,
  };
}

function byKind(facts: RecordFacts[]): DigestFacts["kinds"] {
  const kinds = new Map<string, Map<string, number>>();
  for (const use of facts) {
    const verdicts = kinds.get(use.kind) ?? new Map<string, number>();
    kinds.set(use.kind, verdicts);
    verdicts.set(use.reason, (verdicts.get(use.reason) ?? 0) + 1);
  }
  return [...kinds].map(([kind, verdicts]) => ({
    kind,
    uses: [...verdicts.values()].reduce((sum, count) => sum + count, 0),
    verdicts: [...verdicts].sort((a, b) => b[1] - a[1]),
  }));
}

/**
 * The day's gaps, the same goal asked again counted once with its count (compared without case or
 * spacing), the most asked first, then the newest. The gaps report groups a week of them by word.
 */
function gapsOf(facts: RecordFacts[]): DigestGap[] {
  const gaps = new Map<string, DigestGap>();
  // Newest first: each gap keeps its newest run.
  for (const use of facts) {
    if (!isGap(use) || !use.words.trim()) continue;
    const key = use.words.toLocaleLowerCase().replace(/\s+/g, " ").trim();
    const gap = gaps.get(key);
    if (gap) gap.count += 1;
    else gaps.set(key, { words: use.words, count: 1, runId: use.id });
  }
  return [...gaps.values()].sort((a, b) => b.count - a.count);
}

function leadsOf(leads: StoredLead[], inWindow: (iso: string) => boolean): DigestFacts["leads"] {
  return leads
    .filter(({ lead }) => inWindow(lead.receivedAt))
    .slice(0, DIGEST_LIMITS.leads)
    .map(({ lead, delivery }) => ({
      id: lead.id,
      name: lead.name,
      receivedAt: lead.receivedAt,
      runId: lead.context?.runId ?? null,
      sent: delivery.state === "sent",
    }));
}

/** A day with nothing to say: no use, no message, no refusal. */
export function isQuietDay(facts: DigestFacts): boolean {
  return facts.totals.uses === 0 && facts.leads.length === 0 && facts.refused.units === 0 && facts.notKept === 0;
}
