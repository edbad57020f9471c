/** What the day's totals read of one use. */
export type UseFacts = {
  kind: string;
  reason: string;
  neurons: number;
  /** Amounts in what the visitor saw that no tool returned. */
  flagged: boolean;
  /** A contact message came from it. */
  led: boolean;
};

export type DayTotals = {
  uses: number;
  /** Uses by kind and by verdict, in the order first met. */
  kinds: Map<string, number>;
  verdicts: Map<string, number>;
  neurons: number;
  flagged: number;
  messages: number;
};

// A record is hostile: a count that isn't a finite, non-negative number adds nothing.
const count = (value: number) => (Number.isFinite(value) && value > 0 ? value : 0);

function add(map: Map<string, number>, key: string) {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** The totals of a day's uses: by kind, by verdict, the neurons spent, the flagged and the messages. */
export function dayTotals(uses: Iterable<UseFacts>): DayTotals {
  const totals: DayTotals = { uses: 0, kinds: new Map(), verdicts: new Map(), neurons: 0, flagged: 0, messages: 0 };
  for (const use of uses) {
    totals.uses += 1;
    add(totals.kinds, use.kind);
    add(totals.verdicts, use.reason);
    totals.neurons += count(use.neurons);
    if (use.flagged) totals.flagged += 1;
    if (use.led) totals.messages += 1;
  }
  return totals;
}

/** The share of a day's free neurons spent, in whole percent (past 100 when the day went over). */
export function neuronShare(neurons: number, freePerDay: number): number {
  return freePerDay > 0 ? Math.round((count(neurons) / freePerDay) * 100) : 0;
}
