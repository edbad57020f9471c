/**
 * A model's consecutive tokens of one text or tool input reach the page merged, closed by the
 * first token that comes this long after the first (lib/lab/call-cap.ts, and the binding's own
 * merge of text events in lib/ai/workers-ai-passes.ts): ~3 tokens of Gemma a part instead of 1,
 * which the visitor can't tell apart and which divides the route's per-token CPU by as much.
 */
export const STREAM_WINDOW_MS = 50;

/**
 * Merges consecutive pieces of one stream (`keyOf`: a text's id) for `windowMs`. The first piece
 * of each key goes out at once, so the page shows a model's first words without waiting; the
 * window is checked as pieces arrive (`flushIfDue`), with no timer: in workerd a timer a window
 * cost more CPU than it saved (`npm run bench`), and a model streams back to back, so a piece waits
 * at most one token's gap past its window. Whoever owns the stream calls `flush` before sending
 * anything else and when the stream ends or fails. A window of 0 sends every piece as it comes.
 */
export function mergeWindow<T>(
  windowMs: number,
  { keyOf, join, emit }: { keyOf: (piece: T) => string; join: (held: T, next: T) => T; emit: (piece: T) => void },
) {
  let held: T | null = null;
  let heldKey = "";
  let since = 0;
  const started = new Set<string>();

  function flush(): boolean {
    if (held === null) return false;
    const piece = held;
    held = null;
    emit(piece);
    return true;
  }

  return {
    flush,
    hold(piece: T) {
      const key = keyOf(piece);
      if (windowMs <= 0 || !started.has(key)) {
        started.add(key);
        flush();
        emit(piece);
      } else if (held !== null && heldKey === key) {
        held = join(held, piece);
      } else {
        flush();
        held = piece;
        heldKey = key;
        since = Date.now();
      }
    },
    flushIfDue() {
      if (held !== null && Date.now() - since >= windowMs) flush();
    },
    drop() {
      held = null;
    },
  };
}
