// Records for the studio view's tests, in the shape the recording keeps (lib/lab/records/types.ts),
// in the studio's first language and with its first service: nothing of the demo studio by name.
import { SITE } from "@/lib/content/site";
import { DEFAULT_LOCALE } from "@/lib/i18n/config";
import { type LabRecord, newRunId } from "@/lib/lab/records";
import type { DoneData } from "@/lib/lab/types";
import { paths } from "@/lib/site/paths";

export const LOCALE = DEFAULT_LOCALE;
const service = SITE.services[0];
if (!service) throw new Error("the studio's content has no service");
export const SERVICE = service;

export function done(overrides: Partial<DoneData> = {}): DoneData {
  return {
    reason: "answered",
    unverifiedAmounts: [],
    usage: { inputTokens: 1200, outputTokens: 180, cachedInputTokens: 400, neurons: 42.5, estimated: false },
    modelCalls: 3,
    toolCalls: 2,
    model: "@cf/test/model",
    ...overrides,
  };
}

const base = (at: Date) => ({
  v: 1 as const,
  id: newRunId(),
  at: at.toISOString(),
  day: at.toISOString().slice(0, 10),
  locale: LOCALE,
  stopped: false,
  durationMs: 4200,
  counts: {},
  trimmed: false,
  leadId: null,
});

/** An agent run: a plan, a search, the service read, an answer (Markdown) and its `data-done`. */
export function agentRecord(
  options: {
    goal?: string;
    answer?: string;
    results?: number;
    /** The run read a service (`get_service`). */
    read?: boolean;
    /** The run priced it (`estimate_quote`). */
    served?: boolean;
    at?: Date;
    done?: DoneData;
  } = {},
): Extract<LabRecord, { kind: "agent" }> {
  const { goal = "Goal words", answer = "The **answer**.", results = 1, served = true } = options;
  const path = paths.service(LOCALE, SERVICE.text[LOCALE].slug);
  const parts: unknown[] = [
    { type: "step-start" },
    { type: "text", text: "The plan.", state: "done" },
    {
      type: "tool-search_site",
      toolCallId: "call-search",
      state: "output-available",
      input: { query: goal },
      output: {
        ok: true,
        results: Array.from({ length: results }, (_, i) => ({ path, title: `Result ${i}`, snippet: "snippet" })),
      },
    },
  ];
  if (options.read) {
    parts.push({
      type: "tool-get_service",
      toolCallId: "call-service",
      state: "output-available",
      input: { serviceId: SERVICE.id },
      output: { ok: true, service: { id: SERVICE.id, name: SERVICE.text[LOCALE].name } },
    });
  }
  if (served) {
    parts.push({
      type: "tool-estimate_quote",
      toolCallId: "call-estimate",
      state: "output-available",
      input: { serviceId: SERVICE.id, extraIds: [] },
      output: {
        ok: true,
        serviceId: SERVICE.id,
        extraIds: [],
        currency: "XTS",
        price: { min: 100, max: 200 },
        weeks: { min: 2, max: 3 },
      },
    });
  }
  parts.push(
    { type: "step-start" },
    { type: "text", text: answer, state: "done" },
    { type: "data-done", data: options.done ?? done() },
  );
  return {
    ...base(options.at ?? new Date()),
    kind: "agent",
    input: { goal },
    message: { id: "m", role: "assistant", parts } as never,
    done: options.done ?? done(),
  };
}

export function chatRecord(
  question: string,
  options: { conversationId?: string | null; answer?: string; at?: Date } = {},
): Extract<LabRecord, { kind: "chat" }> {
  const data = done({ modelCalls: 1, toolCalls: 0 });
  return {
    ...base(options.at ?? new Date()),
    kind: "chat",
    input: { question },
    conversationId: options.conversationId ?? null,
    message: {
      id: "m",
      role: "assistant",
      parts: [
        { type: "text", text: options.answer ?? "An answer." },
        { type: "data-done", data },
      ],
    } as never,
    done: data,
  };
}

/**
 * `ms` before now, but not before today's UTC start: the studio's list shows one UTC day, so a
 * record made "a minute ago" just after midnight would be yesterday's and missing from the page.
 */
export function earlierToday(ms: number, nowMs = Date.now()): Date {
  return new Date(Math.max(nowMs - (nowMs % 86_400_000), nowMs - ms));
}
