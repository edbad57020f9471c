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
import { nextTools } from "./next-tools";
import { createOfflinePlanner } from "./offline-planner";
import { systemPrompt } from "./prompt";
import { LAST_CALL_REFUSAL, type Refusal, refusalFor, TOOL_BUDGET_REFUSAL } from "./refusals";
import { type AgentTools, createAgentTools, type ToolContext } from "./tools";
import { suggestNextStep } from "./tools/suggest-next-step";
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
  context: ToolContext;
  /** What the tools gave the visitor so far: the service read, and whether a next step was suggested. */
  noted: { serviceId: string | undefined; suggested: boolean };
};

/** Wraps each tool's execute with the run's limits (call count, room left for results), and notes what it gave. */
function guardTools<T extends ToolSet>(tools: T, budget: RunBudget, noted: Run["noted"]): T {
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
        // The room is for what the model reads back on its next calls (the tool's model view).
        const read = definition.toModelOutput
          ? await definition.toModelOutput({ toolCallId: options.toolCallId, input, output })
          : { value: output };
        if (!budget.admitResult(estimateJsonTokens("value" in read ? read.value : output))) {
          return { ...TOOL_BUDGET_REFUSAL, detail: "result too large for the tokens left; answer with what you have" };
        }
        noteResult(noted, name, output);
        return output;
      },
    } as ToolSet[string];
  }
  return guarded as T;
}

function noteResult(noted: Run["noted"], name: string, output: unknown): void {
  const result = output as { ok?: unknown; service?: { id?: unknown }; serviceId?: unknown } | null;
  if (result?.ok !== true) return;
  if (name === "suggest_next_step") noted.suggested = true;
  const id = name === "get_service" ? result.service?.id : name === "estimate_quote" ? result.serviceId : undefined;
  if (typeof id === "string") noted.serviceId = id;
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
  const context = { locale, goal, ...(runId ? { runId } : {}) };
  const noted: Run["noted"] = { serviceId: undefined, suggested: false };
  const tools = guardTools(createAgentTools(context), budget, noted);
  const run: Run = {
    context,
    goal,
    locale,
    budget,
    tools,
    toolNames: Object.keys(tools),
    instructions: systemPrompt(locale, studio),
    refusals: new Map(),
    internal: new AbortController(),
    modelError: null,
    noted,
  };
  return run;
}

/** Input tokens every call re-sends: the system prompt, and each offered tool's schema. */
type FixedTokens = { system: number; schemas: Record<string, number> };

// The system prompt and the tool schemas depend only on the locale and the studio: counted once
// per isolate, not on every run.
const fixedTokensCache = new Map<string, Promise<FixedTokens>>();

function fixedTokens(run: Run): Promise<FixedTokens> {
  const key = `${run.locale}\u0000${run.instructions}`;
  let fixed = fixedTokensCache.get(key);
  if (!fixed) {
    fixed = countFixedTokens(run);
    fixedTokensCache.set(key, fixed);
    fixed.catch(() => fixedTokensCache.delete(key));
  }
  return fixed;
}

async function countFixedTokens(run: Run): Promise<FixedTokens> {
  const schemas = await Promise.all(
    Object.entries(run.tools).map(
      async ([name, definition]) =>
        [
          name,
          estimateJsonTokens({
            name,
            description: (definition as ToolSet[string]).description,
            parameters: await asSchema((definition as ToolSet[string]).inputSchema).jsonSchema,
          }),
        ] as const,
    ),
  );
  return {
    system: estimateTokens(run.instructions) + TOKENS_PER_MESSAGE,
    schemas: Object.fromEntries(schemas),
  };
}

/** Tools whose results have a fixed small shape (ids, a range, a link), whatever the content. */
const SMALL_RESULTS: ReadonlySet<string> = new Set(["estimate_quote", "suggest_next_step"]);

/**
 * Before each call: books the refusals of the last one, then asks the budget whether this call may
 * offer tools, must be the last one, or can't be afforded at all.
 */
function planStep(run: Run, fixed: FixedTokens): PrepareStepFunction<AgentTools> {
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
    const offered = nextTools(steps);
    const schemas = offered.reduce((sum, name) => sum + (fixed.schemas[name] ?? 0), 0);
    const plan = run.budget.plan(stepNumber, {
      withTools: offered.length ? base + schemas : null,
      withoutTools: base,
      smallResults: offered.every((name) => SMALL_RESULTS.has(name)),
    });
    if (plan.kind === "tools") return { messages: compact, activeTools: offered };
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
    writeFallbackStep(run, call.abortSignal, writer);
  }
}

/**
 * A run that ends without a next step of its own (a limit before `suggest_next_step`, a model
 * that never called it) still leaves the visitor one: the contact form, with the goal, the
 * service it read and the run. Not after the visitor stopped it: they left.
 */
function writeFallbackStep(
  run: Run,
  signal: AbortSignal | undefined,
  writer: UIMessageStreamWriter<AgentUIMessage>,
): void {
  // Aborted by the budget (`internal`) or the deadline still ends in front of the visitor.
  const reason: unknown = signal?.reason;
  const left =
    signal?.aborted === true &&
    !run.internal.signal.aborted &&
    !(reason instanceof DOMException && reason.name === "TimeoutError");
  if (run.noted.suggested || left) return;
  const step = suggestNextStep("contact", run.noted.serviceId, [], run.context);
  if (step.ok) writer.write({ type: "data-next-step", data: { kind: "contact", path: step.path } });
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
