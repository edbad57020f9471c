import { z } from "zod";
import { isSitePath } from "@/lib/checks/site-paths";
import { DONE_REASONS } from "@/lib/lab/types";
import { SEVERITIES } from "@/lib/review/output";

/**
 * A record's message, checked before the Lab's views render it: a record is hostile (a visitor or
 * a model wrote it, and the store is outside this code), and the views expect the shapes the
 * route streams. A part that doesn't have its shape is left out; a link that isn't a page of the
 * site (or the studio's WhatsApp) becomes no link, so a record can never point at another record.
 */
const text = z.string().max(100_000);
const range = z.object({ min: z.number(), max: z.number() });
const failure = z.object({ ok: z.literal(false), error: z.string(), detail: z.string() });
const sitePath = z.string().transform((path) => (isSitePath(path) ? path : ""));
const stepPath = z.string().transform((path) => (isSitePath(path) || /^https:\/\/wa\.me\/\w/.test(path) ? path : ""));

const OUTPUTS: Record<string, z.ZodType> = {
  "tool-search_site": z.object({
    ok: z.literal(true),
    results: z.array(z.object({ path: sitePath, title: text, snippet: text })),
  }),
  "tool-get_service": z.object({
    ok: z.literal(true),
    service: z.object({
      id: text,
      name: text,
      summary: text,
      includes: z.array(text),
      weeks: range,
      term: z.object({ months: z.number() }).optional(),
      startingPrice: z.number(),
      price: range,
      extras: z.array(z.object({ id: text, name: text, price: z.number() }).loose()),
    }),
  }),
  "tool-estimate_quote": z.object({
    ok: z.literal(true),
    serviceId: text,
    extraIds: z.array(text),
    currency: text,
    price: range,
    weeks: range,
  }),
  "tool-suggest_next_step": z.object({
    ok: z.literal(true),
    kind: z.enum(["quote", "contact", "whatsapp"]),
    path: stepPath,
  }),
};
/** The run's own contact step (`data-next-step`), when no tool suggested one. */
const nextStepData = z.object({ kind: z.literal("contact"), path: stepPath });

const toolPart = z
  .object({
    type: z.string(),
    toolCallId: text,
    toolName: text.optional(),
    state: z.enum(["input-streaming", "input-available", "output-available", "output-error"]),
    input: z.unknown(),
    output: z.unknown(),
    errorText: text.optional(),
  })
  .loose();

const money = z.object({ value: z.number(), currency: z.string().nullable(), raw: text });
export const doneSchema = z.object({
  reason: z.enum(DONE_REASONS),
  unverifiedAmounts: z.array(money),
  usage: z.object({
    inputTokens: z.number(),
    outputTokens: z.number(),
    cachedInputTokens: z.number().optional().default(0),
    neurons: z.number(),
    estimated: z.boolean(),
  }),
  modelCalls: z.number(),
  toolCalls: z.number(),
  model: text,
});

const finding = z.object({
  severity: z.enum(SEVERITIES).optional(),
  // A line the code doesn't have is no line (as the review page shows it), not a reason to drop the review.
  line: z
    .unknown()
    .transform((line) =>
      line === undefined ? undefined : Number.isInteger(line) && (line as number) > 0 ? (line as number) : null,
    ),
  title: text.optional(),
  why: text.optional(),
  fix: text.optional(),
});
const reviewSchema = z.object({
  language: text,
  lines: z.number(),
  summary: text,
  findings: z.array(finding),
  final: z.boolean(),
});

function checkedPart(part: unknown): object | null {
  const type = (part as { type?: unknown } | null)?.type;
  if (typeof type !== "string") return null;
  if (type === "text") return z.object({ type: z.literal("text"), text }).safeParse(part).data ?? null;
  if (type === "step-start") return { type };
  if (type === "data-done") {
    const data = doneSchema.safeParse((part as { data?: unknown }).data).data;
    return data ? { type, data } : null;
  }
  if (type === "data-next-step") {
    const data = nextStepData.safeParse((part as { data?: unknown }).data).data;
    return data ? { type, data } : null;
  }
  if (type === "data-review") {
    const data = reviewSchema.safeParse((part as { data?: unknown }).data).data;
    return data ? { type, data } : null;
  }
  if (type !== "dynamic-tool" && !Object.hasOwn(OUTPUTS, type)) return null;
  const tool = toolPart.safeParse(part).data;
  if (!tool || (type === "dynamic-tool" && typeof tool.toolName !== "string")) return null;
  if (tool.state !== "output-available") return tool;
  const output = (OUTPUTS[type] ?? z.never()).or(failure).safeParse(tool.output).data;
  return output === undefined ? null : { ...tool, output };
}

/** The parts of a record's message that have their shapes, in order; the rest is left out. */
export function checkedParts(message: unknown): object[] {
  const parts = (message as { parts?: unknown } | null)?.parts;
  if (!Array.isArray(parts)) return [];
  return parts.map(checkedPart).filter((part): part is object => part !== null);
}
