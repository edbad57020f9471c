import { readUIMessageStream, type UIMessage, type UIMessageChunk } from "ai";
import { SITE } from "@/lib/content/site";
import type { Locale } from "@/lib/i18n/config";
import type { DoneData } from "@/lib/lab/types";
import { utcDay } from "@/lib/platform/utc-day";
import { redactDeep } from "./redact";
import type { LabRecordStore, RecordLimits } from "./store";
import { trimRecord } from "./trim";
import type { LabRecord, LabRecordKind } from "./types";

/** Where a use's record goes. `background` keeps the write alive past the response (Workers' `waitUntil`). */
export type Recording = {
  store: LabRecordStore;
  limits: RecordLimits;
  background: (task: Promise<unknown>) => void;
  /** No write outlives this; the use is long over by then. */
  timeoutMs?: number;
};

const RECORD_WRITE_TIMEOUT_MS = 3000;

/** What the shared path knows of a use before its stream: who it is for and the visitor's words. */
export type UseFacts = {
  id: string;
  kind: LabRecordKind;
  locale: Locale;
  startedMs: number;
  input: LabRecord["input"];
  conversationId: string | null;
};

/** What the shared path knows once the use is over (its `UseSummary`), when it got that far. */
export type UseEnd = { durationMs: number; counts: Record<string, number | null> };

/**
 * The stream the page is sent, unchanged but for one `data-run` part (the record's id) after its
 * start, and a copy assembled into the assistant message exactly as the page assembles it
 * (`readUIMessageStream`). The source is read to its end even if the page goes away (a reload), so
 * a cut-off run is kept too, as stopped. The record is written after the page's stream has closed,
 * in the background: it never delays or fails the visitor's use.
 */
export function recordedStream(
  source: ReadableStream<UIMessageChunk>,
  facts: UseFacts,
  recording: Recording | null,
  end: () => UseEnd | undefined,
): ReadableStream<UIMessageChunk> {
  const runPart = { type: "data-run", id: "run", data: { id: facts.id } } as UIMessageChunk;
  let toPage!: ReadableStreamDefaultController<UIMessageChunk>;
  let pageOpen = true;
  const page = new ReadableStream<UIMessageChunk>({
    start(controller) {
      toPage = controller;
    },
    cancel() {
      pageOpen = false;
    },
  });
  let toCopy: ReadableStreamDefaultController<UIMessageChunk> | undefined;
  const assembled = recording
    ? lastMessage(
        new ReadableStream<UIMessageChunk>({
          start(controller) {
            toCopy = controller;
          },
        }),
      )
    : null;

  const forward = (chunk: UIMessageChunk) => {
    if (pageOpen) {
      try {
        toPage.enqueue(chunk);
      } catch {
        pageOpen = false;
      }
    }
    toCopy?.enqueue(chunk);
  };

  const pump = (async () => {
    const reader = source.getReader();
    let first = true;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (first) {
          first = false;
          // After `start`: a `start` with a message id resets what came before it.
          if (value.type === "start") {
            forward(value);
            forward(runPart);
            continue;
          }
          forward(runPart);
        }
        forward(value);
      }
      if (first) forward(runPart);
      if (pageOpen) toPage.close();
    } catch (error) {
      if (pageOpen) toPage.error(error);
    } finally {
      toCopy?.close();
    }
  })();

  if (recording && assembled) {
    recording.background(
      pump.then(() =>
        keep(recording, facts, async () => buildRecord(facts, await assembled, end(), recording.limits.maxBytes)),
      ),
    );
  }
  return page;
}

async function lastMessage(stream: ReadableStream<UIMessageChunk>): Promise<UIMessage> {
  let last: UIMessage = { id: "", role: "assistant", parts: [] };
  // A broken chunk is the page's problem too; what was assembled before it is still kept.
  for await (const message of readUIMessageStream({ stream, onError: () => {} })) last = message;
  return last;
}

/** What the record keeps however it is written: the studio's own number (its WhatsApp links). */
const STUDIO_OWN = [SITE.studio.whatsapp];

/**
 * The record of a use: its message as assembled, cut to the size cap, and every field a visitor or a
 * model wrote (the visitor's words, every part of the message, the verdict) redacted in one pass.
 */
export function buildRecord(facts: UseFacts, message: UIMessage, end: UseEnd | undefined, maxBytes: number): LabRecord {
  const found = (message.parts.findLast((part) => part.type === "data-done") as { data?: DoneData } | undefined)?.data;
  const { input, parts, done } = redactDeep({ input: facts.input, parts: message.parts, done: found }, STUDIO_OWN);
  const record = {
    v: 1,
    id: facts.id,
    kind: facts.kind,
    at: new Date(facts.startedMs).toISOString(),
    day: utcDay(facts.startedMs),
    locale: facts.locale,
    input,
    ...(facts.kind === "chat" ? { conversationId: facts.conversationId } : {}),
    // Every part, not only the input: a tool's query or a contact link can carry the visitor's words.
    message: { id: message.id, role: "assistant", parts },
    done: done ?? null,
    stopped: !done || done.reason === "client_abort",
    durationMs: end?.durationMs ?? 0,
    counts: end?.counts ?? {},
    trimmed: false,
    leadId: null,
  } as LabRecord;
  return trimRecord(record, maxBytes);
}

/** Writes the record within the deadline; a failure is one log line, without the visitor's words. */
async function keep(recording: Recording, facts: UseFacts, build: () => Promise<LabRecord>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new DOMException("the record's write ran past its deadline", "TimeoutError")),
        recording.timeoutMs ?? RECORD_WRITE_TIMEOUT_MS,
      );
    });
    await Promise.race([build().then((record) => recording.store.put(record)), deadline]);
  } catch (error) {
    const name = error instanceof Error ? error.name : typeof error;
    let message = error instanceof Error ? error.message : String(error);
    for (const words of Object.values(facts.input)) {
      if (typeof words === "string" && words.trim()) message = message.split(words.trim()).join("<input>");
    }
    console.error(
      JSON.stringify({
        event: "lab_record_failed",
        use: facts.kind,
        errorName: name,
        errorMessage: message.slice(0, 200),
      }),
    );
  } finally {
    clearTimeout(timer);
  }
}
