import { LAB_USE_KINDS, type LabUseKind } from "@/lib/lab-uses";
import type { ModelTotals, SiteTotals } from "./types";

/** Field names of a day's site hash; the Lua scripts write the same names. */
export const SITE_FIELDS = {
  units: "units",
  reservations: "reservations",
  releases: "releases",
  runs: "runs",
  inputTokens: "input_tokens",
  outputTokens: "output_tokens",
  cachedInputTokens: "cached_input_tokens",
  neurons: "neurons",
  estimatedRuns: "estimated_runs",
} as const;

/** Per-model fields are `model:<model>:<metric>`; a model id may hold colons, a metric never does. */
export const MODEL_METRICS = ["runs", "input_tokens", "output_tokens", "cached_input_tokens", "neurons"] as const;

export function modelField(model: string, metric: (typeof MODEL_METRICS)[number]): string {
  return `model:${model}:${metric}`;
}

/** Per-kind fields are `kind:<kind>:<metric>`, the same metrics as a model's. */
export function kindField(kind: LabUseKind, metric: (typeof MODEL_METRICS)[number]): string {
  return `kind:${kind}:${metric}`;
}

type Context = { day: string; resetAt: string; unitsLimit: number; neuronAllowance: number };

export function parseSiteTotals(raw: Record<string, unknown>, context: Context): SiteTotals {
  const read = (field: string) => toNumber(raw[field]);
  const byModel: Record<string, ModelTotals> = {};
  for (const field of Object.keys(raw)) {
    if (!field.startsWith("model:") || !field.endsWith(":runs")) continue;
    const model = field.slice("model:".length, -":runs".length);
    byModel[model] = {
      runs: read(modelField(model, "runs")),
      inputTokens: read(modelField(model, "input_tokens")),
      outputTokens: read(modelField(model, "output_tokens")),
      cachedInputTokens: read(modelField(model, "cached_input_tokens")),
      neurons: roundNeurons(read(modelField(model, "neurons"))),
    };
  }
  const byKind = Object.fromEntries(
    LAB_USE_KINDS.map((kind) => [
      kind,
      {
        runs: read(kindField(kind, "runs")),
        inputTokens: read(kindField(kind, "input_tokens")),
        outputTokens: read(kindField(kind, "output_tokens")),
        cachedInputTokens: read(kindField(kind, "cached_input_tokens")),
        neurons: roundNeurons(read(kindField(kind, "neurons"))),
      },
    ]),
  ) as Record<LabUseKind, ModelTotals>;
  return {
    day: context.day,
    resetAt: context.resetAt,
    units: { used: read(SITE_FIELDS.units), limit: context.unitsLimit },
    reservations: read(SITE_FIELDS.reservations),
    releases: read(SITE_FIELDS.releases),
    runs: read(SITE_FIELDS.runs),
    inputTokens: read(SITE_FIELDS.inputTokens),
    outputTokens: read(SITE_FIELDS.outputTokens),
    cachedInputTokens: read(SITE_FIELDS.cachedInputTokens),
    neurons: roundNeurons(read(SITE_FIELDS.neurons)),
    estimatedRuns: read(SITE_FIELDS.estimatedRuns),
    neuronAllowance: context.neuronAllowance,
    byModel,
    byKind,
  };
}

function toNumber(value: unknown): number {
  const number = typeof value === "number" ? value : typeof value === "string" ? Number(value) : 0;
  return Number.isFinite(number) ? number : 0;
}

// Neurons are fractional; summing floats leaves noise like 12.300000000000001.
function roundNeurons(value: number): number {
  return Math.round(value * 1000) / 1000;
}
