// Refusals are counted by UTC hour: the studio's digest sums the hours of its day (in its own time
// zone), and the bot alert reads the last two hours. An hour is kept two days, long enough for the
// digest of the studio's previous day whatever its time zone.

const HOUR_MS = 3_600_000;
const KEPT_MS = 50 * HOUR_MS;

/** The UTC hour of `ms`, `YYYY-MM-DDTHH`. */
export function refusalHour(ms: number): string {
  return new Date(ms).toISOString().slice(0, 13);
}

/** When the counts of the hour of `ms` expire. */
export function refusalKeptUntil(ms: number): number {
  return Math.floor(ms / HOUR_MS) * HOUR_MS + KEPT_MS;
}
