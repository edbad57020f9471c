import { CallLedger } from "@/lib/lab/call-meter";
import { AGENT_LIMITS } from "./limits";

/** The limits a budget holds: the agent's, or a single call's (chat, review). */
export type BudgetLimits = { maxSteps: number; maxToolCalls: number; maxTokens: number; tokenBudget: number };

export type FinalReason = "step_limit" | "tool_limit" | "token_budget";
export type CallPlan =
  | { kind: "tools" }
  | { kind: "final"; reason: FinalReason }
  /** Nothing left for a tool to do: the model answers, and no limit made it so. */
  | { kind: "answer" }
  | { kind: "stop"; reason: FinalReason };

/**
 * The least a call that offers tools may write: one short sentence and one tool call with its
 * arguments (~60-120 tokens by our count). Such a call is capped lower than the last one when the
 * budget is short, so the four tools' path fits; the stream's cap holds the lower figure.
 */
export const MIN_TOOL_CALL_CAP = 200;
/**
 * The smallest room for tool results that still makes another tool call worth it: a page of
 * search matches or a service (150), or, when the call offers only tools of a fixed small shape
 * (ids, a range, a link: `estimate_quote`, `suggest_next_step`, ~40-90 tokens), 100.
 */
const MIN_RESULT_ALLOWANCE = 150;
const MIN_SMALL_RESULT_ALLOWANCE = 100;
/** Kept for the short `tool_budget` answers a refused call still sends back. */
const REFUSAL_RESERVE = 40;
/** Per tool result: the message wrapper around it. */
const TOOL_RESULT_OVERHEAD = 12;
/**
 * The last call is projected at a tenth over its estimate: its input is the longest of the
 * run, and a provider may count it higher than the earlier calls taught (`inputScale`) while
 * still within what `recordCall` believes. What it still counts past the budget is not booked.
 */
const LAST_CALL_MARGIN = 1.05;

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
    this.nextCap = limits.maxTokens;
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
  private nextCap: number;

  /** The next call's output cap: `maxTokens`, or less for a call that offers tools on a short budget. */
  callCap(): number {
    return this.nextCap;
  }

  /**
   * `withTools` / `withoutTools`: estimated input tokens of the next call, with the schemas of the
   * tools it would offer and without; `withTools` is null when no tool is left to offer.
   */
  plan(
    stepNumber: number,
    estimate: { withTools: number | null; withoutTools: number; smallResults?: boolean },
  ): CallPlan {
    const { maxSteps, maxToolCalls, maxTokens, tokenBudget } = this.limits;
    const withoutTools = Math.ceil(estimate.withoutTools * this.inputScale);
    const remaining = tokenBudget - this.tokensUsed;
    this.resultTokens = 0;
    this.resultAllowance = 0;
    this.nextCap = maxTokens;

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
    if (estimate.withTools === null) {
      this.pendingInputEstimate = withoutTools;
      return { kind: "answer" };
    }
    const withTools = Math.ceil(estimate.withTools * this.inputScale);
    if (stepNumber >= maxSteps - 1) return final("step_limit");
    if (this.toolCalls >= maxToolCalls) return final("tool_limit");
    // This call with tools, writing up to `cap`, then a last call that re-sends all of it plus
    // this call's output: the whole cap first, else the least a tool call needs.
    const allowanceWith = (cap: number) =>
      remaining -
      (withTools + cap) -
      (Math.ceil((withoutTools + cap) * LAST_CALL_MARGIN) + maxTokens) -
      REFUSAL_RESERVE;
    const room = estimate.smallResults ? MIN_SMALL_RESULT_ALLOWANCE : MIN_RESULT_ALLOWANCE;
    const cap = allowanceWith(maxTokens) >= room ? maxTokens : Math.min(maxTokens, MIN_TOOL_CALL_CAP);
    const allowance = allowanceWith(cap);
    if (allowance < room) return final("token_budget");
    this.nextCap = cap;
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
