import { utcDay } from "@/lib/platform/utc-day";

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The days records are kept for, newest first: today (UTC) back `retentionDays - 1`. */
export function keptDays(nowMs: number, retentionDays: number): string[] {
  const count = Math.max(0, Math.floor(retentionDays));
  return Array.from({ length: count }, (_, back) => utcDay(nowMs - back * DAY_MS));
}

/** The day the address asks for, if it is one of the kept days; else today. */
export function readDay(value: unknown, kept: readonly string[], nowMs: number): string {
  const given = Array.isArray(value) ? value[0] : value;
  return typeof given === "string" && DAY.test(given) && kept.includes(given) ? given : utcDay(nowMs);
}

/** The kept day before and after `day`, null past either end. */
export function neighbours(day: string, kept: readonly string[]): { previous: string | null; next: string | null } {
  const index = kept.indexOf(day);
  if (index < 0) return { previous: null, next: null };
  return { previous: kept[index + 1] ?? null, next: index > 0 ? (kept[index - 1] ?? null) : null };
}

/** `count` kept days ending with `day`, newest first (the gaps report's window). */
export function daysTo(day: string, kept: readonly string[], count: number): string[] {
  const index = kept.indexOf(day);
  return index < 0 ? [] : kept.slice(index, index + count);
}
