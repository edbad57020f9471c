import { describe, expect, it } from "vitest";
import { type StreamPass, throughPass } from "@/lib/ai/stream-pass";

// The binding's wrappers read the model's raw stream through passes; joined passes must behave
// exactly like a pipe through each in turn.

function source(chunks: string[], { fail }: { fail?: Error } = {}) {
  const state = { cancelled: null as unknown };
  let next = 0;
  const stream = new ReadableStream<string>({
    pull(controller) {
      const chunk = chunks[next++];
      if (chunk !== undefined) controller.enqueue(chunk);
      else if (fail) controller.error(fail);
      else controller.close();
    },
    cancel(reason) {
      state.cancelled = reason;
    },
  });
  return { stream, state };
}

async function read(stream: ReadableStream<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<string>) out.push(chunk);
  return out;
}

/** Tags each chunk; holds every second one until the next, and emits what it holds at the end. */
function tagging(tag: string): StreamPass<string> {
  let held: string | null = null;
  return {
    transform(chunk, emit) {
      if (held === null) {
        held = chunk;
        return;
      }
      emit(`${held}${tag}`);
      emit(`${chunk}${tag}`);
      held = null;
    },
    flush(emit) {
      if (held !== null) emit(`${held}${tag}(end)`);
      emit(`flush${tag}`);
    },
  };
}

describe("throughPass", () => {
  it("runs each pass in turn, flushes in order, as pipes through each would", async () => {
    const one = source(["a", "b", "c"]);
    const piped = await read(one.stream.pipeThrough(pipe(tagging("1"))).pipeThrough(pipe(tagging("2"))));
    const two = source(["a", "b", "c"]);
    const passed = await read(throughPass(throughPass(two.stream, tagging("1")), tagging("2")));
    expect(passed).toEqual(piped);
    expect(passed).toEqual(["a12", "b12", "c1(end)2", "flush12", "flush2"]);
  });

  it("joins a pass over an unread pass stream into one stream over the source", async () => {
    const { stream } = source(["a", "b"]);
    const first = throughPass(stream, tagging("1"));
    const second = throughPass(first, tagging("2"));
    expect(await read(second)).toEqual(["a12", "b12", "flush12(end)", "flush2"]);
    // The first stream was never read: the joined stream read the source itself.
    expect(first.locked).toBe(false);
    expect(stream.locked).toBe(true);
  });

  it("passes the source's error on, and a cancel back to the source", async () => {
    const failing = source(["a", "b"], { fail: new Error("connection reset") });
    await expect(read(throughPass(throughPass(failing.stream, tagging("1")), tagging("2")))).rejects.toThrow(
      "connection reset",
    );
    const cancelled = source(["a", "b", "c", "d"]);
    const reader = throughPass(cancelled.stream, tagging("1")).getReader();
    await reader.read();
    await reader.cancel("stop");
    expect(cancelled.state.cancelled).toBe("stop");
  });
});

function pipe(pass: StreamPass<string>): TransformStream<string, string> {
  return new TransformStream({
    transform: (chunk, controller) => pass.transform(chunk, (out) => controller.enqueue(out)),
    flush: (controller) => pass.flush?.((out) => controller.enqueue(out)),
  });
}
