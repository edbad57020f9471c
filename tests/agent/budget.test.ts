import { describe, expect, it } from "vitest";
import { MIN_TOOL_CALL_CAP, RunBudget } from "@/lib/agent/budget";

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
    budget.plan(0, { withTools: 2600, withoutTools: 2200 });
    // 7,000 - 2,950 - (2,550 * 1.05 + 350 = 3,028) - 40 = 982 tokens of results, 12 a result for its wrapper.
    expect(budget.callCap()).toBe(350);
    expect(budget.admitResult(500)).toBe(true);
    expect(budget.admitResult(500)).toBe(false);
    expect(budget.admitResult(458)).toBe(true);
    expect(budget.admitResult(1)).toBe(false);
  });

  it("caps a call that offers tools at the least a tool call needs when only that leaves room", () => {
    const budget = new RunBudget();
    budget.recordCall({ inputTokens: 3000, outputTokens: 350 });
    // 3,650 left. Writing 350: 3,650 - 1,550 - (1,350 * 1.05 + 350 = 1,768) - 40 = 292 for results.
    // Writing 200: 3,650 - 1,400 - (1,200 * 1.05 + 350 = 1,610) - 40 = 600.
    expect(budget.plan(1, { withTools: 1200, withoutTools: 1000 })).toEqual({ kind: "tools" });
    expect(budget.callCap()).toBe(350);
    expect(budget.plan(1, { withTools: 1400, withoutTools: 1200 })).toEqual({ kind: "tools" });
    // 3,650 - 1,750 - (1,550 * 1.05 + 350 = 1,978) - 40 < 150; at 200: 3,650 - 1,600 - 1,820 - 40 = 190.
    expect(budget.callCap()).toBe(MIN_TOOL_CALL_CAP);
    expect(budget.admitResult(178)).toBe(true);
    expect(budget.admitResult(1)).toBe(false);
    // The next plan starts from the whole cap again.
    expect(budget.plan(1, { withTools: 1200, withoutTools: 1000 })).toEqual({ kind: "tools" });
    expect(budget.callCap()).toBe(350);
  });

  it("asks less room of a call that offers only tools of a small fixed shape", () => {
    const budget = new RunBudget();
    budget.recordCall({ inputTokens: 3000, outputTokens: 350 });
    const step = { withTools: 1450, withoutTools: 1300 };
    // 3,650 - 1,650 - (1,500 * 1.05 + 350 = 1,925) - 40 = 35: under both rooms.
    expect(budget.plan(1, step)).toEqual({ kind: "final", reason: "token_budget" });
    // 3,650 - 1,500 - (1,350 * 1.05 + 350 = 1,768) - 40 = 342: room for a page of results.
    expect(budget.plan(1, { withTools: 1300, withoutTools: 1150 })).toEqual({ kind: "tools" });
    // 3,650 - 1,600 - (1,450 * 1.05 + 350 = 1,873) - 40 = 137: only for a small result.
    const tight = { withTools: 1400, withoutTools: 1250 };
    expect(budget.plan(1, tight)).toEqual({ kind: "final", reason: "token_budget" });
    expect(budget.plan(1, { ...tight, smallResults: true })).toEqual({ kind: "tools" });
  });

  it("lets the model answer when no tool is left to offer, with no limit named", () => {
    const budget = new RunBudget();
    expect(budget.plan(3, { withTools: null, withoutTools: 1200 })).toEqual({ kind: "answer" });
    expect(budget.finalReason).toBeNull();
    expect(budget.callCap()).toBe(350);
    // Still refused when even the answer can't be afforded.
    const spent = new RunBudget();
    spent.recordCall({ inputTokens: 6000, outputTokens: 350 });
    expect(spent.plan(4, { withTools: null, withoutTools: 1200 })).toEqual({ kind: "stop", reason: "token_budget" });
  });
});

describe("the run's recorded total never passes the budget", () => {
  /** A run of tool calls as the plan allows them, each booked as our estimate said. */
  function runToLastCall(budget: RunBudget, step: { withTools: number; withoutTools: number }): number {
    let stepNumber = 0;
    for (;;) {
      const plan = budget.plan(stepNumber, step);
      if (plan.kind !== "tools") return stepNumber;
      // The model writes all it may: the whole cap of this call.
      budget.startCall();
      budget.countOutput(budget.callCap());
      budget.recordCall({ inputTokens: step.withTools, outputTokens: budget.callCap() });
      budget.admitResult(100);
      step = { withTools: step.withTools + 600, withoutTools: step.withoutTools + 600 };
      stepNumber += 1;
    }
  }

  it("offers tools only if the last call still fits at a twentieth over its estimate", () => {
    const budget = new RunBudget();
    budget.recordCall({ inputTokens: 3510, outputTokens: 350 });
    // 3,140 left: this call writing 200 (1,200 + 200), then a last one at (1,000 + 200) * 1.05 + 350
    // and the refusals' 40 leave 90 for results, under 100; at its bare estimate it would leave 150.
    expect(budget.plan(1, { withTools: 1200, withoutTools: 1000, smallResults: true })).toEqual({
      kind: "final",
      reason: "token_budget",
    });
    const roomy = new RunBudget();
    roomy.recordCall({ inputTokens: 3450, outputTokens: 350 });
    expect(roomy.plan(1, { withTools: 1200, withoutTools: 1000, smallResults: true })).toEqual({ kind: "tools" });
  });

  it("books no more than the budget whatever a believable last count says", () => {
    for (const share of [1.3, 1.6, 1.9, 2]) {
      for (const first of [600, 900, 1400, 2000]) {
        const budget = new RunBudget();
        const last = runToLastCall(budget, { withTools: first + 400, withoutTools: first });
        const estimate = first + 600 * last;
        const plan = budget.plan(last, { withTools: estimate + 400, withoutTools: estimate });
        expect(plan.kind).not.toBe("tools");
        budget.startCall();
        budget.countOutput(350);
        budget.recordCall({ inputTokens: Math.floor(estimate * share), outputTokens: 350, cachedInputTokens: 99_999 });
        expect(budget.tokensUsed).toBeLessThanOrEqual(7000);
        expect(budget.cachedInputTokens).toBeLessThanOrEqual(budget.inputTokens);
      }
    }
  });

  it("says the usage is estimated when it booked less than the provider counted", () => {
    const budget = new RunBudget();
    budget.recordCall({ inputTokens: 6000, outputTokens: 300 });
    budget.plan(1, { withTools: 500, withoutTools: 350 });
    budget.startCall();
    budget.countOutput(300);
    budget.recordCall({ inputTokens: 690, outputTokens: 300 });
    expect(budget).toMatchObject({ inputTokens: 6400, outputTokens: 600, estimated: true });
    expect(budget.tokensUsed).toBe(7000);
  });

  it("books a last call's output only up to the budget, output before input", () => {
    const budget = new RunBudget();
    budget.recordCall({ inputTokens: 6800, outputTokens: 100 });
    budget.plan(1, { withTools: 500, withoutTools: 350 });
    budget.startCall();
    budget.countOutput(300);
    budget.recordCall({ inputTokens: 350, outputTokens: 300 });
    expect(budget).toMatchObject({ inputTokens: 6800, outputTokens: 200, estimated: true });
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
