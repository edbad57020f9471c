/**
 * Calls `handle` once, at the first of these events on `target` that `accept` takes (listened to in
 * the capture phase, passive), and stops listening. Returns the stop, for a cleanup before then.
 */
export function onFirstEvent(
  target: EventTarget,
  types: readonly string[],
  handle: () => void,
  accept: (event: Event) => boolean = () => true,
): () => void {
  const stop = () => {
    for (const type of types) target.removeEventListener(type, listener, { capture: true });
  };
  const listener = (event: Event) => {
    if (!accept(event)) return;
    stop();
    handle();
  };
  for (const type of types) target.addEventListener(type, listener, { capture: true, passive: true });
  return stop;
}
