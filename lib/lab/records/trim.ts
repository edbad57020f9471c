import type { LabRecord } from "./types";

/** Strings this short are never cut: ids, part types, states, short words. */
const KEEP_CHARS = 80;
const encoder = new TextEncoder();

export function recordBytes(record: LabRecord): number {
  return encoder.encode(JSON.stringify(record)).length;
}

type Slot = { holder: Record<string, unknown> | unknown[]; key: string | number; length: number };

function strings(value: unknown, slots: Slot[]): Slot[] {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      if (typeof item === "string") slots.push({ holder: value, key: index, length: item.length });
      else strings(item, slots);
    });
  } else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (typeof item === "string") slots.push({ holder: value as Record<string, unknown>, key, length: item.length });
      else strings(item, slots);
    }
  }
  return slots;
}

/**
 * The record within `maxBytes` of JSON: its longest strings (the code reviewed, a long answer, a
 * tool's result) are halved, longest first, each ending with "…", until it fits. A record of many
 * short parts that still doesn't fit keeps its verdict and run id and drops the rest of its parts.
 * Either way it says `trimmed`.
 */
export function trimRecord(record: LabRecord, maxBytes: number): LabRecord {
  if (recordBytes(record) <= maxBytes) return record;
  const copy = structuredClone(record);
  copy.trimmed = true;
  for (let round = 0; round < 200 && recordBytes(copy) > maxBytes; round += 1) {
    const longest = strings({ input: copy.input, parts: copy.message.parts }, []).sort(
      (a, b) => b.length - a.length,
    )[0];
    if (!longest || longest.length <= KEEP_CHARS) break;
    const text = (longest.holder as Record<string | number, string>)[longest.key] as string;
    // Whole code points, so an emoji is never cut in half.
    const chars = Array.from(text);
    if (chars.length <= KEEP_CHARS) break;
    const kept = chars.slice(0, Math.max(KEEP_CHARS, Math.floor(chars.length / 2)));
    (longest.holder as Record<string | number, string>)[longest.key] = `${kept.join("")}…`;
  }
  if (recordBytes(copy) > maxBytes) {
    const parts = copy.message.parts as { type: string }[];
    copy.message.parts = parts.filter((part) => part.type === "data-run" || part.type === "data-done") as never;
  }
  return copy;
}
