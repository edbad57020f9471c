import { describe, expect, it } from "vitest";
import { dayTotals, neuronShare, type UseFacts } from "@/lib/lab-view/totals";

const use = (facts: Partial<UseFacts>): UseFacts => ({
  kind: "agent",
  reason: "answered",
  neurons: 0,
  flagged: false,
  led: false,
  ...facts,
});

describe("the day's totals", () => {
  it("count uses by kind and verdict, neurons, flagged answers and messages", () => {
    const totals = dayTotals([
      use({ neurons: 120, led: true }),
      use({ kind: "chat", neurons: 30.5, flagged: true }),
      use({ kind: "review", reason: "model_error", neurons: 0 }),
      use({ kind: "chat", reason: "timeout", neurons: 10 }),
    ]);
    expect(totals.uses).toBe(4);
    expect(Object.fromEntries(totals.kinds)).toEqual({ agent: 1, chat: 2, review: 1 });
    expect(Object.fromEntries(totals.verdicts)).toEqual({ answered: 2, model_error: 1, timeout: 1 });
    expect(totals.neurons).toBe(160.5);
    expect(totals.flagged).toBe(1);
    expect(totals.messages).toBe(1);
  });

  it("add nothing for a count a record got wrong", () => {
    const totals = dayTotals([use({ neurons: Number.NaN }), use({ neurons: -50 }), use({ neurons: Infinity })]);
    expect(totals.neurons).toBe(0);
    expect(totals.uses).toBe(3);
  });

  it("say how much of the free day is spent, past 100 % too", () => {
    expect(neuronShare(2500, 10_000)).toBe(25);
    expect(neuronShare(12_345, 10_000)).toBe(123);
    expect(neuronShare(10, 0)).toBe(0);
  });
});
