import { type JSONSchema7, type JSONValue, jsonSchema, type Schema, type ToolResultPart } from "ai";
import { z } from "zod";
import { CATALOG } from "@/lib/content/catalog";
import type { Locale } from "@/lib/i18n/config";
import { QuoteError, type QuoteErrorCode } from "@/lib/quote/estimate";

export { CATALOG };

/**
 * What a tool may know about the run that calls it: never the IP or the quota. The goal only
 * reaches `suggest_next_step`, which carries it (short) into the contact link the visitor follows.
 */
/** What the tools know of the run: its language, the visitor's goal, and its id (its record's). */
export type ToolContext = { locale: Locale; goal?: string; runId?: string };

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * An id as the tools return them. Gemma 4 sometimes leaves a control token inside an argument
 * (`landing-page<|"|`): the slug check refuses it with a message short enough to act on. A
 * refinement rather than `.regex()`: the check stays in zod, which validates every call, while
 * the JSON schema sent to the model on every call goes without a `pattern` (~20 tokens each).
 */
const idSchema = z.string().refine((id) => SLUG.test(id), "not an id (a-z, 0-9, -)");
export const extraIdsSchema = z.array(idSchema).max(8).default([]);

// A service's page ends in its slug in that locale (`/es/servicios/tienda-en-linea`): a model that
// reads the id off a search result's path gets the slug, which names the service just as well.
const SERVICE_BY_SLUG = new Map(
  Object.values(CATALOG).flatMap(({ services }) =>
    services.map((service) => [service.path.slice(service.path.lastIndexOf("/") + 1), service.id] as const),
  ),
);
const SERVICE_IDS = new Set(Object.values(CATALOG).flatMap(({ services }) => services.map((service) => service.id)));

/** A service id, or the service's slug in any locale (read as its id). */
export const serviceIdSchema = idSchema.transform((id) => (SERVICE_IDS.has(id) ? id : (SERVICE_BY_SLUG.get(id) ?? id)));

/**
 * A tool's input schema: zod validates every call exactly as the SDK's `zodSchema` would (the
 * loop reads the zod issues), but the JSON schema sent to the model goes without `$schema`, a
 * ~19-token URL per tool on every call that tells the model nothing.
 */
export function toolInput<T extends z.ZodType>(schema: T): Schema<z.output<T>> {
  // One per schema and isolate: tools are built per run (they take the run's locale), and the SDK
  // converts a schema once per `Schema` object (~0.2 ms each, warm), so a fresh one converts again.
  const known = toolInputs.get(schema);
  if (known) return known as Schema<z.output<T>>;
  const made = jsonSchema<z.output<T>>(
    () => {
      const { $schema: _, ...rest } = z.toJSONSchema(schema, { target: "draft-7", io: "input" });
      return withoutChecks({ ...rest, additionalProperties: false }) as JSONSchema7;
    },
    {
      validate: async (value) => {
        const result = await schema.safeParseAsync(value);
        return result.success ? { success: true, value: result.data } : { success: false, error: result.error };
      },
    },
  );
  toolInputs.set(schema, made);
  return made;
}
const toolInputs = new WeakMap<z.ZodType, Schema<unknown>>();

/**
 * Keywords zod checks on every call and the model needs no notice of: lengths, counts and
 * defaults. A call past one is refused with a detail that names it, which the model acts on.
 */
const CHECK_KEYWORDS = new Set(["minLength", "maxLength", "minItems", "maxItems", "default"]);

function withoutChecks(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutChecks);
  if (!node || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (CHECK_KEYWORDS.has(key)) continue;
    // `properties` names the fields: its keys are names, never keywords.
    out[key] =
      key === "properties" && value && typeof value === "object"
        ? Object.fromEntries(Object.entries(value).map(([name, field]) => [name, withoutChecks(field)]))
        : withoutChecks(value);
  }
  return out;
}
/** A refusal the model can read and fix; the run goes on. */
export type ToolFailure = { ok: false; error: QuoteErrorCode; detail: string };

export function unknownId(code: QuoteErrorCode, badId: string, validIds: readonly string[]): ToolFailure {
  const what = code === "unknown_service" ? "service" : "extra";
  return { ok: false, error: code, detail: `unknown ${what} "${badId}"; valid: ${validIds.join(", ")}` };
}

/** Runs `fn`; an unknown id comes back as a `ToolFailure` instead of ending the run. */
export function orFailure<T>(fn: () => T): T | ToolFailure {
  try {
    return fn();
  } catch (error) {
    if (error instanceof QuoteError) return unknownId(error.code, error.badId, error.validIds);
    throw error;
  }
}

/**
 * What the model reads of a tool's result, when the page shows more (`toModelOutput`). Every
 * result is re-sent on each later call of the run, so the model gets what its next move and its
 * answer need (ids, names, prices, a short snippet) and the page keeps the whole result. A
 * refusal goes through as it is: it is already short, and the model must read its detail.
 */
export function forModel<T extends { ok: boolean }>(
  output: T,
  compact: (result: Extract<T, { ok: true }>) => unknown,
): ToolResultPart["output"] {
  return { type: "json", value: (output.ok ? compact(output as Extract<T, { ok: true }>) : output) as JSONValue };
}
