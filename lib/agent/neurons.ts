/**
 * Workers AI bills in neurons, per million tokens, by model. Rates from the Workers AI pricing
 * page; one table so a new model is one line.
 */
export const NEURON_RATES: Record<string, { input: number; output: number }> = {
  "@cf/google/gemma-4-26b-a4b-it": { input: 9_091, output: 27_273 },
};

/** Models with no rate (the offline planner, a local server) cost no neurons. */
export function neuronsFor(model: string, inputTokens: number, outputTokens: number): number {
  const rate = NEURON_RATES[model];
  if (!rate) return 0;
  return Math.round(((inputTokens * rate.input + outputTokens * rate.output) / 1_000_000) * 100) / 100;
}
