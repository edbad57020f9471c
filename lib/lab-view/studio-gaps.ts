import "server-only";
import { labRecordStore, recordSettings } from "@/lib/lab/records/from-config";
import { daysTo, keptDays, readDay } from "./days";
import { factsOf, isGap } from "./facts";
import { type GapGroup, groupGaps } from "./gaps";
import { readDaysRecords } from "./read";
import { stopWordsFor } from "./stop-words";

/** The days the gaps report reads, ending with the day asked for. */
export const GAP_DAYS = 7;

export type StudioGaps =
  | { status: "off" | "unavailable"; retentionDays: number }
  | {
      status: "ok";
      retentionDays: number;
      day: string;
      kept: string[];
      days: number;
      read: number;
      groups: GapGroup[];
    };

/**
 * The gaps of the week to `day`: the goals and questions the site had nothing for, grouped by
 * their words. Every kept use of those days is read: the words all visitors of a language keep
 * typing ("how much") are common words of that language, not a gap.
 */
export async function readStudioGaps(dayParam: unknown, nowMs = Date.now()): Promise<StudioGaps> {
  const { retentionDays, perDay } = recordSettings();
  if (retentionDays <= 0) return { status: "off", retentionDays };
  const kept = keptDays(nowMs, retentionDays);
  const day = readDay(dayParam, kept, nowMs);
  const days = daysTo(day, kept, GAP_DAYS);
  try {
    const facts = (await readDaysRecords(labRecordStore(), days, perDay)).map(factsOf);
    const typed = new Map<string, string[]>();
    for (const use of facts) {
      if (use.kind === "review" || !use.words.trim()) continue;
      typed.set(use.language, [...(typed.get(use.language) ?? []), use.words]);
    }
    const gaps = facts.filter(isGap).map((use) => ({ id: use.id, language: use.language, text: use.words }));
    return {
      status: "ok",
      retentionDays,
      day,
      kept,
      days: days.length,
      read: facts.length,
      groups: groupGaps(gaps, stopWordsFor(typed)),
    };
  } catch (error) {
    console.error(JSON.stringify({ event: "lab_records_read_failed", message: (error as Error).name }));
    return { status: "unavailable", retentionDays };
  }
}
