// Records of each use, as the shared path builds them, for the store contract and the views' tests.

import { LOCALES } from "@/lib/i18n/config";
import type { LabRecord } from "@/lib/lab/records";
import { newRunId } from "@/lib/lab/records";

const locale = LOCALES[0];
const done = (reason = "answered") => ({
  reason,
  unverifiedAmounts: [],
  usage: { inputTokens: 900, outputTokens: 120, cachedInputTokens: 0, neurons: 11.5, estimated: false },
  modelCalls: 2,
  toolCalls: 1,
  model: "offline-planner",
});

function base(at: number) {
  return {
    v: 1 as const,
    id: newRunId(),
    at: new Date(at).toISOString(),
    day: new Date(at).toISOString().slice(0, 10),
    locale,
    durationMs: 1234,
    counts: {},
    trimmed: false,
    stopped: false,
    leadId: null,
  };
}

export function agentRecord(at = Date.now(), goal = "a shop with a blog"): LabRecord {
  const b = base(at);
  return {
    ...b,
    kind: "agent",
    input: { goal },
    done: done() as LabRecord["done"],
    message: {
      id: "m1",
      role: "assistant",
      parts: [
        { type: "data-run", id: "run", data: { id: b.id } },
        { type: "step-start" },
        { type: "text", text: "I'll look for a fitting service.", state: "done" },
        {
          type: "tool-search_site",
          toolCallId: "c0_0",
          state: "output-available",
          input: { query: "shop" },
          output: { results: [] },
        },
        { type: "step-start" },
        { type: "text", text: "Nothing fits exactly.", state: "done" },
        { type: "data-done", data: done() },
      ],
    } as LabRecord["message"],
  };
}

export function chatRecord(at = Date.now(), conversationId: string | null = newRunId()): LabRecord {
  return {
    ...base(at),
    kind: "chat",
    input: { question: "do you build shops?" },
    conversationId,
    done: done() as LabRecord["done"],
    message: {
      id: "m2",
      role: "assistant",
      parts: [
        { type: "text", text: "Yes.", state: "done" },
        { type: "data-done", data: done() },
      ],
    } as LabRecord["message"],
  };
}

export function reviewRecord(at = Date.now(), code = "const a = 1;\n"): LabRecord {
  return {
    ...base(at),
    kind: "review",
    input: { code, language: null },
    done: done() as LabRecord["done"],
    message: {
      id: "m3",
      role: "assistant",
      parts: [
        {
          type: "data-review",
          id: "review",
          data: { language: "javascript", lines: 1, summary: "Fine.", findings: [], final: true },
        },
        { type: "data-done", data: done() },
      ],
    } as LabRecord["message"],
  };
}
