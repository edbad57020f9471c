import { stripThinking } from "./thinking";

/**
 * A tool call's arguments with every thought taken out (lib/checks/thinking.ts), before they are run
 * or shown: in the JSON text as the model wrote it, then in each string value once parsed, where a
 * marker written with JSON escapes (`\u003c|channel>`) reads as one. Arguments that are no JSON once
 * a thought is gone (one that never closed took the rest with it) reach the SDK as they are, and it
 * refuses them as invalid with a detail the model can act on.
 */
export function withoutThoughts(input: string): string {
  if (!input.includes("<") && !input.includes("\\u")) return input;
  const text = stripThinking(input);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  let changed = false;
  const clean = (value: unknown): unknown => {
    if (typeof value === "string" && value.includes("<")) {
      const kept = stripThinking(value);
      if (kept !== value) changed = true;
      return kept;
    }
    if (typeof value === "string") return value;
    if (Array.isArray(value)) return value.map(clean);
    if (value !== null && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, clean(item)]));
    }
    return value;
  };
  const cleaned = clean(parsed);
  return changed ? JSON.stringify(cleaned) : text;
}
