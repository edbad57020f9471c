import "server-only";
import { platform } from "@/lib/config";
import type { StoredLead } from "@/lib/contact/lead";
import { contactStoreFor } from "@/lib/contact/store";
import type { LabRecord } from "@/lib/lab/records";
import { labRecordStore, recordSettings } from "@/lib/lab/records/from-config";
import { checkedParts } from "./checked-message";
import { readDayRecords } from "./read";

// A lead id is the server's own (a UUID or 32 hex digits); a record's `leadId` is checked anyway.
const LEAD_ID = /^[A-Za-z0-9-]{1,64}$/;

export type StudioRun = {
  record: LabRecord;
  parts: object[];
  /** A chat's conversation, oldest first (this record among them); one turn otherwise. */
  thread: { id: string; question: string; parts: object[] }[];
  lead: StoredLead | null;
};

/**
 * A chat's other turns: the records of its day with the same conversation id. A conversation
 * that went past midnight (UTC) shows the turns of the record's own day.
 */
async function threadOf(record: LabRecord): Promise<StudioRun["thread"]> {
  if (record.kind !== "chat") return [];
  const own = { id: record.id, question: record.input.question, parts: checkedParts(record.message) };
  if (!record.conversationId) return [own];
  const day = await readDayRecords(labRecordStore(), record.day, recordSettings().perDay);
  return day
    .filter((other) => other.kind === "chat" && other.conversationId === record.conversationId)
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))
    .map((turn) =>
      turn.id === record.id
        ? own
        : { id: turn.id, question: turn.kind === "chat" ? turn.input.question : "", parts: checkedParts(turn.message) },
    );
}

async function leadOf(record: LabRecord): Promise<StoredLead | null> {
  if (typeof record.leadId !== "string" || !LEAD_ID.test(record.leadId)) return null;
  return contactStoreFor(platform()).get(record.leadId);
}

/** One record by its id (already checked to have a run id's shape), with its thread and its lead. */
export async function readStudioRun(id: string): Promise<StudioRun | null> {
  const record = await labRecordStore().get(id);
  if (!record || record.id !== id) return null;
  const [thread, lead] = await Promise.all([threadOf(record), leadOf(record)]);
  return { record, parts: checkedParts(record.message), thread, lead };
}
