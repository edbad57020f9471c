import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Prompt,
  LanguageModelV4StreamPart,
} from "@ai-sdk/provider";
import { estimateTokens, TOKENS_PER_MESSAGE } from "@/lib/text/tokens";

/** The text of each visitor message of the prompt, in order. */
export function userTexts(prompt: LanguageModelV4Prompt): string[] {
  return prompt.flatMap((message) =>
    message.role === "user" ? [message.content.map((part) => (part.type === "text" ? part.text : "")).join("")] : [],
  );
}

/** The text of the prompt's last visitor message. */
export function lastUserText(prompt: LanguageModelV4Prompt): string {
  return userTexts(prompt).at(-1) ?? "";
}

function promptTokens(prompt: LanguageModelV4Prompt): number {
  let tokens = 0;
  for (const message of prompt) {
    tokens += TOKENS_PER_MESSAGE;
    if (typeof message.content === "string") tokens += estimateTokens(message.content);
    else for (const part of message.content) if (part.type === "text") tokens += estimateTokens(part.text);
  }
  return tokens;
}

/**
 * How the offline models type: a piece every ~48 ms. Each piece waits on a timer, and in workerd a
 * timer and the turn it wakes cost ~1 ms of CPU whatever they carry, so a piece is as long as the
 * run's merge window (STREAM_WINDOW_MS) would make it anyway.
 */
export const PIECE_DELAY_MS = 48;
/** About 1,300 characters a second. */
const PIECE = 64;

/**
 * `parts` as a model's stream: each text or tool-input delta waits `delayMs` before it goes out,
 * and an aborted call errors at its next part.
 */
export function pacedStream(
  parts: LanguageModelV4StreamPart[],
  delayMs: number,
  signal: AbortSignal | undefined,
): ReadableStream<LanguageModelV4StreamPart> {
  let next = 0;
  return new ReadableStream<LanguageModelV4StreamPart>({
    async pull(controller) {
      if (signal?.aborted) {
        controller.error(signal.reason ?? new Error("aborted"));
        return;
      }
      const part = parts[next++];
      if (!part) {
        controller.close();
        return;
      }
      if (delayMs > 0 && (part.type === "text-delta" || part.type === "tool-input-delta")) {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
      controller.enqueue(part);
    },
  });
}

/**
 * A deterministic model that writes what `write` returns for the prompt, in small streamed pieces,
 * with usage by our own count: the offline assistant and the offline reviewer. It goes through the
 * same `streamText`, checks and quota as a real model, and is labelled as what it is.
 */
export function textStreamModel({
  modelId,
  write,
  chunkDelayMs = PIECE_DELAY_MS,
}: {
  modelId: string;
  write: (options: LanguageModelV4CallOptions) => string;
  chunkDelayMs?: number;
}): LanguageModelV4 {
  return {
    specificationVersion: "v4",
    provider: "lab-agent",
    modelId,
    supportedUrls: {},
    doGenerate() {
      throw new Error(`${modelId} only streams`);
    },
    async doStream(options) {
      const text = write(options);
      const parts: LanguageModelV4StreamPart[] = [{ type: "stream-start", warnings: [] }];
      parts.push({ type: "text-start", id: "t0" });
      for (let index = 0; index < text.length; index += PIECE) {
        parts.push({ type: "text-delta", id: "t0", delta: text.slice(index, index + PIECE) });
      }
      parts.push({ type: "text-end", id: "t0" });
      const input = promptTokens(options.prompt);
      const output = estimateTokens(text);
      parts.push({
        type: "finish",
        finishReason: { unified: "stop", raw: undefined },
        usage: {
          inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: output, text: output, reasoning: undefined },
        },
      });
      return { stream: pacedStream(parts, chunkDelayMs, options.abortSignal) };
    },
  };
}
