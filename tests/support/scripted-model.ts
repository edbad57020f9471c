import type { LanguageModelV4CallOptions, LanguageModelV4StreamPart } from "@ai-sdk/provider";
import type { UIMessageChunk } from "ai";
import { MockLanguageModelV4 } from "ai/test";

/**
 * The one scripted model of the test suite: each model call plays the next step of a script.
 * A step writes text and/or tool calls, reports usage (or none, like Workers AI sometimes), can
 * fail before or after its text, or hang until aborted.
 */
export type ScriptStep = {
  text?: string;
  calls?: { name: string; input: unknown }[];
  /**
   * Reported usage; `null` sends zeros (usage missing). By default, a believable count of what
   * the call was sent (its JSON at ~5 characters a token) and wrote (~3.5).
   */
  usage?: { input: number; output: number } | null;
  error?: "before-text" | "after-text";
  hang?: boolean;
};

export type Script = ScriptStep[] | ((call: number, options: LanguageModelV4CallOptions) => ScriptStep);

export function scriptedModel(script: Script) {
  const cancelled: number[] = [];
  let call = 0;
  const model = new MockLanguageModelV4({
    modelId: "scripted",
    doStream: async (options) => {
      const index = call++;
      const step = typeof script === "function" ? script(index, options) : (script[index] ?? { text: "…" });
      const parts: LanguageModelV4StreamPart[] = [{ type: "stream-start", warnings: [] }];
      if (step.error === "before-text") parts.push({ type: "error", error: new Error("upstream 500") });
      if (step.text) {
        parts.push({ type: "text-start", id: `t${index}` });
        for (const piece of step.text.match(/[\s\S]{1,20}/g) ?? []) {
          parts.push({ type: "text-delta", id: `t${index}`, delta: piece });
        }
        parts.push({ type: "text-end", id: `t${index}` });
      }
      if (step.error === "after-text") parts.push({ type: "error", error: new Error("upstream 500") });
      for (const [n, toolCall] of (step.calls ?? []).entries()) {
        const input = typeof toolCall.input === "string" ? toolCall.input : JSON.stringify(toolCall.input);
        parts.push({ type: "tool-call", toolCallId: `c${index}_${n}`, toolName: toolCall.name, input });
      }
      const written = (step.text ?? "").length + JSON.stringify(step.calls ?? []).length;
      const usage =
        step.usage === null
          ? { input: 0, output: 0 }
          : (step.usage ?? {
              input: Math.ceil(JSON.stringify([options.prompt, options.tools ?? []]).length / 5),
              output: Math.min(350, Math.ceil(written / 3.5)),
            });
      parts.push({
        type: "finish",
        finishReason: { unified: step.calls?.length ? "tool-calls" : "stop", raw: undefined },
        usage: {
          inputTokens: { total: usage.input, noCache: usage.input, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: usage.output, text: usage.output, reasoning: undefined },
        },
      });
      let next = 0;
      const stream = new ReadableStream<LanguageModelV4StreamPart>({
        pull(controller) {
          if (step.hang && next === 1) {
            // Never finishes: only the abort signal ends it.
            return new Promise<void>((resolve) => {
              options.abortSignal?.addEventListener("abort", () => {
                controller.error(options.abortSignal?.reason);
                resolve();
              });
            });
          }
          const part = parts[next++];
          if (part) controller.enqueue(part);
          else controller.close();
        },
        cancel() {
          cancelled.push(index);
        },
      });
      return { stream };
    },
  });
  return { model, cancelled, calls: () => model.doStreamCalls };
}

export async function readChunks(stream: ReadableStream<UIMessageChunk>): Promise<UIMessageChunk[]> {
  const chunks: UIMessageChunk[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<UIMessageChunk>) chunks.push(chunk);
  return chunks;
}
