import { describe, expect, it } from "vitest";
import { RunBudget } from "@/lib/agent/budget";

// The rule that makes the 7,000-token budget hard, call by call.
describe("RunBudget.plan", () => {
  it("offers tools while a last answering call still fits after this one", () => {
    const budget = new RunBudget();
    expect(budget.plan(0, { withTools: 700, withoutTools: 300 })).toEqual({ kind: "tools" });
  });

  it("makes the fifth call, or any call after six tool calls, the last one", () => {
    expect(new RunBudget().plan(4, { withTools: 700, withoutTools: 300 })).toEqual({
      kind: "final",
      reason: "step_limit",
    });
    const budget = new RunBudget();
    budget.toolCalls = 6;
    expect(budget.plan(1, { withTools: 700, withoutTools: 300 })).toEqual({ kind: "final", reason: "tool_limit" });
  });

  it("makes a call the last one when tools would leave no room for the answer after it", () => {
    const budget = new RunBudget();
    budget.recordCall({ inputTokens: 3000, outputTokens: 350 });
    // 3,650 left: this call with tools (1,500 + 350) and a last one (1,200 + 350 + 350) leave < 150 for results.
    expect(budget.plan(1, { withTools: 1500, withoutTools: 1200 })).toEqual({ kind: "final", reason: "token_budget" });
  });

  it("stops before a call it cannot afford at all", () => {
    const budget = new RunBudget();
    budget.recordCall({ inputTokens: 6000, outputTokens: 350 });
    expect(budget.plan(2, { withTools: 900, withoutTools: 400 })).toEqual({ kind: "stop", reason: "token_budget" });
    expect(budget.stoppedBy).toBe("token_budget");
  });

  it("refuses tool results past the room the call left for them", () => {
    const budget = new RunBudget();
    budget.plan(0, { withTools: 3000, withoutTools: 2600 });
    // 7,000 - 3,350 - 3,300 - 40 = 310 tokens of results, 12 of them per result for its wrapper.
    expect(budget.admitResult(200)).toBe(true);
    expect(budget.admitResult(200)).toBe(false);
    expect(budget.admitResult(80)).toBe(true);
  });
});

describe("RunBudget.recordCall", () => {
  it("falls back to its own count when usage is missing, and says so", () => {
    const budget = new RunBudget();
    budget.plan(0, { withTools: 800, withoutTools: 400 });
    budget.startCall();
    budget.countOutput(42);
    budget.recordCall({ inputTokens: 0, outputTokens: undefined });
    expect(budget).toMatchObject({ inputTokens: 800, outputTokens: 42, estimated: true, modelCalls: 1 });
  });

  it("learns when the provider counts more input than its estimate", () => {
    const budget = new RunBudget();
    budget.plan(0, { withTools: 1000, withoutTools: 600 });
    budget.recordCall({ inputTokens: 1200, outputTokens: 50 });
    // The next estimates are scaled by 1.2: 6,000 * 1.2 + 350 leaves no room for even a last call.
    expect(budget.plan(1, { withTools: 6000, withoutTools: 5000 })).toMatchObject({ kind: "stop" });
    expect(new RunBudget().plan(1, { withTools: 6000, withoutTools: 5000 })).toMatchObject({ kind: "final" });
  });

  it("does not believe counts that are not numbers, or far from its own count", () => {
    for (const reported of [
      { inputTokens: "0900", outputTokens: "30" },
      { inputTokens: Number.POSITIVE_INFINITY, outputTokens: -5 },
      { inputTokens: 1, outputTokens: 1 },
      { inputTokens: 1_000_000, outputTokens: 90_000 },
    ]) {
      const budget = new RunBudget();
      budget.plan(0, { withTools: 800, withoutTools: 400 });
      budget.startCall();
      budget.countOutput(60);
      budget.recordCall(reported);
      expect(budget).toMatchObject({ inputTokens: 800, outputTokens: 60, estimated: true });
    }
  });

  it("counts a call from when it goes out, even if it never finishes", () => {
    const budget = new RunBudget();
    budget.plan(0, { withTools: 800, withoutTools: 400 });
    budget.startCall();
    expect(budget.modelCalls).toBe(1);
    budget.closeOpenCall();
    expect(budget).toMatchObject({ modelCalls: 1, inputTokens: 800, outputTokens: 0, estimated: true });
  });
});
