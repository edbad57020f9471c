/** What a pass does with each chunk and at the end: `emit` sends a chunk on. */
export type StreamPass<T> = {
  transform(chunk: T, emit: (chunk: T) => void): void;
  flush?(emit: (chunk: T) => void): void;
};

type Chain = { source: ReadableStream<unknown>; passes: StreamPass<unknown>[]; started: boolean };

/** The streams `throughPass` made, with the source and passes each one runs. */
const chains = new WeakMap<ReadableStream<unknown>, Chain>();

/**
 * `input` through `pass`, read with a reader in a pull loop instead of `pipeThrough` and a
 * TransformStream. In workerd each stream a chunk crosses costs it a pull and a promise of its
 * own, and for a model's token, which arrives alone, that costs several times what the pass does
 * (`npm run bench`). So a pass over a stream this function made, which nobody has read yet, joins
 * that stream's passes: the binding's wrappers (neurons, tool-call order and text merging) are one
 * stream, whatever their number. The stream handed in is then spent: only the new one is read.
 * Errors and cancellation go through as they would in a pipe.
 */
export function throughPass<T>(input: ReadableStream<T>, pass: StreamPass<T>): ReadableStream<T> {
  const earlier = chains.get(input as ReadableStream<unknown>);
  const chain: Chain =
    earlier && !earlier.started && !input.locked
      ? { source: earlier.source, passes: [...earlier.passes, pass as StreamPass<unknown>], started: false }
      : { source: input as ReadableStream<unknown>, passes: [pass as StreamPass<unknown>], started: false };
  const { source, passes } = chain;
  let reader: ReadableStreamDefaultReader<unknown> | undefined;
  const stream = new ReadableStream<T>(
    {
      async pull(controller) {
        chain.started = true;
        reader ??= source.getReader();
        let emitted = false;
        const send = (index: number, chunk: unknown): void => {
          const next = passes[index];
          if (!next) {
            emitted = true;
            controller.enqueue(chunk as T);
            return;
          }
          next.transform(chunk, (out) => send(index + 1, out));
        };
        // Reads until something goes out: a pull that enqueues nothing is not called again.
        while (!emitted) {
          const { done, value } = await reader.read();
          if (done) {
            passes.forEach((each, index) => {
              each.flush?.((out) => send(index + 1, out));
            });
            controller.close();
            return;
          }
          send(0, value);
        }
      },
      cancel(reason) {
        return (reader ?? source).cancel(reason);
      },
    },
    // Nothing is read before someone asks: until then another pass can still join this stream.
    { highWaterMark: 0 },
  );
  chains.set(stream as ReadableStream<unknown>, chain);
  return stream;
}
