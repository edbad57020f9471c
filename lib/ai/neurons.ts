import { DEFAULT_AGENT_MODEL } from "./default-models";

export type NeuronRate = { input: number; output: number };

/**
 * Workers AI bills in neurons, per million tokens, by model. Rates from the Workers AI pricing
 * page; one table so a new model is one line.
 */
export const NEURON_RATES: Record<string, NeuronRate> = {
  [DEFAULT_AGENT_MODEL]: { input: 9_091, output: 27_273 },
};

/**
 * For a Workers AI model not in the table (an `AGENT_MODEL` override): the dearest text model on
 * the pricing page when this was written (`@cf/deepseek-ai/deepseek-r1-distill-qwen-32b`), so an
 * unknown model is counted high, never as free. Used only when Workers AI sends no neurons itself.
 */
export const FALLBACK_NEURON_RATE: NeuronRate = { input: 45_170, output: 443_756 };

const warned = new Set<string>();

function neuronRate(model: string): NeuronRate {
  const rate = NEURON_RATES[model];
  if (rate) return rate;
  if (!warned.has(model)) {
    warned.add(model);
    // Once per isolate and model: the figure recorded for this model is an upper estimate.
    console.warn(
      JSON.stringify({
        event: "neuron_rate_unknown",
        model,
        fallbackRate: FALLBACK_NEURON_RATE,
        fix: "lib/ai/neurons.ts",
      }),
    );
  }
  return FALLBACK_NEURON_RATE;
}

/** Neurons of Workers AI tokens at the model's rate (the conservative fallback for an unknown model). */
export function neuronsFor(model: string, inputTokens: number, outputTokens: number): number {
  const rate = neuronRate(model);
  return roundNeurons((inputTokens * rate.input + outputTokens * rate.output) / 1_000_000);
}

export const roundNeurons = (neurons: number) => Math.round(neurons * 100) / 100;
