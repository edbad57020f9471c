import {
  asSchema,
  isStepCount,
  type ModelMessage,
  type PrepareStepFunction,
  streamText,
  type ToolSet,
  type UIMessageChunk,
  type UIMessageStreamWriter,
} from "ai";
import { SITE } from "@/lib/content/site";
import type { Locale } from "@/lib/i18n/config";
import type { RunRecord } from "@/lib/lab/answer-transform";
import { type StreamUseOptions, streamLabUse } from "@/lib/lab/run-use";
import type { AnsweringModel, LabCall, LabUse, UseSummary } from "@/lib/lab/use";
import { estimateJsonTokens, estimateTokens, TOKENS_PER_MESSAGE } from "@/lib/text/tokens";
import { RunBudget } from "./budget";
import { wrapGoal } from "./goal";
import { AGENT_LIMITS, AGENT_RUN_UNITS, AGENT_TEMPERATURE, AGENT_TIMEOUT_MS } from "./limits";
import { createOfflinePlanner } from "./offline-planner";
import { systemPrompt } from "./prompt";
import { LAST_CALL_REFUSAL, type Refusal, refusalFor, TOOL_BUDGET_REFUSAL } from "./refusals";
import { type AgentTools, createAgentTools } from "./tools";
import type { AgentUIMessage, BudgetData, DoneReason } from "./types";

export type AgentRunDetails = { refusedCalls: number };
export type AgentRunSummary = UseSummary<AgentRunDetails>;

/** One agent run's state, shared by its phases. */
type Run = {
  goal: string;
  locale: Locale;
  budget: RunBudget;
  tools: AgentTools;
  toolNames: string[];
  instructions: string;
  /** Short refusals of invalid calls, by call id, as the model reads them back. */
  refusals: Map<string, Refusal>;
  /** Stops the model before a call the budget can't afford. */
  internal: AbortController;
  modelError: unknown;
};

/** Wraps each tool's execute with the run's limits: call count and room left for results. */
function guardTools<T extends ToolSet>(tools: T, budget: RunBudget): T {
  const guarded: ToolSet = {};
  for (const [name, definition] of Object.entries(tools)) {
    const execute = definition.execute;
    guarded[name] = {
      ...definition,
      execute: async (input: unknown, options: Parameters<NonNullable<typeof execute>>[1]) => {
        if (!execute || !budget.admitCall()) {
          budget.refusedCalls += 1;
          return TOOL_BUDGET_REFUSAL;
        }
        budget.toolCalls += 1;
        const output = await execute(input, options);
        if (!budget.admitResult(estimateJsonTokens(output))) {
          return { ...TOOL_BUDGET_REFUSAL, detail: "result too large for the tokens left; answer with what you have" };
        }
        return output;
      },
    } as ToolSet[string];
  }
  return guarded as T;
}

/** Swaps the SDK's long error text of refused calls for the short refusal the model can act on. */
function compactRefusals(messages: ModelMessage[], refusals: Map<string, Refusal>): ModelMessage[] {
  if (refusals.size === 0) return messages;
  return messages.map((message) => {
    if (message.role !== "tool") return message;
    return {
      ...message,
      content: message.content.map((part) => {
        const refusal = part.type === "tool-result" ? refusals.get(part.toolCallId) : undefined;
        return refusal && part.type === "tool-result"
          ? { ...part, output: { type: "error-text" as const, value: JSON.stringify(refusal) } }
          : part;
      }),
    };
  });
}

function messagesTokens(messages: ModelMessage[]): number {
  return messages.reduce((sum, message) => sum + TOKENS_PER_MESSAGE + estimateJsonTokens(message.content), 0);
}

function createRun(goal: string, locale: Locale, studio: string, runId?: string): Run {
  const budget = new RunBudget();
  const tools = guardTools(createAgentTools({ locale, goal, ...(runId ? { runId } : {}) }), budget);
  return {
    goal,
    locale,
    budget,
    tools,
    toolNames: Object.keys(tools),
    instructions: systemPrompt(locale, studio),
    refusals: new Map(),
    internal: new AbortController(),
    modelError: null,
  };
}

/** Input tokens every call re-sends: the system prompt, and the tool schemas when offered. */
// The system prompt and the tool schemas depend only on the locale and the studio: counted once
// per isolate, not on every run.
const fixedTokensCache = new Map<string, Promise<{ system: number; schemas: number }>>();

function fixedTokens(run: Run): Promise<{ system: number; schemas: number }> {
  const key = `${run.locale}\u0000${run.instructions}`;
  let fixed = fixedTokensCache.get(key);
  if (!fixed) {
    fixed = countFixedTokens(run);
    fixedTokensCache.set(key, fixed);
    fixed.catch(() => fixedTokensCache.delete(key));
  }
  return fixed;
}

async function countFixedTokens(run: Run): Promise<{ system: number; schemas: number }> {
  const schemas = await Promise.all(
    Object.entries(run.tools).map(async ([name, definition]) =>
      estimateJsonTokens({
        name,
        description: (definition as ToolSet[string]).description,
        parameters: await asSchema((definition as ToolSet[string]).inputSchema).jsonSchema,
      }),
    ),
  );
  return {
    system: estimateTokens(run.instructions) + TOKENS_PER_MESSAGE,
    schemas: schemas.reduce((sum, tokens) => sum + tokens, 0),
  };
}

/**
 * Before each call: books the refusals of the last one, then asks the budget whether this call may
 * offer tools, must be the last one, or can't be afforded at all.
 */
function planStep(run: Run, fixed: { system: number; schemas: number }): PrepareStepFunction<AgentTools> {
  return ({ stepNumber, steps, messages }) => {
    for (const step of steps) {
      for (const part of step.content) {
        // A refused call keeps its error on the tool-call part (the tool-error part holds only its message).
        if (part.type !== "tool-call" || !part.invalid || run.refusals.has(part.toolCallId)) continue;
        const refusal = refusalFor(part.error, run.toolNames);
        if (refusal) {
          run.refusals.set(part.toolCallId, refusal);
          run.budget.refusedCalls += 1;
        }
      }
    }
    const compact = compactRefusals(messages, run.refusals);
    const base = fixed.system + messagesTokens(compact);
    const plan = run.budget.plan(stepNumber, { withTools: base + fixed.schemas, withoutTools: base });
    if (plan.kind === "tools") return { messages: compact };
    if (plan.kind === "stop") run.internal.abort(new Error(plan.reason));
    // Gemma 4 honours "none" (not "required"); dropping the schemas saves ~80 tokens a tool. A
    // model that calls a tool anyway has its calls dropped by the cap (`capModelCalls`), so this
    // call is the last one whatever it returns.
    return { messages: compact, toolChoice: "none", activeTools: [] };
  };
}

/** The calls the last call made anyway, shown as refused steps (never run). */
function writeDroppedCalls(run: Run, record: RunRecord, writer: UIMessageStreamWriter<AgentUIMessage>) {
  for (const call of run.budget.dropped.splice(0)) {
    let input: unknown = call.input;
    try {
      input = JSON.parse(call.input);
    } catch {
      // Not JSON: shown as the model wrote it.
    }
    run.budget.refusedCalls += 1;
    record.shown = true;
    writer.write({
      type: "tool-input-error",
      toolCallId: call.toolCallId,
      toolName: call.toolName,
      input,
      errorText: JSON.stringify(LAST_CALL_REFUSAL),
      ...(run.toolNames.includes(call.toolName) ? {} : { dynamic: true }),
    });
  }
}

/** The model loop: streams each call's checked parts to the page, with the meter after each call. */
async function streamModel(
  run: Run,
  call: LabCall,
  writer: UIMessageStreamWriter<AgentUIMessage>,
  record: RunRecord,
): Promise<void> {
  try {
    const result = streamText<AgentTools>({
      ...call,
      instructions: run.instructions,
      messages: [{ role: "user", content: wrapGoal(run.goal) }],
      tools: run.tools,
      temperature: AGENT_TEMPERATURE,
      stopWhen: isStepCount(AGENT_LIMITS.maxSteps),
      prepareStep: planStep(run, await fixedTokens(run)),
    });
    for await (const chunk of result.toUIMessageStream<AgentUIMessage>({
      sendFinish: false,
      // Reasoning stays on the server (the cap drops it too): this is the second lock.
      sendReasoning: false,
      onError: (error) => {
        const refusal = refusalFor(error, run.toolNames);
        if (refusal) return JSON.stringify(refusal);
        run.modelError = error;
        return "model_error";
      },
    })) {
      if (chunk.type === "finish-step") writeDroppedCalls(run, record, writer);
      writer.write(chunk);
      if (chunk.type === "finish-step")
        // Transient: the page moves its meter from it; it is not kept in the message.
        writer.write({ type: "data-budget", data: snapshot(run.budget), transient: true });
    }
  } finally {
    writeDroppedCalls(run, record, writer);
  }
}

function snapshot(budget: RunBudget): BudgetData {
  return {
    modelCalls: budget.modelCalls,
    toolCalls: budget.toolCalls,
    tokensUsed: budget.tokensUsed,
    tokenBudget: AGENT_LIMITS.tokenBudget,
  };
}

/** Why a run ended, when neither its deadline nor the visitor stopped it (contract: DoneData.reason). */
function doneReason(run: Run, record: RunRecord, failure: unknown): DoneReason {
  const { budget } = run;
  if (failure !== null || record.lastFinishReason === "error") return "model_error";
  if (budget.stoppedBy) return budget.stoppedBy;
  // An answer nobody can read (invisible characters, a tool call written as text) is none.
  if (record.lastCallUnseen) return record.lastCallUnseen;
  if ((record.stepTexts.at(-1) ?? "").trim() !== "") return "answered";
  // Its last call spent the whole per-call cap (thinking, say) and wrote no answer.
  if (budget.cut) return "token_budget";
  // A last call a limit made wrote no answer (only reasoning, say): that limit ended the run.
  if (budget.finalReason) return budget.finalReason;
  // The model ended its turn without writing anything (only reasoning, say), limits untouched:
  // it failed to answer. Text the checks removed whole (all markup) was an answer, refused.
  return record.lastCallWrote === false ? "model_error" : "step_limit";
}

/**
 * The agent as a Lab use: its prompt, its four tools under the run's budget (`RunBudget`: steps,
 * tool calls, tokens), and its model; the shared path (lib/lab/run-use.ts) does the rest.
 */
export function agentUse({
  goal,
  locale,
  studio = SITE.studio.name,
}: {
  goal: string;
  locale: Locale;
  studio?: string;
}): LabUse<AgentUIMessage, AgentRunDetails> {
  return {
    kind: "agent",
    event: "agent_run",
    units: AGENT_RUN_UNITS,
    timeoutMs: AGENT_TIMEOUT_MS,
    locale,
    offline: createOfflinePlanner,
    words: { goal },
    open: (_model, { runId } = {}) => {
      const run = createRun(goal, locale, studio, runId);
      const { budget } = run;
      return {
        meter: budget,
        maxOutputTokens: AGENT_LIMITS.maxTokens,
        grounding: [],
        stop: run.internal.signal,
        stream: (call, writer, record) => streamModel(run, call, writer, record),
        verdict: ({ record, error }) => {
          // The stream's own error (refusals aside) first; else what the loop threw.
          const failure = run.modelError ?? error;
          return { reason: doneReason(run, record, failure), error: failure };
        },
        details: () => ({ refusedCalls: budget.refusedCalls }),
        secret: { text: goal, as: "<goal>" },
      };
    },
  };
}

export type AgentRunOptions = Omit<StreamUseOptions<AgentRunDetails>, "model"> & {
  goal: string;
  locale: Locale;
  studio?: string;
  model: AnsweringModel["model"];
  /** The model's name as the page shows it. */
  modelName: string;
  /** True when the model's usage is our own count (the offline planner). */
  estimatedUsage?: boolean;
  /** Workers AI's neurons for this run; other models cost none. */
  neurons?: AnsweringModel["neurons"];
};

/** One agent run's stream for a model already chosen (tests, the bench, the real-model measure). */
export function runAgent({
  goal,
  locale,
  studio,
  model,
  modelName,
  estimatedUsage,
  neurons,
  ...options
}: AgentRunOptions): ReadableStream<UIMessageChunk> {
  return streamLabUse(agentUse({ goal, locale, studio }), {
    ...options,
    model: { model, name: modelName, estimatedUsage, neurons },
  });
}
