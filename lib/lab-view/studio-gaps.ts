import "server-only";
import { daysTo } from "./days";
import { factsOf, isGap } from "./facts";
import { type GapGroup, groupGaps } from "./gaps";
import { type Kept, readKept } from "./kept-days";
import { readDaysRecords } from "./read";
import { stopWordsFor } from "./stop-words";

/** The days the gaps report reads, ending with the day asked for. */
const GAP_DAYS = 7;

export type StudioGaps = Kept<{ days: number; read: number; groups: GapGroup[] }>;

/**
 * The gaps of the week to `day`: the goals and questions the site had nothing for, grouped by
 * their words. Every kept use of those days is read: the words all visitors of a language keep
 * typing ("how much") are common words of that language, not a gap.
 */
export function readStudioGaps(dayParam: unknown, nowMs = Date.now()): Promise<StudioGaps> {
  return readKept(dayParam, nowMs, async ({ store, perDay, day, kept }) => {
    const days = daysTo(day, kept, GAP_DAYS);
    const facts = (await readDaysRecords(store, days, perDay)).map(factsOf);
    const typed = new Map<string, string[]>();
    for (const use of facts) {
      if (use.kind === "review" || !use.words.trim()) continue;
      typed.set(use.language, [...(typed.get(use.language) ?? []), use.words]);
    }
    const gaps = facts.filter(isGap).map((use) => ({ id: use.id, language: use.language, text: use.words }));
    return { days: days.length, read: facts.length, groups: groupGaps(gaps, stopWordsFor(typed)) };
  });
}
