import { isLocale } from "@/lib/i18n/config";
import { LAB_USE_KINDS, type LabUseKind } from "@/lib/lab-uses";
import { isRunId } from "./id";
import type { LabRecord } from "./types";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * A stored record, checked before anything reads it: the database is outside the Worker, and a
 * record of another shape (an older version, a hand-edited key) reads as missing, not as a crash.
 * The strings inside stay hostile: whoever shows them renders them as text.
 */
export function parseRecord(raw: unknown, leadId: unknown): LabRecord | null {
  let value: unknown = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  if (!isObject(value) || value.v !== 1 || !isRunId(value.id)) return null;
  if (!LAB_USE_KINDS.includes(value.kind as LabUseKind) || !isLocale(value.locale)) return null;
  if (typeof value.at !== "string" || Number.isNaN(Date.parse(value.at)) || typeof value.day !== "string") return null;
  if (!DAY.test(value.day) || typeof value.stopped !== "boolean" || !isObject(value.input)) return null;
  if (!isObject(value.message) || !Array.isArray(value.message.parts)) return null;
  if (!value.message.parts.every((part) => isObject(part) && typeof part.type === "string")) return null;
  if (value.done !== null && !(isObject(value.done) && typeof value.done.reason === "string")) return null;
  const record = value as unknown as LabRecord;
  return { ...record, leadId: typeof leadId === "string" && leadId !== "" ? leadId : null };
}
