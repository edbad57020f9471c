import { believedUsage, usableCount } from "@/lib/lab/call-meter";
import { AGENT_LIMITS } from "./limits";
import type { RunUsage } from "./types";

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
 * The run's counters and the rule that keeps it inside AGENT_LIMITS. Before each call, `plan`
 * decides whether it may offer tools or must be the last call (`toolChoice: "none"`): a call may
 * offer tools only if, after it, a last call still fits in the token budget even when this one
 * writes its 350 tokens and its tool results fill the room left for them. Tool results past that
 * room are refused (`admitResult`), so the projection cannot be beaten and the budget is hard.
 */
export class RunBudget {
  constructor(readonly limits: BudgetLimits = AGENT_LIMITS) {}
  modelCalls = 0;
  toolCalls = 0;
  refusedCalls = 0;
  inputTokens = 0;
  outputTokens = 0;
  cachedInputTokens = 0;
  estimated = false;
  /** Why the last call was made without tools, if a limit made it so. */
  finalReason: FinalReason | null = null;
  /** Why the run stopped before a call it could not afford (a safety net: `plan` makes a last call first). */
  stoppedBy: FinalReason | null = null;
  /** Real input tokens over our estimate, learnt from the provider's usage (>= 1). */
  private inputScale = 1;
  private pendingInputEstimate = 0;
  private resultAllowance = 0;
  private resultTokens = 0;
  private openCall: OpenCall | null = null;

  get tokensUsed(): number {
    return this.inputTokens + this.outputTokens;
  }

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

  /** Whether the last call was cut at the per-call output cap (`capModelCalls`). */
  lastCallCut = false;

  /** A model call goes out: it counts from here, whatever happens to it next. */
  startCall(): void {
    this.closeOpenCall();
    this.lastCallCut = false;
    this.modelCalls += 1;
    this.openCall = { inputEstimate: this.pendingInputEstimate, output: 0 };
  }

  /** The open call's output so far, our own count as it streams. */
  countOutput(tokens: number): void {
    if (this.openCall) this.openCall.output = tokens;
  }

  /**
   * Settles the open call with the provider's usage where it is believable, else with our own
   * count (and says so): a count that is not a finite non-negative number, zero (Workers AI sends
   * 0 when it has none), under half our own count (ours never counts fewer than Gemma's
   * tokenizer, and it runs ~0.7 of it), input over twice our own count (the chat template adds
   * a little, not that), or output past what the request allowed. Whatever is believed, the run
   * books no more than its budget: input past it is not booked (and the usage says estimated).
   */
  recordCall(usage: { inputTokens?: unknown; outputTokens?: unknown; cachedInputTokens?: unknown }): void {
    if (!this.openCall) this.startCall();
    const call = this.openCall as OpenCall;
    this.openCall = null;
    const { input, output } = believedUsage(usage, {
      inputEstimate: call.inputEstimate,
      output: call.output,
      maxOutputTokens: this.limits.maxTokens,
    });
    if (input === undefined || output === undefined) this.estimated = true;
    if (input !== undefined && call.inputEstimate > 0 && input > call.inputEstimate) {
      this.inputScale = Math.max(this.inputScale, (input / call.inputEstimate) * this.inputScale);
    }
    const left = Math.max(0, this.limits.tokenBudget - this.tokensUsed);
    const countedOutput = output ?? Math.min(call.output, this.limits.maxTokens);
    const bookedOutput = Math.min(countedOutput, left);
    const room = left - bookedOutput;
    const counted = input ?? call.inputEstimate;
    const bookedInput = Math.min(counted, room);
    if (bookedInput < counted || bookedOutput < countedOutput) this.estimated = true;
    this.inputTokens += bookedInput;
    this.outputTokens += bookedOutput;
    this.cachedInputTokens +=
      input !== undefined ? Math.min(usableCount(usage.cachedInputTokens) ?? 0, bookedInput) : 0;
  }

  /**
   * What the use spent, as `data-done` reports it: the booked tokens, the neurons the model's meter
   * counted (Workers AI only; none for other models), estimated when any count was our own.
   */
  usage(model: {
    neurons?: { total(inputTokens: number, outputTokens: number): number };
    estimatedUsage?: boolean;
  }): RunUsage {
    return {
      inputTokens: this.inputTokens,
      outputTokens: this.outputTokens,
      cachedInputTokens: this.cachedInputTokens,
      neurons: model.neurons?.total(this.inputTokens, this.outputTokens) ?? 0,
      estimated: this.estimated || model.estimatedUsage === true,
    };
  }

  /** Settles a call that never finished (it broke, hung or was stopped) at our own count: it was paid for. */
  closeOpenCall(): void {
    if (this.openCall) this.recordCall({});
  }
}

type OpenCall = { inputEstimate: number; output: number };
