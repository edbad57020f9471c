import type { UIMessageChunk } from "ai";
import { expect } from "vitest";
import { type AgentRunOptions, type AgentRunSummary, runAgent } from "@/lib/agent/run-agent";
import type { BudgetData, DoneData } from "@/lib/agent/types";
import { DEFAULT_AGENT_MODEL } from "@/lib/ai/default-models";
import { workersAIModel } from "@/lib/ai/providers";
import type { NeuronMeter } from "@/lib/ai/workers-ai-usage";
import { DEFAULT_LOCALE } from "@/lib/i18n/config";
import { readChunks } from "./scripted-model";
import { type ReplayScript, replayBinding } from "./workers-ai-replay";

/**
 * The one harness that plays an agent run in tests: the real `runAgent` loop, tools and checks
 * around whatever model a test brings (a scripted model, the offline planner, or Workers AI
 * streams replayed through the real provider), and what reached the page's stream, read the way
 * the page reads it.
 */

export type PlayOptions = Partial<Omit<AgentRunOptions, "model" | "onFinish">> & { model: AgentRunOptions["model"] };

export const DEFAULT_GOAL = "Un sitio con blog para mi panadería";

/** `runAgent` with the test defaults filled in (goal, Spanish, the demo studio, Gemma's name). */
export function agentStream(options: PlayOptions, onFinish?: AgentRunOptions["onFinish"]) {
  return runAgent({
    ...options,
    goal: options.goal ?? DEFAULT_GOAL,
    locale: options.locale ?? DEFAULT_LOCALE,
    studio: options.studio ?? "Taller Norte",
    modelName: options.modelName ?? DEFAULT_AGENT_MODEL,
    onFinish,
  });
}

export type ToolPart = { id: string; name: string; input?: unknown; output?: unknown; error?: string };

export type PlayedRun = {
  chunks: UIMessageChunk[];
  /** The one `data-done` (the harness fails the test if there is not exactly one). */
  done: DoneData;
  budgets: BudgetData[];
  /** All text the visitor saw, joined. */
  text: string;
  outputs: { toolCallId: string; output: unknown }[];
  /** Refused calls: a tool part in `output-error` (its input never ran) or with an invalid input. */
  errors: { toolCallId: string; errorText: string }[];
  /** Tool parts as the page renders them: the name from the input chunk, then an output or an error. */
  tools: ToolPart[];
  summary: AgentRunSummary | undefined;
};

export function readRun(chunks: UIMessageChunk[], summary?: AgentRunSummary): PlayedRun {
  const done = chunks.filter((c) => c.type === "data-done") as { data: DoneData }[];
  expect(done, "exactly one data-done").toHaveLength(1);
  const budgets = chunks.filter((c) => c.type === "data-budget").map((c) => (c as { data: BudgetData }).data);
  const text = chunks
    .filter((c): c is Extract<UIMessageChunk, { type: "text-delta" }> => c.type === "text-delta")
    .map((c) => c.delta)
    .join("");
  const outputs = chunks.filter((c) => c.type === "tool-output-available") as { toolCallId: string; output: unknown }[];
  const errors = chunks.filter((c) => c.type === "tool-input-error" || c.type === "tool-output-error") as {
    toolCallId: string;
    errorText: string;
  }[];
  const byId = new Map<string, ToolPart>();
  for (const c of chunks) {
    if (c.type === "tool-input-available" || c.type === "tool-input-error") {
      byId.set(c.toolCallId, {
        id: c.toolCallId,
        name: c.toolName,
        input: c.input,
        ...(c.type === "tool-input-error" ? { error: c.errorText } : {}),
      });
    }
    const part = byId.get((c as { toolCallId?: string }).toolCallId ?? "");
    if (part && c.type === "tool-output-available") part.output = c.output;
    if (part && c.type === "tool-output-error") part.error = c.errorText;
  }
  return {
    chunks,
    done: done[0]?.data as DoneData,
    budgets,
    text,
    outputs,
    errors,
    tools: [...byId.values()],
    summary,
  };
}

/** Plays one run to its end and reads what reached the stream. */
export async function playRun(options: PlayOptions): Promise<PlayedRun> {
  let summary: AgentRunSummary | undefined;
  const chunks = await readChunks(
    agentStream(options, (s) => {
      summary = s;
    }),
  );
  return readRun(chunks, summary);
}

export const WIRE_RUN_ID = "run-1";

/**
 * Workers AI as the product builds it (`workersAIModel`), over a fake binding replaying `script`.
 * `streamWindowMs: 0` keeps every text event apart below the provider (a replay arrives at once,
 * so the binding's merge window would join them all).
 */
export function replayModel(
  script: ReplayScript,
  options: { chunkSize?: number; streamWindowMs?: number; meter?: NeuronMeter } = {},
) {
  const fake = replayBinding(script, options);
  const model = workersAIModel(fake.binding, DEFAULT_AGENT_MODEL, WIRE_RUN_ID, options.meter, {
    streamWindowMs: options.streamWindowMs,
  });
  return { model, calls: fake.calls };
}
