import { describe, expect, it } from "vitest";
import { RunBudget } from "@/lib/agent/budget";
import { SingleCallMeter } from "@/lib/lab/call-meter";

// Guards the meter of a single-call use (a chat message, a review): the call counts when it goes
// out, the provider's usage is believed only where it is believable, a call that never finished
// is booked at our own count, and what the use reports is what it booked.

const limits = { inputEstimate: 400, maxOutputTokens: 350 };

function meterAfter(counted: number, reported: Parameters<SingleCallMeter["recordCall"]>[0]) {
  const meter = new SingleCallMeter(limits);
  meter.startCall();
  meter.countOutput(counted);
  meter.recordCall(reported);
  return meter;
}

describe("SingleCallMeter", () => {
  it("counts the call when it goes out, with no tool calls", () => {
    const meter = new SingleCallMeter(limits);
    expect(meter.modelCalls).toBe(0);
    meter.startCall();
    expect(meter.modelCalls).toBe(1);
    expect(meter.toolCalls).toBe(0);
  });

  it("books the provider's believable usage, cached tokens included", () => {
    const usage = meterAfter(100, { inputTokens: 520, outputTokens: 90, cachedInputTokens: 300 }).usage({});
    expect(usage).toEqual({
      inputTokens: 520,
      outputTokens: 90,
      cachedInputTokens: 300,
      neurons: 0,
      estimated: false,
    });
  });

  it.each([
    ["missing", {}],
    ["zero (Workers AI's 'none')", { inputTokens: 0, outputTokens: 0 }],
    ["not a number", { inputTokens: "520", outputTokens: "90" }],
    ["not finite", { inputTokens: Number.POSITIVE_INFINITY, outputTokens: Number.NaN }],
    ["under half our own count", { inputTokens: 150, outputTokens: 20 }],
    ["input over twice our own count, output past the cap", { inputTokens: 900, outputTokens: 351 }],
  ])("replaces usage that is %s with our own count, and says so", (_name, reported) => {
    const usage = meterAfter(100, reported).usage({});
    expect(usage).toMatchObject({ inputTokens: 400, outputTokens: 100, cachedInputTokens: 0, estimated: true });
  });

  it("never books more output than the call's cap", () => {
    const usage = meterAfter(10_000, {}).usage({});
    expect(usage.outputTokens).toBe(limits.maxOutputTokens);
  });

  it("books a call that never finished at our own count: it was paid for", () => {
    const meter = new SingleCallMeter(limits);
    meter.startCall();
    meter.countOutput(42);
    meter.closeOpenCall();
    expect(meter.usage({})).toMatchObject({ inputTokens: 400, outputTokens: 42, estimated: true });
    // Closed once: a second close books nothing more.
    meter.closeOpenCall();
    expect(meter.usage({}).outputTokens).toBe(42);
  });

  it("says when the call was cut at the cap, afresh for each call", () => {
    const meter = new SingleCallMeter(limits);
    meter.startCall();
    meter.cutCall();
    expect(meter.cut).toBe(true);
    meter.startCall();
    expect(meter.cut).toBe(false);
    expect(meter.modelCalls).toBe(2);
  });

  it("prices what it booked with the model's meter, and marks an offline program's count as estimated", () => {
    const meter = meterAfter(100, { inputTokens: 500, outputTokens: 80 });
    const neurons = { total: (input: number, output: number) => input / 100 + output / 10 };
    expect(meter.usage({ neurons })).toMatchObject({ neurons: 13, estimated: false });
    expect(meter.usage({ estimatedUsage: true }).estimated).toBe(true);
  });
});

describe("one ledger for every use", () => {
  // The agent's budget and a single call's meter are two policies over one ledger: with room in
  // the budget and the same input estimate, they book any report the same way.
  it.each([
    ["believable", { inputTokens: 520, outputTokens: 90, cachedInputTokens: 300 }],
    ["missing", {}],
    ["not a number", { inputTokens: "520", outputTokens: Number.NaN }],
    ["under half our own count", { inputTokens: 150, outputTokens: 20 }],
    ["past the cap", { inputTokens: 900, outputTokens: 351 }],
  ])("the agent's budget books a %s report as a single call's meter does", (_name, reported) => {
    const budget = new RunBudget();
    budget.plan(0, { withTools: limits.inputEstimate, withoutTools: limits.inputEstimate });
    budget.startCall();
    budget.countOutput(100);
    budget.recordCall(reported);
    expect(budget.usage({})).toEqual(meterAfter(100, reported).usage({}));
  });
});
