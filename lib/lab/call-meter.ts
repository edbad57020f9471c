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

/**
 * What the shared path reads from a use's meter: the agent's run budget (`RunBudget`) and a
 * single call's meter both have this shape.
 */
export type UseMeter = {
  readonly modelCalls: number;
  readonly toolCalls: number;
  /** Settles the open call with the usage its step reported (`answerTransform`). */
  recordCall(usage: ReportedUsage): void;
  /** Settles a call that never finished at our own count: it was paid for. */
  closeOpenCall(): void;
  usage(model: MeteredModel): RunUsage;
};

/** A reported count under this share of our own (or input over its inverse) is not believed. */
const BELIEVABLE = 0.5;

/** A count that is a finite number above zero (Workers AI sends 0 when it has none), rounded up. */
export function usableCount(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.ceil(value) : undefined;
}

/**
 * The provider's counts of one call that can be believed, for the agent's run budget and a single
 * call's meter alike: input within half to twice our own estimate (ours never counts fewer than
 * Gemma's tokenizer; the chat template adds a little, not that), output at least half of what we
 * counted as it streamed and no more than the call allowed. `undefined` means "use our own count".
 */
export function believedUsage(
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

/**
 * The meter of a use that makes one model call and offers no tools (a chat message, a review):
 * the call counts when it goes out, its output is counted as it streams (the cap cuts it at the
 * use's limit), and at its end the provider's usage is believed only where it is believable,
 * else our own count stands (and the usage says estimated): not a finite positive number, under
 * half our own count, input over twice our own count, or output past what the call allowed.
 */
export class SingleCallMeter implements CallMeter, UseMeter {
  modelCalls = 0;
  readonly toolCalls = 0;
  /** Whether the call reached the output cap and was cut there. */
  cut = false;
  private inputTokens = 0;
  private outputTokens = 0;
  private cachedInputTokens = 0;
  private estimated = false;
  private open: { output: number } | null = null;

  constructor(
    private readonly limits: {
      /** Our own count of the call's input, booked when the provider reports none believable. */
      inputEstimate: number;
      maxOutputTokens: number;
    },
  ) {}

  startCall(): void {
    this.closeOpenCall();
    this.modelCalls += 1;
    this.cut = false;
    this.open = { output: 0 };
  }

  countOutput(tokens: number): void {
    if (this.open) this.open.output = tokens;
  }

  /** No tools are offered: a tool call the model makes anyway is never run and never shown. */
  dropCall(_call: DroppedCall): void {}

  cutCall(): void {
    this.cut = true;
  }

  recordCall(usage: ReportedUsage): void {
    if (!this.open) this.startCall();
    const counted = Math.min(this.open?.output ?? 0, this.limits.maxOutputTokens);
    this.open = null;
    const estimate = this.limits.inputEstimate;
    const { input, output } = believedUsage(usage, {
      inputEstimate: estimate,
      output: counted,
      maxOutputTokens: this.limits.maxOutputTokens,
    });
    if (input === undefined || output === undefined) this.estimated = true;
    this.inputTokens += input ?? estimate;
    this.outputTokens += output ?? counted;
    this.cachedInputTokens += input !== undefined ? Math.min(usableCount(usage.cachedInputTokens) ?? 0, input) : 0;
  }

  closeOpenCall(): void {
    if (this.open) this.recordCall({});
  }

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
