import type { EventPass } from "./event-stream";
import { neuronsFor, roundNeurons } from "./neurons";

/**
 * Workers AI reports what it billed for each response as `usage.neurons`, on the stream's last
 * usage event, e.g. `data: {"response":"","usage":{"prompt_tokens":14,…,"neurons":3.1}}`
 * (non-streamed responses also carry a `cf-ai-neurons` header). The provider drops it, so we read
 * it below the provider: `neuronReport` passes every event on untouched and notes, per model call,
 * the neurons the response reported.
 *
 * The stream is hostile until checked: only a finite number in [0, MAX_CALL_NEURONS] counts.
 */

/** More than the free plan's whole day; no call of a 7,000-token run can cost that much. */
const MAX_CALL_NEURONS = 10_000;

const validNeurons = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= MAX_CALL_NEURONS ? value : undefined;

type Call = { neurons?: number };

/** One run's neurons: what Workers AI reported for each call, with the model's rate as fallback. */
export class NeuronMeter {
  private readonly calls: Call[] = [];

  constructor(readonly model: string) {}

  /** Opens one model call's record; a call that fails before reporting stays unreported. */
  openCall(): (value: unknown) => void {
    const call: Call = {};
    this.calls.push(call);
    return (value) => {
      const neurons = validNeurons(value);
      // A response that reports twice is counted at its higher figure, never summed twice.
      if (neurons !== undefined) call.neurons = Math.max(call.neurons ?? 0, neurons);
    };
  }

  /** Calls made, and the neurons of those that reported them. */
  get reported(): { calls: number; reportedCalls: number; neurons: number } {
    const reported = this.calls.filter((call) => call.neurons !== undefined);
    return {
      calls: this.calls.length,
      reportedCalls: reported.length,
      neurons: reported.reduce((sum, call) => sum + (call.neurons ?? 0), 0),
    };
  }

  /**
   * The run's neurons: Workers AI's own figures when every call reported them; otherwise the
   * run's tokens at the model's rate, and never less than what was reported.
   */
  total(inputTokens: number, outputTokens: number): number {
    const { calls, reportedCalls, neurons } = this.reported;
    if (calls > 0 && reportedCalls === calls) return roundNeurons(neurons);
    return Math.max(roundNeurons(neurons), neuronsFor(this.model, inputTokens, outputTokens));
  }
}

/** Reads `usage.neurons` from the stream's events for one call's `report`, sending each on as it came. */
export function neuronReport(report: (value: unknown) => void): EventPass {
  return {
    event(event, emit) {
      const { data } = event;
      // Only the usage event names neurons; every other event costs one substring search.
      if (data?.includes('"neurons"')) {
        try {
          const payload: unknown = JSON.parse(data);
          const usage = payload && typeof payload === "object" ? (payload as { usage?: unknown }).usage : undefined;
          if (usage && typeof usage === "object") report((usage as { neurons?: unknown }).neurons);
        } catch {
          // Not JSON: the provider decides what to do with it; there is nothing to count.
        }
      }
      emit(event);
    },
  };
}
