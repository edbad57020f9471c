import type { UIMessage } from "ai";
import type { Locale } from "@/lib/i18n/config";
import type { DoneData, RunData } from "@/lib/lab/types";

export type { RunData };

/**
 * The assistant message of a use. The uses (`lib/agent`, `lib/chat`, `lib/review`) build on this
 * folder, so it can't name their message types: narrow by the record's `kind` (an agent record's
 * message is an `AgentUIMessage`, a chat's a `ChatUIMessage`, a review's a `ReviewUIMessage`).
 */
export type RecordMessage = UIMessage<unknown, Record<string, unknown>>;

/** What every record holds, whatever the use. */
type RecordBase = {
  /** The record's shape; a record of another version is not read. */
  v: 1;
  /** The run id (`id.ts`): 128 random bits, base64url. */
  id: string;
  /** When the use started (ISO) and its UTC day (`YYYY-MM-DD`), the day it is listed under. */
  at: string;
  day: string;
  locale: Locale;
  /**
   * The use's `data-done` exactly as the visitor was sent it (verdict, flagged amounts, tokens,
   * neurons, model), or null when the stream ended without one (cut off): `stopped` says so.
   */
  done: DoneData | null;
  /** No `data-done`, or a `client_abort` one: the visitor left or stopped before the end. */
  stopped: boolean;
  durationMs: number;
  /** The use's own counts from its log line (e.g. `refusedCalls`, `turns`, `findings`). */
  counts: Record<string, number | null>;
  /** The record was over the size cap: its longest strings were cut (each ends with "…"). */
  trimmed: boolean;
  /** The contact message this run led to (`linkLead`), null until then. */
  leadId: string | null;
};

/**
 * One Lab use as it is kept. `input` is the visitor's words with emails and phone numbers
 * replaced by `[email]` and `[phone]`; `message` is the assistant message exactly as the page
 * assembled it from the stream it was sent (after every check), so the Lab's own views replay it.
 * Everything in it was written by a visitor or a model: render it as text or through the Lab's
 * checked renderer, never as HTML.
 */
export type LabRecord =
  | (RecordBase & { kind: "agent"; input: { goal: string }; message: RecordMessage })
  | (RecordBase & {
      kind: "chat";
      /** The visitor's new question; the earlier turns are the thread's earlier records. */
      input: { question: string };
      /** The thread: every message of one conversation has the same id (null if the page sent none). */
      conversationId: string | null;
      message: RecordMessage;
    })
  | (RecordBase & { kind: "review"; input: { code: string; language: string | null }; message: RecordMessage });

export type LabRecordKind = LabRecord["kind"];

/** `put`'s answer: kept, already kept (a retried write), or past the day's cap (counted only). */
export type PutOutcome = "kept" | "duplicate" | "counted";

/** A day's counts: every use `put` saw, and how many were kept (the rest were past the cap). */
export type DayCount = { day: string; uses: number; kept: number };

/** A page of a day's records, newest first; `cursor` reads the next page, null at the end. */
export type RecordPage = { records: LabRecord[]; cursor: string | null };

/** What a visitor reopening a run by its address gets: only what that visitor was shown. */
export type VisitorRun = Pick<LabRecord, "id" | "kind" | "at" | "locale" | "stopped" | "trimmed" | "input" | "message">;
