/**
 * How often a Lab console re-renders while an answer streams: `useChat`'s `throttle`, in ms. At a
 * model's pace (50 tokens a second) this renders about every third token instead of every one;
 * a change of status (submitted, streaming, ready, error) still renders at once, with the
 * messages as they are then, so the end of a run never waits for it.
 */
export const STREAM_RENDER_MS = 50;
