// `MEASURE_REAL_MODEL=1 npm run measure`: the golden goals (bench/golden-goals.json) against the
// real model on Workers AI over REST, through the product's own run path (runAgent with the REST
// model from lib/ai/providers.ts), into docs/measurements.md. It spends real neurons: opt-in, with
// credentials, never in CI. Tests drive `measureGoals` with a replayed stream instead of the API.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { UIMessageChunk } from "ai";
import { type AgentRunSummary, runAgent } from "../lib/agent/run-agent";
import { DEFAULT_AGENT_MODEL } from "../lib/ai/default-models";
import { workersAIRestModel } from "../lib/ai/providers";
import { NeuronMeter } from "../lib/ai/workers-ai-usage";
import { SITE } from "../lib/content/site";
import { isLocale, LOCALES, type Locale } from "../lib/i18n/config";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const GOLDEN_GOALS_FILE = path.join(root, "bench", "golden-goals.json");
export const MEASUREMENTS_FILE = path.join(root, "docs", "measurements.md");

export type GoldenGoal = { id: string; locale: Locale; goal: string };
export type MeasureEnv = Record<string, string | undefined>;

/** Why the measurement must not run here, in one line naming what to set; null when it may. */
export function measureRefusal(env: MeasureEnv): string | null {
  if (env.CI) return "measure: never runs in CI (it calls the real model and spends neurons)";
  if (env.MEASURE_REAL_MODEL !== "1")
    return "measure: set MEASURE_REAL_MODEL=1 to run the golden goals against the real model (it spends Workers AI neurons)";
  const missing = ["CLOUDFLARE_ACCOUNT_ID", "CLOUDFLARE_API_TOKEN"].filter((name) => !env[name]?.trim());
  if (missing.length) return `measure: set ${missing.join(" and ")} (Cloudflare dashboard > Workers AI > REST API)`;
  return null;
}

export function readGoldenGoals(file = GOLDEN_GOALS_FILE): GoldenGoal[] {
  const goals = JSON.parse(readFileSync(file, "utf8")) as GoldenGoal[];
  if (!Array.isArray(goals) || goals.some((g) => !g.id || !g.goal || !isLocale(g.locale)))
    throw new Error(`${file}: expected [{ id, locale: one of the studio's (${LOCALES.join(", ")}), goal }]`);
  return goals;
}

export type RunMeasurement = {
  id: string;
  locale: Locale;
  reason: string;
  firstTextMs: number | null;
  totalMs: number;
  modelCalls: number;
  toolCalls: number;
  refusedCalls: number;
  refusals: Record<string, number>;
  unverifiedAmounts: number;
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
  estimatedTokens: boolean;
  neurons: number;
  /** How many of the run's calls reported their neurons (the rest used the rates). */
  neuronsReported: string;
};

/** The refusal a tool part carries, if it was refused (bad arguments, unknown tool, no calls left). */
function refusalOf(chunk: UIMessageChunk): string | null {
  let payload: unknown = null;
  if (chunk.type === "tool-output-error" || chunk.type === "tool-input-error") {
    try {
      payload = JSON.parse(chunk.errorText);
    } catch {
      return chunk.type === "tool-input-error" ? "invalid_input" : "tool_error";
    }
  } else if (chunk.type === "tool-output-available") payload = chunk.output;
  const error = (payload as { ok?: unknown; error?: unknown } | null)?.error;
  return (payload as { ok?: unknown } | null)?.ok === false && typeof error === "string" ? error : null;
}

export async function measureGoal(
  goal: GoldenGoal,
  {
    env,
    fetch: fetcher = fetch,
    now = performance.now.bind(performance),
  }: { env: MeasureEnv; fetch?: typeof fetch; now?: () => number },
): Promise<RunMeasurement> {
  const modelId = env.AGENT_MODEL || DEFAULT_AGENT_MODEL;
  const meter = new NeuronMeter(modelId);
  const credentials = {
    accountId: env.CLOUDFLARE_ACCOUNT_ID ?? "",
    apiKey: env.CLOUDFLARE_API_TOKEN ?? "",
    fetch: fetcher,
  };
  let summary: AgentRunSummary | undefined;
  const started = now();
  let firstTextMs: number | null = null;
  const refusals: Record<string, number> = {};
  const stream = runAgent({
    goal: goal.goal,
    locale: goal.locale,
    studio: SITE.studio.name,
    model: workersAIRestModel(credentials, modelId, `measure-${goal.id}-${crypto.randomUUID()}`, meter),
    modelName: modelId,
    neurons: meter,
    onFinish: (s) => {
      summary = s;
    },
  });
  for await (const chunk of stream as unknown as AsyncIterable<UIMessageChunk>) {
    if (chunk.type === "text-delta" && firstTextMs === null) firstTextMs = now() - started;
    const refusal = refusalOf(chunk);
    if (refusal) refusals[refusal] = (refusals[refusal] ?? 0) + 1;
  }
  if (!summary) throw new Error(`measure: the run for ${goal.id} ended without a summary`);
  const reported = meter.reported;
  return {
    id: goal.id,
    locale: goal.locale,
    reason: summary.reason,
    firstTextMs,
    totalMs: now() - started,
    modelCalls: summary.modelCalls,
    toolCalls: summary.toolCalls,
    refusedCalls: summary.refusedCalls,
    refusals,
    unverifiedAmounts: summary.unverifiedAmounts.length,
    inputTokens: summary.usage.inputTokens,
    outputTokens: summary.usage.outputTokens,
    cachedInputTokens: summary.usage.cachedInputTokens,
    estimatedTokens: summary.usage.estimated,
    neurons: summary.usage.neurons,
    neuronsReported: `${reported.reportedCalls}/${reported.calls}`,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? (sorted[Math.floor((sorted.length - 1) / 2)] ?? 0) : 0;
};
const ms = (value: number | null) => (value === null ? "—" : `${Math.round(value)}`);

/** docs/measurements.md: one row per run, then the medians and how often each guard fired. */
export function measurementsMarkdown(runs: RunMeasurement[], { model, date }: { model: string; date: string }): string {
  const count = (pick: (run: RunMeasurement) => string[]) => {
    const counts = new Map<string, number>();
    for (const run of runs) for (const key of pick(run)) counts.set(key, (counts.get(key) ?? 0) + 1);
    return [...counts].map(([key, n]) => `${key} ${n}`).join(", ") || "none";
  };
  const refusals = new Map<string, number>();
  for (const run of runs)
    for (const [kind, n] of Object.entries(run.refusals)) refusals.set(kind, (refusals.get(kind) ?? 0) + n);
  const rows = runs.map(
    (r) =>
      `| ${r.id} | ${r.reason} | ${ms(r.firstTextMs)} | ${ms(r.totalMs)} | ${r.modelCalls} | ${r.toolCalls} | ${r.refusedCalls} | ${r.unverifiedAmounts} | ${r.inputTokens} | ${r.outputTokens} | ${r.cachedInputTokens} | ${r.neurons} (${r.neuronsReported} reported) |`,
  );
  const firstText = runs.flatMap((r) => (r.firstTextMs === null ? [] : [r.firstTextMs]));
  return [
    "# Real-model measurements",
    "",
    `Written by \`MEASURE_REAL_MODEL=1 npm run measure\` on ${date}: the ${runs.length} golden goals of`,
    `\`bench/golden-goals.json\` against \`${model}\` on Workers AI over REST, through \`runAgent\`.`,
    "Times in ms from the run's start; neurons as Workers AI reported them (the rates for calls that reported none).",
    "",
    "| goal | reason | first text | total | calls | tool calls | refused | unverified amounts | input tokens | output tokens | cached | neurons |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows,
    "",
    "## Summary",
    "",
    `- median time to first text: ${ms(firstText.length ? median(firstText) : null)} ms; median total: ${ms(median(runs.map((r) => r.totalMs)))} ms`,
    `- median tokens a run: ${median(runs.map((r) => r.inputTokens + r.outputTokens))}; neurons, all runs: ${Math.round(runs.reduce((sum, r) => sum + r.neurons, 0) * 100) / 100}`,
    `- reasons: ${count((r) => [r.reason])}`,
    `- refused tool calls: ${runs.reduce((sum, r) => sum + r.refusedCalls, 0)} (${[...refusals].map(([kind, n]) => `${kind} ${n}`).join(", ") || "none"})`,
    `- runs with unverified amounts: ${runs.filter((r) => r.unverifiedAmounts > 0).length} (${runs.reduce((sum, r) => sum + r.unverifiedAmounts, 0)} amounts)`,
    `- runs whose usage was estimated (the provider sent none): ${runs.filter((r) => r.estimatedTokens).length}`,
    "",
  ].join("\n");
}

/** Runs every golden goal, one after another, and writes the measurements file. */
export async function measureGoals({
  env,
  fetch: fetcher,
  goals = readGoldenGoals(),
  out = MEASUREMENTS_FILE,
  log = console.error,
}: {
  env: MeasureEnv;
  fetch?: typeof fetch;
  goals?: GoldenGoal[];
  out?: string;
  log?: (line: string) => void;
}): Promise<RunMeasurement[]> {
  const refusal = measureRefusal(env);
  if (refusal) throw new Error(refusal);
  const runs: RunMeasurement[] = [];
  for (const goal of goals) {
    const run = await measureGoal(goal, { env, fetch: fetcher });
    log(`${goal.id}: ${run.reason}, ${run.modelCalls} calls, ${run.neurons} neurons, ${Math.round(run.totalMs)} ms`);
    runs.push(run);
  }
  const model = env.AGENT_MODEL || DEFAULT_AGENT_MODEL;
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, measurementsMarkdown(runs, { model, date: new Date().toISOString().slice(0, 10) }));
  return runs;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const refusal = measureRefusal(process.env);
  if (refusal) {
    console.error(refusal);
    process.exit(1);
  }
  // The run's own one-line logs would bury the progress lines.
  console.log = () => {};
  await measureGoals({ env: process.env });
  console.error(`wrote ${path.relative(root, MEASUREMENTS_FILE)}`);
}
