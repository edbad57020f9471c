// The most one agent run can spend under its limits, and the most the adversarial suite's
// hostile models actually got out of one (`npm run bench` writes both).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { AGENT_LIMITS } from "../lib/agent/limits";
import { DEFAULT_AGENT_MODEL } from "../lib/ai/default-models";
import { NEURON_RATES, neuronsFor } from "../lib/ai/neurons";

/** Set to a file path, the adversarial suite writes each case's spend there as JSON. */
export const ADVERSARIAL_RESULTS_VARIABLE = "ADVERSARIAL_RESULTS_FILE";
/** Workers AI's free neurons a UTC day. */
const FREE_NEURONS_PER_DAY = 10_000;

export type Spend = { inputTokens: number; outputTokens: number; tokens: number; neurons: number };

/**
 * The dearest run the limits allow: the token budget spent in full, with as much of it as the
 * calls may write as output when output is the dearer side (it is, 3x, for Gemma 4).
 */
export function worstCaseRun(
  limits: { maxSteps: number; maxTokens: number; tokenBudget: number } = AGENT_LIMITS,
  model = DEFAULT_AGENT_MODEL,
): Spend & { runsPerFreeDay: number } {
  const rate = NEURON_RATES[model];
  const mostOutput = Math.min(limits.maxSteps * limits.maxTokens, limits.tokenBudget);
  const outputTokens = !rate || rate.output >= rate.input ? mostOutput : 0;
  const inputTokens = limits.tokenBudget - outputTokens;
  const neurons = neuronsFor(model, inputTokens, outputTokens);
  return {
    inputTokens,
    outputTokens,
    tokens: limits.tokenBudget,
    neurons,
    runsPerFreeDay: Math.floor(FREE_NEURONS_PER_DAY / neurons),
  };
}

export type AdversarialCase = { case: string; reason: string; tokens: number; neurons: number };

/** Runs the adversarial suite and returns the case that spent the most tokens, and the most neurons. */
export function worstAdversarialRun(): { cases: number; mostTokens: AdversarialCase; mostNeurons: AdversarialCase } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "adversarial-"));
  const file = path.join(dir, "cases.json");
  try {
    const result = spawnSync("npx", ["vitest", "run", "tests/agent/adversarial-limits.test.ts"], {
      encoding: "utf8",
      env: { ...process.env, [ADVERSARIAL_RESULTS_VARIABLE]: file },
    });
    if (result.status !== 0) throw new Error(`the adversarial suite failed:\n${result.stdout}${result.stderr}`);
    const cases = JSON.parse(readFileSync(file, "utf8")) as AdversarialCase[];
    const most = (key: "tokens" | "neurons") =>
      cases.reduce((worst, row) => (row[key] > worst[key] ? row : worst), cases[0] as AdversarialCase);
    return { cases: cases.length, mostTokens: most("tokens"), mostNeurons: most("neurons") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
