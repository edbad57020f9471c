import type { LanguageModelV4, LanguageModelV4CallOptions, LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { PIECE_DELAY_MS, pacedStream } from "@/lib/ai/text-stream-model";
import type { Locale } from "@/lib/i18n/config";
import { LAB_USES } from "@/lib/lab-uses";
import { estimateJsonTokens, estimateTokens, TOKENS_PER_MESSAGE } from "@/lib/text/tokens";
import { planNext } from "./offline-planner-plan";

/**
 * The offline planner as a language model (the AI SDK's model interface), so it runs through the
 * very same loop, tools and checks as Gemma: it streams each move of offline-planner-plan.ts
 * like a model would, in pieces, with its usage counted. It is what a fresh clone, CI and the
 * e2e tests run. It is not an AI: it reads the goal, calls the tools in a sensible order with
 * real arguments, and writes its answer only from their results.
 */

/** Counts what a chat template would send: the texts, the tool calls and results, the tool schemas. */
function promptTokens(options: LanguageModelV4CallOptions): number {
  // Each tool as the run's budget counts it: its name, description and parameters.
  let tokens = (options.tools ?? []).reduce(
    (sum, tool) =>
      sum +
      estimateJsonTokens(
        tool.type === "function"
          ? { name: tool.name, description: tool.description, parameters: tool.inputSchema }
          : tool,
      ),
    0,
  );
  for (const message of options.prompt) {
    tokens += TOKENS_PER_MESSAGE;
    if (message.role === "system") {
      tokens += estimateTokens(message.content);
      continue;
    }
    for (const part of message.content) {
      if (part.type === "text") tokens += estimateTokens(part.text);
      else if (part.type === "tool-call") tokens += estimateJsonTokens({ name: part.toolName, arguments: part.input });
      else if (part.type === "tool-result")
        tokens += estimateJsonTokens("value" in part.output ? part.output.value : null);
    }
  }
  return tokens;
}

function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let index = 0; index < text.length; index += size) out.push(text.slice(index, index + size));
  return out;
}

/** About 1,150 characters a second, a piece every PIECE_DELAY_MS (see text-stream-model.ts). */
const TEXT_PIECE = 56;
const INPUT_PIECE = 40;

export function createOfflinePlanner({
  locale,
  chunkDelayMs = PIECE_DELAY_MS,
}: {
  locale: Locale;
  chunkDelayMs?: number;
}): LanguageModelV4 {
  let calls = 0;
  return {
    specificationVersion: "v4",
    provider: "lab-agent",
    modelId: LAB_USES.agent.offlineModel,
    supportedUrls: {},
    doGenerate() {
      throw new Error("the offline planner only streams");
    },
    async doStream(options: LanguageModelV4CallOptions) {
      calls += 1;
      const toolsOffered = (options.tools?.length ?? 0) > 0 && options.toolChoice?.type !== "none";
      const action = planNext(locale, options.prompt, toolsOffered);
      const parts: LanguageModelV4StreamPart[] = [{ type: "stream-start", warnings: [] }];
      const text = action.text ?? "";
      if (text) {
        parts.push({ type: "text-start", id: `t${calls}` });
        for (const delta of pieces(text, TEXT_PIECE)) parts.push({ type: "text-delta", id: `t${calls}`, delta });
        parts.push({ type: "text-end", id: `t${calls}` });
      }
      let output = estimateTokens(text);
      for (const [n, call] of (action.kind === "call" ? action.calls : []).entries()) {
        const id = `call_${calls}_${n}`;
        const input = JSON.stringify(call.input);
        parts.push({ type: "tool-input-start", id, toolName: call.toolName });
        for (const delta of pieces(input, INPUT_PIECE)) parts.push({ type: "tool-input-delta", id, delta });
        parts.push({ type: "tool-input-end", id });
        parts.push({ type: "tool-call", toolCallId: id, toolName: call.toolName, input });
        output += estimateTokens(input);
      }
      const inputTokens = promptTokens(options);
      parts.push({
        type: "finish",
        finishReason: { unified: action.kind === "call" ? "tool-calls" : "stop", raw: undefined },
        usage: {
          inputTokens: { total: inputTokens, noCache: inputTokens, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: output, text: output, reasoning: undefined },
        },
      });

      return { stream: pacedStream(parts, chunkDelayMs, options.abortSignal) };
    },
  };
}
