import {
  asSchema,
  createUIMessageStream,
  isStepCount,
  type LanguageModel,
  type ModelMessage,
  streamText,
  type ToolSet,
} from "ai";
import type { Locale } from "@/lib/i18n/config";
import { unverifiedAmounts } from "./amounts";
import { answerTransform, closeBrokenStep, type RunRecord } from "./answer-transform";
import { type FinalReason, RunBudget } from "./budget";
import { wrapGoal } from "./goal";
import { AGENT_LIMITS, AGENT_TEMPERATURE, AGENT_TIMEOUT_MS } from "./limits";
import { systemPrompt } from "./prompt";
import { type Refusal, refusalFor, TOOL_BUDGET_REFUSAL } from "./refusals";
import { estimateJsonTokens, estimateTokens, TOKENS_PER_MESSAGE } from "./tokens";
import { createAgentTools } from "./tools";
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
  model: LanguageModel;
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

/** Why a run ended, in the order that explains it best (contract: DoneData.reason). */
function doneReason(run: {
  timedOut: boolean;
  failed: boolean;
  stoppedBy: FinalReason | null;
  answered: boolean;
  finalReason: FinalReason | null;
}): DoneReason {
  if (run.timedOut) return "timeout";
  if (run.failed) return "model_error";
  if (run.stoppedBy) return run.stoppedBy;
  if (run.answered) return "answered";
  return run.finalReason ?? "step_limit";
}

export function runAgent(options: AgentRunOptions): ReadableStream<import("ai").UIMessageChunk> {
  const started = Date.now();
  const budget = new RunBudget();
  const record: RunRecord = { stepTexts: [], toolResults: [], shown: false, openStep: null };
  const tools = guardTools(createAgentTools({ locale: options.locale }), budget);
  const toolNames = Object.keys(tools);
  const instructions = systemPrompt(options.locale, options.studio);
  const refusals = new Map<string, Refusal>();
  let modelError: unknown = null;

  const snapshot = (): BudgetData => ({
    modelCalls: budget.modelCalls,
    toolCalls: budget.toolCalls,
    tokensUsed: budget.tokensUsed,
    tokenBudget: AGENT_LIMITS.tokenBudget,
  });

  return createUIMessageStream<AgentUIMessage>({
    onError: () => "model_error",
    execute: async ({ writer }) => {
      const timeout = new AbortController();
      const internal = new AbortController();
      const timer = setTimeout(() => timeout.abort(new Error("timeout")), options.timeoutMs ?? AGENT_TIMEOUT_MS);
      const signal = AbortSignal.any([timeout.signal, internal.signal, ...(options.signal ? [options.signal] : [])]);
      const schemaTokens = (
        await Promise.all(
          Object.entries(tools).map(async ([name, definition]) =>
            estimateJsonTokens({
              name,
              description: (definition as ToolSet[string]).description,
              parameters: await asSchema((definition as ToolSet[string]).inputSchema).jsonSchema,
            }),
          ),
        )
      ).reduce((sum, tokens) => sum + tokens, 0);
      const systemTokens = estimateTokens(instructions) + TOKENS_PER_MESSAGE;
      let finalStep: number | null = null;

      try {
        const result = streamText({
          model: options.model,
          instructions,
          messages: [{ role: "user", content: wrapGoal(options.goal) }],
          tools,
          maxOutputTokens: AGENT_LIMITS.maxTokens,
          temperature: AGENT_TEMPERATURE,
          maxRetries: 0,
          abortSignal: signal,
          // After the last call, whatever it did (a model may ignore "none").
          stopWhen: [isStepCount(AGENT_LIMITS.maxSteps), () => finalStep !== null && budget.modelCalls > finalStep],
          prepareStep: ({ stepNumber, steps, messages }) => {
            for (const step of steps) {
              for (const part of step.content) {
                // A refused call keeps its error on the tool-call part (the tool-error part holds
                // only its message).
                if (part.type !== "tool-call" || !part.invalid || refusals.has(part.toolCallId)) continue;
                const refusal = refusalFor(part.error, toolNames);
                if (refusal) {
                  refusals.set(part.toolCallId, refusal);
                  budget.refusedCalls += 1;
                }
              }
            }
            const compact = compactRefusals(messages, refusals);
            const base = systemTokens + messagesTokens(compact);
            const plan = budget.plan(stepNumber, { withTools: base + schemaTokens, withoutTools: base });
            if (plan.kind === "tools") return { messages: compact };
            if (plan.kind === "stop") internal.abort(new Error(plan.reason));
            finalStep = stepNumber;
            // Gemma 4 honours "none" (not "required"); dropping the schemas saves ~80 tokens a tool.
            return { messages: compact, toolChoice: "none", activeTools: [] };
          },
          experimental_transform: answerTransform(budget, record),
        });

        for await (const chunk of result.toUIMessageStream<AgentUIMessage>({
          sendFinish: false,
          onError: (error) => {
            const refusal = refusalFor(error, toolNames);
            if (refusal) return JSON.stringify(refusal);
            modelError = error;
            return "model_error";
          },
        })) {
          writer.write(chunk);
          if (chunk.type === "finish-step")
            // Transient: the page moves its meter from it; it is not kept in the message.
            writer.write({ type: "data-budget", data: snapshot(), transient: true });
        }
      } catch (error) {
        modelError = error;
      } finally {
        clearTimeout(timer);
        closeBrokenStep(budget, record);
      }

      const shownText = record.stepTexts.join("\n");
      const answer = record.stepTexts.at(-1) ?? "";
      const clientAborted = options.signal?.aborted === true && !timeout.signal.aborted;
      const reason = doneReason({
        timedOut: timeout.signal.aborted,
        failed: (modelError !== null || record.lastFinishReason === "error") && !clientAborted,
        stoppedBy: budget.stoppedBy,
        answered: answer.trim() !== "",
        finalReason: budget.finalReason,
      });
      const usage = {
        inputTokens: budget.inputTokens,
        outputTokens: budget.outputTokens,
        cachedInputTokens: budget.cachedInputTokens,
        neurons: options.neurons?.total(budget.inputTokens, budget.outputTokens) ?? 0,
        estimated: budget.estimated || options.estimatedUsage === true,
      };
      const done: DoneData = {
        reason,
        unverifiedAmounts: unverifiedAmounts(shownText, record.toolResults),
        usage,
        modelCalls: budget.modelCalls,
        toolCalls: budget.toolCalls,
        model: options.modelName,
      };
      writer.write({ type: "data-done", data: done });
      writer.write({ type: "finish" });

      const summary: AgentRunSummary = {
        ...done,
        shown: record.shown,
        refusedCalls: budget.refusedCalls,
        durationMs: Date.now() - started,
        clientAborted,
      };
      // One line per run for Workers Logs: counts only, never the goal or the visitor's IP.
      console.log(
        JSON.stringify({
          event: "agent_run",
          reason: clientAborted ? "client_abort" : reason,
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
        }),
      );
      await options.onFinish?.(summary);
    },
  });
}
