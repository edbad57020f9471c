import { neuronsFor, roundNeurons } from "./neurons";

/**
 * Workers AI reports what it billed for each response as `usage.neurons`, on the stream's last
 * usage event, e.g. `data: {"response":"","usage":{"prompt_tokens":14,…,"neurons":3.1}}`
 * (non-streamed responses also carry a `cf-ai-neurons` header). The provider drops it, so we read
 * it below the provider: the wrappers here pass every byte through untouched and note, per model
 * call, the neurons the response reported.
 *
 * The stream is hostile until checked: only a finite number in [0, MAX_CALL_NEURONS] counts.
 */

/** More than the free plan's whole day; no call of a 7,000-token run can cost that much. */
export const MAX_CALL_NEURONS = 10_000;

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

/** Reads `usage.neurons` from an SSE stream's events without touching the bytes. */
function neuronReader(report: (value: unknown) => void): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  let buffer = "";
  const readLine = (line: string) => {
    // Only the usage event names neurons; every other line costs one substring search.
    if (!line.includes('"neurons"')) return;
    const data = line.trim();
    if (!data.startsWith("data:")) return;
    try {
      const event: unknown = JSON.parse(data.slice(5));
      const usage = event && typeof event === "object" ? (event as { usage?: unknown }).usage : undefined;
      if (usage && typeof usage === "object") report((usage as { neurons?: unknown }).neurons);
    } catch {
      // Not JSON: the provider decides what to do with it; there is nothing to count.
    }
  };
  return new TransformStream({
    transform(chunk, controller) {
      controller.enqueue(chunk);
      buffer += decoder.decode(chunk, { stream: true });
      const lines = buffer.split("\n");
      buffer = lines.pop() ?? "";
      for (const line of lines) readLine(line);
    },
    flush() {
      readLine(buffer + decoder.decode());
    },
  });
}

type Run = (model: string, inputs: Record<string, unknown>, options?: AiOptions) => Promise<unknown>;

/** The `AI` binding, noting each call's reported neurons on `meter`; everything else is the binding's. */
export function withNeuronMeter(binding: Ai, meter: NeuronMeter): Ai {
  const run: Run = async (model, inputs, options) => {
    const report = meter.openCall();
    const output = await (binding.run as unknown as Run)(model, inputs, options);
    if (output instanceof ReadableStream) return output.pipeThrough(neuronReader(report));
    if (output && typeof output === "object") report((output as { usage?: { neurons?: unknown } }).usage?.neurons);
    return output;
  };
  return new Proxy(binding, {
    get(target, property) {
      if (property === "run") return run;
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** `fetch` for Workers AI over REST, noting each call's reported neurons on `meter`. */
export function fetchWithNeuronMeter(fetcher: typeof fetch, meter: NeuronMeter): typeof fetch {
  return async (input, init) => {
    const report = meter.openCall();
    const response = await fetcher(input, init);
    const streamed = response.headers.get("content-type")?.includes("text/event-stream");
    if (!streamed || !response.body) {
      const header = response.headers.get("cf-ai-neurons");
      if (header !== null && header.trim() !== "") report(Number(header));
      return response;
    }
    return new Response(response.body.pipeThrough(neuronReader(report)), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
