/**
 * A model's consecutive tokens of one text or tool input reach the page merged, closed by the
 * first token that comes this long after the first (lib/agent/call-cap.ts, and the binding's own
 * merge of text events in lib/ai/workers-ai-binding.ts): ~3 tokens of Gemma a part instead of 1,
 * which the visitor can't tell apart and which divides the route's per-token CPU by as much.
 */
export const STREAM_WINDOW_MS = 50;
