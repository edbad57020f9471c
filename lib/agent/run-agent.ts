import {
  asSchema,
  createUIMessageStream,
  isStepCount,
  type LanguageModel,
  type ModelMessage,
  type PrepareStepFunction,
  streamText,
  type ToolSet,
  type UIMessageChunk,
  type UIMessageStreamWriter,
} from "ai";
import type { Locale } from "@/lib/i18n/config";
import { unverifiedAmounts } from "./amounts";
import { answerTransform, closeBrokenStep, type RunRecord } from "./answer-transform";
import { RunBudget } from "./budget";
import { capModelCalls, type DroppedCall } from "./call-cap";
import { wrapGoal } from "./goal";
import { AGENT_LIMITS, AGENT_TEMPERATURE, AGENT_TIMEOUT_MS } from "./limits";
import { systemPrompt } from "./prompt";
import { LAST_CALL_REFUSAL, type Refusal, refusalFor, TOOL_BUDGET_REFUSAL } from "./refusals";
import { estimateJsonTokens, estimateTokens, TOKENS_PER_MESSAGE } from "./tokens";
import { type AgentTools, createAgentTools } from "./tools";
import type { AgentUIMessage, BudgetData, DoneData, DoneReason } from "./types";

export type AgentRunSummary = DoneData & {
  /** Whether the visitor saw anything (text or a tool step) before the run ended. */
  shown: boolean;
  refusedCalls: number;
  durationMs: number;
  clientAborted: boolean;
};

export type AgentRunOptions = {
  goal: string;
  locale: Locale;
  studio: string;
  model: Exclude<LanguageModel, string>;
  /** The model's name as the page shows it. */
  modelName: string;
  /** True when the model's usage is our own count (the offline planner). */
  estimatedUsage?: boolean;
  /** Workers AI's neurons for this run (AgentModel.neurons); other models cost none. */
  neurons?: { total(inputTokens: number, outputTokens: number): number };
  /** The request's signal: a closed tab stops the model. */
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Awaited before the stream closes: record or release the quota here. */
  onFinish?: (summary: AgentRunSummary) => Promise<void> | void;
};

/** One run's state, shared by its phases. */
type Run = {
  options: AgentRunOptions;
  started: number;
  budget: RunBudget;
  record: RunRecord;
  tools: AgentTools;
  toolNames: string[];
  instructions: string;
  /** Short refusals of invalid calls, by call id, as the model reads them back. */
  refusals: Map<string, Refusal>;
  /** Tool calls the last call made anyway, not yet shown. */
  dropped: DroppedCall[];
  timeout: AbortController;
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

function createRun(options: AgentRunOptions): Run {
  const budget = new RunBudget();
  const tools = guardTools(createAgentTools({ locale: options.locale }), budget);
  return {
    options,
    started: Date.now(),
    budget,
    record: { stepTexts: [], toolResults: [], shown: false, openStep: null },
    tools,
    toolNames: Object.keys(tools),
    instructions: systemPrompt(options.locale, options.studio),
    refusals: new Map(),
    dropped: [],
    timeout: new AbortController(),
    internal: new AbortController(),
    modelError: null,
  };
}

/** Input tokens every call re-sends: the system prompt, and the tool schemas when offered. */
// The system prompt and the tool schemas depend only on the locale and the studio: counted once
// per isolate, not on every run.
const fixedTokensCache = new Map<string, Promise<{ system: number; schemas: number }>>();

function fixedTokens(run: Run): Promise<{ system: number; schemas: number }> {
  const key = `${run.options.locale}\u0000${run.instructions}`;
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
function writeDroppedCalls(run: Run, writer: UIMessageStreamWriter<AgentUIMessage>) {
  for (const call of run.dropped.splice(0)) {
    let input: unknown = call.input;
    try {
      input = JSON.parse(call.input);
    } catch {
      // Not JSON: shown as the model wrote it.
    }
    run.budget.refusedCalls += 1;
    run.record.shown = true;
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
async function streamModel(run: Run, writer: UIMessageStreamWriter<AgentUIMessage>): Promise<void> {
  const { options, budget } = run;
  const timer = setTimeout(() => run.timeout.abort(new Error("timeout")), options.timeoutMs ?? AGENT_TIMEOUT_MS);
  const signal = AbortSignal.any([
    run.timeout.signal,
    run.internal.signal,
    ...(options.signal ? [options.signal] : []),
  ]);
  const model = capModelCalls(
    options.model,
    {
      startCall: () => budget.startCall(),
      countOutput: (tokens) => budget.countOutput(tokens),
      dropCall: (call) => run.dropped.push(call),
      cutCall: () => {
        budget.lastCallCut = true;
      },
    },
    { maxTokens: AGENT_LIMITS.maxTokens },
  );
  try {
    const result = streamText({
      model,
      instructions: run.instructions,
      messages: [{ role: "user", content: wrapGoal(options.goal) }],
      tools: run.tools,
      maxOutputTokens: AGENT_LIMITS.maxTokens,
      temperature: AGENT_TEMPERATURE,
      maxRetries: 0,
      abortSignal: signal,
      stopWhen: isStepCount(AGENT_LIMITS.maxSteps),
      prepareStep: planStep(run, await fixedTokens(run)),
      experimental_transform: answerTransform(budget, run.record),
      // The SDK's default prints the whole error, which can quote the goal; the run logs its own
      // line (`logRun`) with the error's name and message, the goal taken out.
      onError: () => {},
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
      if (chunk.type === "finish-step") writeDroppedCalls(run, writer);
      writer.write(chunk);
      if (chunk.type === "finish-step")
        // Transient: the page moves its meter from it; it is not kept in the message.
        writer.write({ type: "data-budget", data: snapshot(budget), transient: true });
    }
  } catch (error) {
    run.modelError = error;
  } finally {
    clearTimeout(timer);
    closeBrokenStep(run.record);
    budget.closeOpenCall();
    writeDroppedCalls(run, writer);
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

/** Why a run ended, in the order that explains it best (contract: DoneData.reason). */
function doneReason(run: Run, clientAborted: boolean): DoneReason {
  const { budget, record } = run;
  if (run.timeout.signal.aborted) return "timeout";
  if (clientAborted) return "client_abort";
  if (run.modelError !== null || record.lastFinishReason === "error") return "model_error";
  if (budget.stoppedBy) return budget.stoppedBy;
  if ((record.stepTexts.at(-1) ?? "").trim() !== "") return "answered";
  // Its last call spent the whole per-call cap (thinking, say) and wrote no answer.
  if (budget.lastCallCut) return "token_budget";
  return budget.finalReason ?? "step_limit";
}

function doneData(run: Run, reason: DoneReason): DoneData {
  const { budget, options } = run;
  return {
    reason,
    unverifiedAmounts: unverifiedAmounts(run.record.stepTexts.join("\n"), run.record.toolResults),
    usage: budget.usage(options),
    modelCalls: budget.modelCalls,
    toolCalls: budget.toolCalls,
    model: options.modelName,
  };
}

/** The model's error for the log: its name and message, with the visitor's goal taken out. */
function errorForLog(error: unknown, goal: string): { errorName: string; errorMessage: string } | null {
  if (error === null || error === undefined) return null;
  const name = error instanceof Error ? error.name : typeof error;
  const message = error instanceof Error ? error.message : String(error);
  const trimmed = goal.trim();
  const redacted = trimmed ? message.split(trimmed).join("<goal>") : message;
  return { errorName: name, errorMessage: redacted.slice(0, 300) };
}

/** One line per run for Workers Logs: counts and the model's error, never the goal or the visitor's IP. */
function logRun(run: Run, summary: AgentRunSummary) {
  const { usage } = summary;
  console.log(
    JSON.stringify({
      event: "agent_run",
      reason: summary.reason,
      model: summary.model,
      modelCalls: summary.modelCalls,
      toolCalls: summary.toolCalls,
      refusedCalls: summary.refusedCalls,
      unverifiedAmounts: summary.unverifiedAmounts.length,
      inputTokens: usage.inputTokens,
      outputTokens: usage.outputTokens,
      cachedInputTokens: usage.cachedInputTokens,
      neurons: usage.neurons,
      estimated: usage.estimated,
      durationMs: summary.durationMs,
      ...errorForLog(run.modelError, run.options.goal),
    }),
  );
}

export function runAgent(options: AgentRunOptions): ReadableStream<UIMessageChunk> {
  return createUIMessageStream<AgentUIMessage>({
    onError: () => "model_error",
    execute: async ({ writer }) => {
      const run = createRun(options);
      await streamModel(run, writer);

      const clientAborted = options.signal?.aborted === true && !run.timeout.signal.aborted;
      const done = doneData(run, doneReason(run, clientAborted));
      writer.write({ type: "data-done", data: done });
      writer.write({ type: "finish" });

      const summary: AgentRunSummary = {
        ...done,
        shown: run.record.shown,
        refusedCalls: run.budget.refusedCalls,
        durationMs: Date.now() - run.started,
        clientAborted,
      };
      logRun(run, summary);
      await options.onFinish?.(summary);
    },
  });
}
