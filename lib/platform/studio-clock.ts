// The studio's clock: its days and hours in its own time zone (`content/studio.yaml`'s `timeZone`),
// as its inbox and email show times. The quota's and the records' days are UTC days (Workers AI's);
// a studio day is read from the UTC days it overlaps.

const DAY_MS = 86_400_000;
const formats = new Map<string, Intl.DateTimeFormat>();

function partsOf(
  ms: number,
  timeZone: string,
): { year: number; month: number; day: number; hour: number; minute: number } {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(ms).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
  };
}

/** The studio's day at `ms`, `YYYY-MM-DD`. */
export function studioDay(ms: number, timeZone: string): string {
  const { year, month, day } = partsOf(ms, timeZone);
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The studio's hour at `ms`, 0 to 23. */
export function studioHour(ms: number, timeZone: string): number {
  return partsOf(ms, timeZone).hour;
}

/** The day before `day` (`YYYY-MM-DD`), on any calendar clock. */
export function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
}

/** The zone's offset from UTC at `ms`, in ms (Bogotá: -5 h). */
function offsetAt(ms: number, timeZone: string): number {
  const { year, month, day, hour, minute } = partsOf(ms, timeZone);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  return wall - Math.floor(ms / 60_000) * 60_000;
}

/** When the studio's `day` starts, in UTC ms (its local midnight, or the first minute after a DST gap). */
function studioDayStart(day: string, timeZone: string): number {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  // Twice: the offset at the guess can differ from the offset at the answer across a DST change.
  let start = midnight - offsetAt(midnight, timeZone);
  start = midnight - offsetAt(start, timeZone);
  return start;
}

/** The studio's `day` as a window of UTC ms, `[from, to)`, and the UTC days it overlaps (one or two). */
export function studioDayWindow(day: string, timeZone: string): { from: number; to: number; utcDays: string[] } {
  const from = studioDayStart(day, timeZone);
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  const to = studioDayStart(next, timeZone);
  const first = new Date(from).toISOString().slice(0, 10);
  const last = new Date(to - 1).toISOString().slice(0, 10);
  return { from, to, utcDays: first === last ? [first] : [first, last] };
}

/** The UTC hours (`YYYY-MM-DDTHH`) from `from` to `to`: the quota's refusal counts are kept by hour. */
export function utcHours(from: number, to: number): string[] {
  const hours: string[] = [];
  for (let at = Math.floor(from / 3_600_000) * 3_600_000; at < to; at += 3_600_000) {
    hours.push(new Date(at).toISOString().slice(0, 13));
  }
  return hours;
}
