/**
 * A recorded model run, as `npm run bench` replays it (bench/replay/*.json, written by
 * scripts/record-replay-stream.ts): per model call, the text deltas and each tool call's argument
 * deltas in the order Workers AI streams them, and the usage it reports.
 */
export type RecordedStream = {
  goal: string;
  /** The language it was recorded in (a code of the studio whose content it was recorded against). */
  locale: string;
  calls: {
    text: string[];
    toolCalls: { name: string; args: string[] }[];
    usage: { prompt: number; completion: number; cached: number };
  }[];
};

const MODEL = "@cf/google/gemma-4-26b-a4b-it";
const CREATED = 1767225600;

function chunk(delta: Record<string, unknown>, finishReason: string | null = null) {
  return {
    id: "chatcmpl-replay",
    object: "chat.completion.chunk",
    created: CREATED,
    model: MODEL,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  };
}

/**
 * One call's SSE events as Workers AI's OpenAI-compatible stream sends them (the shapes the wire
 * tests replay): a role chunk, one chunk per token, each tool call's id and name then its argument
 * tokens, the finish reason, the usage, `[DONE]`.
 */
export function sseEventsOf(call: RecordedStream["calls"][number], callIndex: number): string[] {
  const events: unknown[] = [chunk({ role: "assistant", content: "" })];
  for (const content of call.text) events.push(chunk({ content }));
  call.toolCalls.forEach((toolCall, index) => {
    const id = `chatcmpl-tool-${callIndex}-${index}`;
    events.push(
      chunk({ tool_calls: [{ index, id, type: "function", function: { name: toolCall.name, arguments: "" } }] }),
    );
    for (const piece of toolCall.args) events.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
  });
  events.push(chunk({}, call.toolCalls.length ? "tool_calls" : "stop"));
  const { prompt, completion, cached } = call.usage;
  events.push({
    ...chunk({}),
    choices: [],
    usage: {
      prompt_tokens: prompt,
      completion_tokens: completion,
      total_tokens: prompt + completion,
      prompt_tokens_details: { cached_tokens: cached },
    },
  });
  return [...events.map((event) => `data: ${JSON.stringify(event)}\n\n`), "data: [DONE]\n\n"];
}
