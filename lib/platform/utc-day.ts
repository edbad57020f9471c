const DAY_MS = 86_400_000;

/** The UTC day of a timestamp, `YYYY-MM-DD`. Workers AI resets its free neurons at 00:00 UTC. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The next 00:00 UTC after `ms`, in ms: when a day's quota keys expire. */
export function nextUtcMidnight(ms: number): number {
  // Unix time has no leap seconds, so every UTC day is exactly DAY_MS long.
  return (Math.floor(ms / DAY_MS) + 1) * DAY_MS;
}
