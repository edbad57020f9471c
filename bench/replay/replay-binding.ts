import recorded from "./gemma-bakery-es.json" with { type: "json" };
import { type RecordedStream, sseEventsOf } from "./replay-stream";

/**
 * `npm run bench` measures the agent route's CPU in workerd with a realistic Gemma stream, and the
 * Worker it runs has no `AI` binding (it is remote-only). So the bench hands the deploy bundle an
 * `AI` binding of its own (`withReplayBinding`, wrapped around the bundle's entry): the product
 * takes it as it takes the real one, and workers-ai-provider's SSE parsing and the SDK's per-chunk
 * pipeline run as they do in production. Nothing in the product imports this file, so no deployed
 * Worker carries the recording.
 */

/** The recorded stream: the bench's server streams call `index` (0-based) of it at `/calls/<index>`. */
export const BENCH_RECORDING = recorded as RecordedStream;
/**
 * Optional: a service binding (the bench's own server on loopback) that streams each recorded call
 * at a model's pace, so its tokens reach the Worker one socket read at a time as Workers AI's do.
 * Without it, every event is there at once.
 */
export const BENCH_REPLAY_SERVICE = "BENCH_REPLAY_SERVICE";

type Service = { fetch(input: string, init?: RequestInit): Promise<Response> };
type WorkerEntry = { fetch(request: Request, env: Record<string, unknown>, ctx: unknown): Promise<Response> };

/**
 * The bundle's entry, with a replaying `AI` binding in its env: a fresh one per request, so each
 * agent run replays from the recording's first call.
 */
export function withReplayBinding(worker: WorkerEntry): WorkerEntry {
  return {
    fetch(request, env, ctx) {
      const service = env[BENCH_REPLAY_SERVICE] as Service | undefined;
      const AI = service ? servedReplayBinding(service) : replayBinding(BENCH_RECORDING);
      return worker.fetch(request, { ...env, AI }, ctx);
    },
  };
}

/** A binding whose `run` streams the recorded calls in order from the bench's server. */
export function servedReplayBinding(service: Service): Ai {
  let calls = 0;
  const run = async (_model: string, _inputs: unknown, options?: { signal?: AbortSignal }) => {
    const index = Math.min(calls++, BENCH_RECORDING.calls.length - 1);
    const response = await service.fetch(`http://replay/calls/${index}`, { signal: options?.signal });
    if (!response.ok || !response.body) throw new Error(`replay server: ${response.status}`);
    return response.body;
  };
  return { run } as unknown as Ai;
}

/**
 * A binding whose `run` streams the recorded calls in order, one SSE event per read, the way a
 * token-by-token stream arrives; past the last call it repeats the last one (an answer).
 */
export function replayBinding(stream: RecordedStream): Ai {
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
      pull(controller) {
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
