import { z } from "zod";

/** The part of a JSON Schema that limits a draft (what `z.toJSONSchema` writes for our schemas). */
type Limits = {
  type?: string | string[];
  maxLength?: number;
  maxItems?: number;
  enum?: unknown[];
  items?: Limits;
  properties?: Record<string, Limits>;
};

const limitsOf = new WeakMap<z.ZodType, Limits>();

/**
 * A streamed draft of structured output cut to its schema's limits before the page gets it: no
 * string longer than its `max`, no array with more items than its `max`, no property the schema
 * doesn't have, no value of an enum it doesn't list (one still being written waits until it is
 * whole). The final output is validated by the schema itself; this holds the drafts before it to
 * the same limits, so the page never shows more than a valid result could hold.
 */
export function draftWithin<T>(schema: z.ZodType, draft: T): T {
  let limits = limitsOf.get(schema);
  if (!limits) {
    limits = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Limits;
    limitsOf.set(schema, limits);
  }
  return clamp(draft, limits) as T;
}

function clamp(value: unknown, limits: Limits): unknown {
  if (value === undefined || value === null) return value;
  if (limits.enum) return limits.enum.includes(value) ? value : undefined;
  if (typeof value === "string") {
    if (limits.maxLength === undefined || value.length <= limits.maxLength) return value;
    const cut = value.slice(0, limits.maxLength);
    // Never half a character: a surrogate pair stays whole or goes.
    return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
  }
  if (Array.isArray(value)) {
    const items = limits.maxItems === undefined ? value : value.slice(0, limits.maxItems);
    return limits.items ? items.map((item) => clamp(item, limits.items as Limits)) : items;
  }
  if (typeof value === "object") {
    const properties = limits.properties;
    if (!properties) return value;
    const kept: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const own = Object.hasOwn(properties, key) ? properties[key] : undefined;
      if (own) kept[key] = clamp(item, own);
    }
    return kept;
  }
  return value;
}
