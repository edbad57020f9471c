import { CallLedger } from "@/lib/lab/call-meter";
import { AGENT_LIMITS } from "./limits";

/** The limits a budget holds: the agent's, or a single call's (chat, review). */
export type BudgetLimits = { maxSteps: number; maxToolCalls: number; maxTokens: number; tokenBudget: number };

export type FinalReason = "step_limit" | "tool_limit" | "token_budget";
export type CallPlan =
  | { kind: "tools" }
  | { kind: "final"; reason: FinalReason }
  | { kind: "stop"; reason: FinalReason };

/** The smallest room for tool results that still makes another tool call worth it. */
const MIN_RESULT_ALLOWANCE = 150;
/** Kept for the short `tool_budget` answers a refused call still sends back. */
const REFUSAL_RESERVE = 40;
/** Per tool result: the message wrapper around it. */
export const TOOL_RESULT_OVERHEAD = 12;
/**
 * The last call is projected at a tenth over its estimate: its input is the longest of the
 * run, and a provider may count it higher than the earlier calls taught (`inputScale`) while
 * still within what `recordCall` believes. What it still counts past the budget is not booked.
 */
const LAST_CALL_MARGIN = 1.1;

/**
 * The run's budget: the call ledger (`CallLedger`) under the rule that keeps it inside
 * AGENT_LIMITS. Before each call, `plan` decides whether it may offer tools or must be the last
 * call (`toolChoice: "none"`): a call may offer tools only if, after it, a last call still fits in
 * the token budget even when this one writes its 350 tokens and its tool results fill the room
 * left for them. Tool results past that room are refused (`admitResult`), so the projection cannot
 * be beaten and the budget is hard; the ledger books nothing past the budget.
 */
export class RunBudget extends CallLedger {
  constructor(readonly limits: BudgetLimits = AGENT_LIMITS) {
    super({ maxOutputTokens: limits.maxTokens, tokenBudget: limits.tokenBudget });
  }
  refusedCalls = 0;
  /** Why the last call was made without tools, if a limit made it so. */
  finalReason: FinalReason | null = null;
  /** Why the run stopped before a call it could not afford (a safety net: `plan` makes a last call first). */
  stoppedBy: FinalReason | null = null;
  /** Real input tokens over our estimate, learnt from the provider's usage (>= 1). */
  private inputScale = 1;
  private pendingInputEstimate = 0;
  private resultAllowance = 0;
  private resultTokens = 0;

  /** `withTools` / `withoutTools`: estimated input tokens of the next call, with and without tool schemas. */
  plan(stepNumber: number, estimate: { withTools: number; withoutTools: number }): CallPlan {
    const { maxSteps, maxToolCalls, maxTokens, tokenBudget } = this.limits;
    const withTools = Math.ceil(estimate.withTools * this.inputScale);
    const withoutTools = Math.ceil(estimate.withoutTools * this.inputScale);
    const remaining = tokenBudget - this.tokensUsed;
    this.resultTokens = 0;
    this.resultAllowance = 0;

    const stop = (reason: FinalReason): CallPlan => {
      this.stoppedBy = reason;
      return { kind: "stop", reason };
    };
    if (withoutTools + maxTokens > remaining) return stop("token_budget");
    const final = (reason: FinalReason): CallPlan => {
      this.finalReason = reason;
      this.pendingInputEstimate = withoutTools;
      return { kind: "final", reason };
    };
    if (stepNumber >= maxSteps - 1) return final("step_limit");
    if (this.toolCalls >= maxToolCalls) return final("tool_limit");
    // This call with tools, then a last call that re-sends all of it plus this call's output.
    const lastCall = Math.ceil((withoutTools + maxTokens) * LAST_CALL_MARGIN) + maxTokens;
    const allowance = remaining - (withTools + maxTokens) - lastCall - REFUSAL_RESERVE;
    if (allowance < MIN_RESULT_ALLOWANCE) return final("token_budget");
    this.resultAllowance = allowance;
    this.pendingInputEstimate = withTools;
    return { kind: "tools" };
  }

  /** Whether a tool call may run: under the tool-call limit and with room for its result. */
  admitCall(): boolean {
    return this.toolCalls < this.limits.maxToolCalls;
  }

  /** Whether a result of `tokens` fits the room this call left for results; counts it if so. */
  admitResult(tokens: number): boolean {
    const cost = tokens + TOOL_RESULT_OVERHEAD;
    if (this.resultTokens + cost > this.resultAllowance) return false;
    this.resultTokens += cost;
    return true;
  }

  protected override nextInputEstimate(): number {
    return this.pendingInputEstimate;
  }

  /**
   * A provider that counts more input than we estimated teaches the plan to expect as much of the
   * next calls (our count never counts fewer than Gemma's tokenizer, and runs ~0.7 of it).
   */
  protected override learn({ input, inputEstimate }: { input: number; inputEstimate: number }): void {
    if (inputEstimate > 0 && input > inputEstimate) {
      this.inputScale = Math.max(this.inputScale, (input / inputEstimate) * this.inputScale);
    }
  }
}
