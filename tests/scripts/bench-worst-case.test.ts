import { describe, expect, it } from "vitest";
import { AGENT_LIMITS } from "@/lib/agent/limits";
import { DEFAULT_AGENT_MODEL } from "@/lib/ai/default-models";
import { neuronsFor } from "@/lib/ai/neurons";
import { worstCaseRun } from "@/scripts/bench-worst-case";

// The figure the README's cost claims rest on: the dearest run the limits allow.
describe("worstCaseRun", () => {
  it("spends the whole budget, as much of it on output (the dearer side) as the calls may write", () => {
    const worst = worstCaseRun();
    const output = AGENT_LIMITS.maxSteps * AGENT_LIMITS.maxTokens;
    expect(worst).toMatchObject({
      tokens: AGENT_LIMITS.tokenBudget,
      outputTokens: output,
      inputTokens: AGENT_LIMITS.tokenBudget - output,
    });
    expect(worst.neurons).toBe(neuronsFor(DEFAULT_AGENT_MODEL, worst.inputTokens, worst.outputTokens));
    // No other split of the budget costs more.
    for (let out = 0; out <= output; out += 50) {
      expect(neuronsFor(DEFAULT_AGENT_MODEL, AGENT_LIMITS.tokenBudget - out, out)).toBeLessThanOrEqual(worst.neurons);
    }
    expect(worst.runsPerFreeDay).toBe(Math.floor(10_000 / worst.neurons));
  });

  it("never counts more output than the budget holds", () => {
    const worst = worstCaseRun({ maxSteps: 5, maxTokens: 2000, tokenBudget: 7000 });
    expect(worst).toMatchObject({ outputTokens: 7000, inputTokens: 0, tokens: 7000 });
  });
});
