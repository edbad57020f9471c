import recorded from "@/bench/replay/gemma-bakery-es.json" with { type: "json" };
import { type RecordedStream, sseEventsOf } from "./replay-stream";

/**
 * `npm run bench` measures the agent route's CPU in workerd with a realistic Gemma stream, and the
 * Worker it runs has no `AI` binding (it is remote-only). This variable makes `resolveAgentModel`
 * hand workers-ai-provider a binding that replays a recorded run instead, so the provider's SSE
 * parsing and the SDK's per-chunk pipeline run as they do in production.
 */
export const BENCH_REPLAY_VARIABLE = "BENCH_REPLAY_MODEL";
export const BENCH_REPLAY_VALUE = "gemma-bakery";
/** Optional: the replay's pace, in tokens (SSE events) a second; unset, every event is there at once. */
export const BENCH_REPLAY_PACE_VARIABLE = "BENCH_REPLAY_TOKENS_PER_SECOND";

type Env = Record<string, string | undefined>;

/**
 * The replay binding, only for a Worker that can't be serving visitors: the variable is set, and
 * the quota counts in memory with no Upstash and no Workers AI credentials (a production Worker
 * refuses to start its quota that way). A Worker with an `AI` binding never gets here:
 * `resolveAgentModel` picks the binding first.
 */
export function benchReplayBinding(env: Env): Ai | undefined {
  if (env[BENCH_REPLAY_VARIABLE] !== BENCH_REPLAY_VALUE) return undefined;
  if (env.QUOTA_STORE !== "memory") return undefined;
  if (env.UPSTASH_REDIS_REST_URL || env.CLOUDFLARE_API_TOKEN || env.OPENAI_COMPATIBLE_BASE_URL) return undefined;
  const pace = Number(env[BENCH_REPLAY_PACE_VARIABLE]);
  return replayBinding(recorded as RecordedStream, Number.isFinite(pace) && pace > 0 ? { tokensPerSecond: pace } : {});
}

/**
 * A binding whose `run` streams the recorded calls in order, one SSE event per read, the way a
 * token-by-token stream arrives; past the last call it repeats the last one (an answer). With
 * `tokensPerSecond`, each event waits its turn as a model's tokens would.
 */
export function replayBinding(stream: RecordedStream, { tokensPerSecond }: { tokensPerSecond?: number } = {}): Ai {
  const gapMs = tokensPerSecond ? 1000 / tokensPerSecond : 0;
  const encoder = new TextEncoder();
  let calls = 0;
  const run = async (_model: string, _inputs: unknown, options?: { signal?: AbortSignal }) => {
    const index = Math.min(calls++, stream.calls.length - 1);
    const call = stream.calls[index];
    if (!call) throw new Error("replay: the recorded stream has no calls");
    const events = sseEventsOf(call, index);
    const signal = options?.signal;
    let next = 0;
    return new ReadableStream<Uint8Array>({
      start(controller) {
        signal?.addEventListener("abort", () => controller.error(signal.reason), { once: true });
      },
      async pull(controller) {
        if (gapMs > 0 && next > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
        if (signal?.aborted) return;
        const event = events[next++];
        if (event === undefined) controller.close();
        else controller.enqueue(encoder.encode(event));
      },
    });
  };
  // Only `run` is used by the provider's chat model.
  return { run } as unknown as Ai;
}
