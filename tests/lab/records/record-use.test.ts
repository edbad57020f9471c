import type { UIMessageChunk } from "ai";
import { describe, expect, it, vi } from "vitest";
import { agentUse } from "@/lib/agent/run-agent";
import { chatUse } from "@/lib/chat/run-chat";
import { LOCALES } from "@/lib/i18n/config";
import { type LabRecord, type LabRecordStore, memoryRecordStore, newRunId } from "@/lib/lab/records";
import type { Recording } from "@/lib/lab/records/record-use";
import { DEFAULT_RECORD_LIMITS } from "@/lib/lab/records/store";
import { startLabUse } from "@/lib/lab/run-use";
import { createQuota, memoryStore } from "@/lib/quota";
import { reviewUse } from "@/lib/review/run-review";
import { labPost, scriptedLabModel, trustVisitorHeader } from "@/tests/support/lab-request";

trustVisitorHeader();

// Guards the record of every Lab use: it holds what the page was sent (the run id part included),
// assembled as the page assembles it, with the visitor's emails and phone numbers redacted and
// never the IP; and a store that fails or hangs leaves the use's stream and quota as they were.

const locale = LOCALES[0];
const IP = "198.51.100.77";

function recordingInto(store: LabRecordStore, options: Partial<Recording> = {}) {
  const tasks: Promise<unknown>[] = [];
  const recording: Recording = {
    store,
    limits: DEFAULT_RECORD_LIMITS,
    background: (task) => tasks.push(task),
    ...options,
  };
  return { recording, settled: () => Promise.all(tasks) };
}

const quotaOf = () =>
  createQuota({ store: memoryStore(), salt: "records-test-salt-0123", limits: { burstPerMinute: 0 } });

/** The chunks of a Lab response, as the page reads them. */
async function chunksOf(response: Response): Promise<UIMessageChunk[]> {
  const text = await response.text();
  return text
    .split("\n")
    .filter((line) => line.startsWith("data: {"))
    .map((line) => JSON.parse(line.slice(6)) as UIMessageChunk);
}

const runIdOf = (chunks: UIMessageChunk[]) =>
  (chunks.find((chunk) => chunk.type === "data-run") as { data: { id: string } } | undefined)?.data.id;
const doneOf = (chunks: UIMessageChunk[]) =>
  (chunks.find((chunk) => chunk.type === "data-done") as { data: unknown } | undefined)?.data;

async function onlyRecord(store: LabRecordStore): Promise<LabRecord> {
  const { records } = await store.list({ day: new Date().toISOString().slice(0, 10) });
  expect(records).toHaveLength(1);
  return records[0] as LabRecord;
}

describe("an agent run's record", () => {
  it("keeps the goal redacted and the steps, tool calls and answer the page was sent", async () => {
    const store = memoryRecordStore();
    const { recording, settled } = recordingInto(store);
    const model = scriptedLabModel([
      { text: "I'll look for a shop service.", calls: [{ name: "search_site", input: { query: "online shop" } }] },
      { text: "An online shop fits your goal." },
    ]);
    const goal = "An online shop. Write to ana@correo.example or call +1 415 555 0100.";
    const response = await startLabUse(labPost("/api/agent", "", IP), agentUse({ goal, locale }), {
      quota: quotaOf(),
      model,
      recording,
    });
    const chunks = await chunksOf(response);
    await settled();

    // The id comes right after the stream's start, before any step.
    expect(chunks[0]?.type).toBe("start");
    expect(chunks[1]).toEqual({ type: "data-run", id: "run", data: { id: runIdOf(chunks) } });
    const record = await onlyRecord(store);
    expect(record.id).toBe(runIdOf(chunks));
    expect(record.kind).toBe("agent");
    expect(record.input).toEqual({ goal: "An online shop. Write to [email] or call [phone]." });
    expect(record.done).toEqual(doneOf(chunks));
    expect(record.stopped).toBe(false);
    expect(record.counts).toEqual({ refusedCalls: 0 });
    const parts = record.message.parts;
    const tool = parts.find((part) => part.type === "tool-search_site") as
      | { state: string; input: unknown; output: unknown }
      | undefined;
    expect(tool).toMatchObject({ state: "output-available", input: { query: "online shop" } });
    expect(tool?.output).toEqual(expect.anything());
    const texts = parts.filter((part) => part.type === "text").map((part) => (part as { text: string }).text);
    expect(texts).toEqual(["I'll look for a shop service.", "An online shop fits your goal."]);
    // Transient parts never reach a message, on the page or in the record.
    expect(parts.some((part) => part.type === "data-budget")).toBe(false);
    const json = JSON.stringify(record);
    expect(json).not.toContain(IP);
    expect(json).not.toContain("ana@correo.example");
    expect(json).not.toContain("555 0100");
  });

  it("keeps no email or phone the model repeated: in a tool's arguments, a contact link or the answer", async () => {
    const store = memoryRecordStore();
    const { recording, settled } = recordingInto(store);
    const goal = "An online shop. Write to ana@correo.example or call +1 415 555 0100.";
    const model = scriptedLabModel([
      { text: "Searching.", calls: [{ name: "search_site", input: { query: goal } }] },
      { text: "A link.", calls: [{ name: "suggest_next_step", input: { kind: "contact" } }] },
      { text: "I'll write to ana@correo.example or call +1 415 555 0100, or you write to us." },
    ]);
    const response = await startLabUse(labPost("/api/agent", "", IP), agentUse({ goal, locale }), {
      quota: quotaOf(),
      model,
      recording,
    });
    await chunksOf(response);
    await settled();

    const record = await onlyRecord(store);
    const json = JSON.stringify(record);
    expect(json).not.toContain("ana@correo.example");
    expect(json).not.toContain("ana%40correo.example");
    expect(json).not.toContain("555 0100");
    expect(json).not.toContain("555+0100");
    const link = record.message.parts.find((part) => part.type === "tool-suggest_next_step") as
      | { output: { path: string } }
      | undefined;
    // The link still leads to the contact form, with the goal's words redacted in its query.
    expect(new URL(link?.output.path ?? "", "https://studio.example").searchParams.get("goal")).toContain("[email]");
  });

  it("keeps a run the visitor left mid-way, as stopped", async () => {
    const store = memoryRecordStore();
    const { recording, settled } = recordingInto(store);
    const model = scriptedLabModel([{ text: "Thinking about it", hang: true }]);
    const leave = new AbortController();
    const request = new Request(labPost("/api/agent", "", IP), { signal: leave.signal });
    const response = await startLabUse(request, agentUse({ goal: "a blog", locale }), {
      quota: quotaOf(),
      model,
      recording,
    });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    leave.abort();
    await reader.cancel();
    await settled();
    const record = await onlyRecord(store);
    expect(record.stopped).toBe(true);
    expect(record.done?.reason).toBe("client_abort");
    expect(record.input).toEqual({ goal: "a blog" });
  });
});

describe("a chat message's record", () => {
  it("keeps the new question, redacted, under the page's conversation id", async () => {
    const store = memoryRecordStore();
    const { recording, settled } = recordingInto(store);
    const conversationId = newRunId();
    const turns = [
      { role: "user" as const, text: "hello" },
      { role: "assistant" as const, text: "Hi." },
      { role: "user" as const, text: "my number is (55) 1234-5678, call me" },
    ];
    const response = await startLabUse(labPost("/api/chat", "", IP), chatUse({ turns, locale, conversationId }), {
      quota: quotaOf(),
      model: scriptedLabModel([{ text: "We will." }]),
      recording,
    });
    const chunks = await chunksOf(response);
    await settled();
    const record = await onlyRecord(store);
    expect(record).toMatchObject({
      kind: "chat",
      conversationId,
      input: { question: "my number is [phone], call me" },
    });
    expect(record.id).toBe(runIdOf(chunks));
    expect(record.message.parts.filter((part) => part.type === "text")).toMatchObject([{ text: "We will." }]);
    expect(record.counts).toEqual({ turns: 3, keptTurns: 3 });
  });
});

describe("a review's record", () => {
  it("keeps the code, redacted, and the findings as the page got them", async () => {
    const store = memoryRecordStore();
    const { recording, settled } = recordingInto(store);
    const review = {
      summary: "One problem.",
      findings: [
        { severity: "high", line: 1, title: "Hard-coded contact", why: "It leaks.", fix: "Read it from settings." },
      ],
    };
    const code = 'const owner = "dev@studio.example";\n';
    const response = await startLabUse(labPost("/api/review", "", IP), reviewUse({ code, locale }), {
      quota: quotaOf(),
      model: scriptedLabModel([{ text: JSON.stringify(review) }]),
      recording,
    });
    await chunksOf(response);
    await settled();
    const record = await onlyRecord(store);
    expect(record).toMatchObject({ kind: "review", input: { code: 'const owner = "[email]";\n', language: null } });
    const final = record.message.parts.findLast((part) => part.type === "data-review") as { data: unknown };
    expect(final.data).toMatchObject({
      final: true,
      summary: "One problem.",
      findings: [{ title: "Hard-coded contact" }],
    });
    expect(record.done?.reason).toBe("answered");
  });
});

describe("a store that fails", () => {
  const failing = (put: LabRecordStore["put"]): LabRecordStore => ({ ...memoryRecordStore(), put });

  it.each([
    ["throws", () => Promise.reject(new Error("ECONNRESET talking to the database"))],
    ["hangs", () => new Promise<never>(() => {})],
  ])("that %s leaves the use's stream and units as they were, and logs one line", async (_name, put) => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const goal = "a landing page, write to me@mail.example";
    const run = async (recording: Recording | null) => {
      const quota = quotaOf();
      const response = await startLabUse(labPost("/api/agent", "", IP), agentUse({ goal, locale }), {
        quota,
        model: scriptedLabModel([{ text: "A landing page fits." }]),
        recording,
      });
      const chunks = await chunksOf(response);
      return { status: response.status, chunks, today: await quota.today() };
    };
    try {
      const healthy = await run(recordingInto(memoryRecordStore()).recording);
      const { recording, settled } = recordingInto(failing(put), { timeoutMs: 50 });
      const broken = await run(recording);
      await settled();
      expect(broken.status).toBe(200);
      const shape = (chunks: UIMessageChunk[]) => chunks.map((chunk) => chunk.type);
      expect(shape(broken.chunks)).toEqual(shape(healthy.chunks));
      expect(doneOf(broken.chunks)).toEqual(doneOf(healthy.chunks));
      expect(broken.today.units).toEqual(healthy.today.units);
      expect(broken.today.units.used).toBe(2);
      const lines = errors.mock.calls
        .map((call) => String(call[0]))
        .filter((line) => line.includes("lab_record_failed"));
      expect(lines).toHaveLength(1);
      expect(lines[0]).not.toContain("me@mail.example");
      expect(lines[0]).not.toContain("landing");
    } finally {
      errors.mockRestore();
    }
  });
});
