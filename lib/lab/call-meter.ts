import type { CallMeter, DroppedCall } from "./call-cap";
import type { RunUsage } from "./types";

/** The model that answered, as the meter prices it. */
export type MeteredModel = {
  /** Workers AI's neurons for this use (the model's meter); Claude and offline programs cost none. */
  neurons?: { total(inputTokens: number, outputTokens: number): number };
  /** True when usage is our own count rather than the provider's (offline programs). */
  estimatedUsage?: boolean;
};

/** A call's usage as the provider reported it (any of it may be missing or nonsense). */
export type ReportedUsage = { inputTokens?: unknown; outputTokens?: unknown; cachedInputTokens?: unknown };

/** A reported count under this share of our own (or input over its inverse) is not believed. */
const BELIEVABLE = 0.5;

/** A count that is a finite number above zero (Workers AI sends 0 when it has none), rounded up. */
function usableCount(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.ceil(value) : undefined;
}

/**
 * The provider's counts of one call that can be believed, for the agent's run budget and a single
 * call's meter alike: input within half to twice our own estimate (ours never counts fewer than
 * Gemma's tokenizer; the chat template adds a little, not that), output at least half of what we
 * counted as it streamed and no more than the call allowed. `undefined` means "use our own count".
 */
function believedUsage(
  usage: ReportedUsage,
  ours: { inputEstimate: number; output: number; maxOutputTokens: number },
): { input: number | undefined; output: number | undefined } {
  const input = usableCount(usage.inputTokens);
  const output = usableCount(usage.outputTokens);
  const { inputEstimate } = ours;
  return {
    input:
      input !== undefined &&
      (inputEstimate === 0 || (input >= inputEstimate * BELIEVABLE && input <= inputEstimate / BELIEVABLE))
        ? input
        : undefined,
    output:
      output !== undefined && output >= ours.output * BELIEVABLE && output <= ours.maxOutputTokens ? output : undefined,
  };
}

/** The call that went out and has not been settled yet: our own counts of it. */
type OpenCall = { inputEstimate: number; output: number };

/**
 * The one ledger of a use's model calls, for the agent's run budget (`RunBudget`) and a single
 * call's meter alike: a call counts when it goes out (even one that fails or hangs before its
 * first part), its output is counted as it streams (the cap cuts it at `maxOutputTokens`), and at
 * its end the provider's usage is believed only where it is believable (`believedUsage`), else
 * our own count stands and the usage says estimated. A ledger with a `tokenBudget` books no more
 * than it: what a call counts past it is not booked (and the usage says estimated).
 * What differs between uses is their policy: the input a call is expected to send
 * (`nextInputEstimate`) and what they learn from a believed count (`learn`).
 */
export abstract class CallLedger implements CallMeter {
  modelCalls = 0;
  toolCalls = 0;
  inputTokens = 0;
  outputTokens = 0;
  cachedInputTokens = 0;
  /** Whether any booked count is our own rather than the provider's. */
  estimated = false;
  /** Whether the last call reached the output cap and was cut there. */
  cut = false;
  /** Tool calls the model made on a call that offered none: never run (the agent shows them refused). */
  readonly dropped: DroppedCall[] = [];
  private open: OpenCall | null = null;

  constructor(protected readonly ledgerLimits: { maxOutputTokens: number; tokenBudget?: number }) {}

  get tokensUsed(): number {
    return this.inputTokens + this.outputTokens;
  }

  /** Our own estimate of the input of the call that goes out now. */
  protected abstract nextInputEstimate(): number;

  /** What the policy takes from a call's believed input count (the agent learns its scale). */
  protected learn(_believed: { input: number; inputEstimate: number }): void {}

  /** A call goes out: it counts from here, whatever happens to it next. */
  startCall(): void {
    this.closeOpenCall();
    this.modelCalls += 1;
    this.cut = false;
    this.open = { inputEstimate: this.nextInputEstimate(), output: 0 };
  }

  /** The open call's output so far, our own count as it streams. */
  countOutput(tokens: number): void {
    if (this.open) this.open.output = tokens;
  }

  dropCall(call: DroppedCall): void {
    this.dropped.push(call);
  }

  cutCall(): void {
    this.cut = true;
  }

  /** Settles the open call with the usage its step reported (`answerTransform`). */
  recordCall(usage: ReportedUsage): void {
    if (!this.open) this.startCall();
    const call = this.open as OpenCall;
    this.open = null;
    const { maxOutputTokens, tokenBudget = Number.POSITIVE_INFINITY } = this.ledgerLimits;
    const { input, output } = believedUsage(usage, {
      inputEstimate: call.inputEstimate,
      output: call.output,
      maxOutputTokens,
    });
    if (input === undefined || output === undefined) this.estimated = true;
    if (input !== undefined) this.learn({ input, inputEstimate: call.inputEstimate });
    const left = Math.max(0, tokenBudget - this.tokensUsed);
    const countedOutput = output ?? Math.min(call.output, maxOutputTokens);
    const bookedOutput = Math.min(countedOutput, left);
    const countedInput = input ?? call.inputEstimate;
    const bookedInput = Math.min(countedInput, left - bookedOutput);
    if (bookedInput < countedInput || bookedOutput < countedOutput) this.estimated = true;
    this.inputTokens += bookedInput;
    this.outputTokens += bookedOutput;
    this.cachedInputTokens +=
      input !== undefined ? Math.min(usableCount(usage.cachedInputTokens) ?? 0, bookedInput) : 0;
  }

  /** Settles a call that never finished (it broke, hung or was stopped) at our own count: it was paid for. */
  closeOpenCall(): void {
    if (this.open) this.recordCall({});
  }

  /**
   * What the use spent, as `data-done` reports it: the booked tokens, the neurons the model's meter
   * counted (Workers AI only; none for other models), estimated when any count was our own.
   */
  usage(model: MeteredModel): RunUsage {
    return {
      inputTokens: this.inputTokens,
      outputTokens: this.outputTokens,
      cachedInputTokens: this.cachedInputTokens,
      neurons: model.neurons?.total(this.inputTokens, this.outputTokens) ?? 0,
      estimated: this.estimated || model.estimatedUsage === true,
    };
  }
}

/**
 * The meter of a use that makes one model call and offers no tools (a chat message, a review):
 * every call is expected to send the use's prompt (`inputEstimate`), and nothing bounds the
 * booking but the call's own cap. A tool call the model makes anyway is never run and never shown.
 */
export class SingleCallMeter extends CallLedger {
  constructor(
    private readonly limits: {
      /** Our own count of the call's input, booked when the provider reports none believable. */
      inputEstimate: number;
      maxOutputTokens: number;
    },
  ) {
    super({ maxOutputTokens: limits.maxOutputTokens });
  }

  protected override nextInputEstimate(): number {
    return this.limits.inputEstimate;
  }
}
