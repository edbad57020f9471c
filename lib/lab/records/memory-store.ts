import { utcDay } from "@/lib/platform/utc-day";
import { DEFAULT_RECORD_LIMITS, type LabRecordStore, LIST_DEFAULT, LIST_MAX, type RecordLimits } from "./store";
import type { LabRecord } from "./types";

type Day = { uses: Set<string>; kept: string[] };

/**
 * Records in this process's memory (`next dev`, `QUOTA_STORE=memory`, tests): the same rules as
 * the Upstash store, expiry included (read against `now`).
 */
export function memoryRecordStore(
  limits: RecordLimits = DEFAULT_RECORD_LIMITS,
  now: () => number = Date.now,
): LabRecordStore {
  const records = new Map<string, { json: string; expiresAtMs: number }>();
  const leads = new Map<string, string>();
  const days = new Map<string, Day>();
  const keptMs = limits.retentionDays * 86_400_000;

  const live = (id: string) => {
    const kept = records.get(id);
    if (kept && kept.expiresAtMs > now()) return kept;
    if (kept) {
      records.delete(id);
      leads.delete(id);
    }
    return null;
  };
  const dayOf = (day: string): Day => {
    let found = days.get(day);
    if (!found) {
      found = { uses: new Set(), kept: [] };
      days.set(day, found);
    }
    return found;
  };
  // A day whose every record has expired goes, as its Redis keys do.
  const sweep = () => {
    const oldest = utcDay(now() - keptMs);
    for (const day of days.keys()) if (day < oldest) days.delete(day);
  };

  const get = async (id: string): Promise<LabRecord | null> => {
    const kept = live(id);
    if (!kept) return null;
    return { ...(JSON.parse(kept.json) as LabRecord), leadId: leads.get(id) ?? null };
  };

  return {
    kind: "memory",
    get,
    async put(record) {
      if (limits.retentionDays <= 0) return "counted";
      sweep();
      const day = dayOf(record.day);
      if (day.uses.has(record.id)) return live(record.id) ? "duplicate" : "counted";
      day.uses.add(record.id);
      if (day.kept.length >= limits.perDay) return "counted";
      records.set(record.id, { json: JSON.stringify({ ...record, leadId: null }), expiresAtMs: now() + keptMs });
      day.kept.push(record.id);
      return "kept";
    },
    async list({ day = utcDay(now()), cursor = null, limit = LIST_DEFAULT } = {}) {
      const size = Math.min(Math.max(1, Math.floor(limit)), LIST_MAX);
      const start = cursor === null ? 0 : Number(cursor);
      if (!Number.isSafeInteger(start) || start < 0) return { records: [], cursor: null };
      const ids = [...(days.get(day)?.kept ?? [])].reverse();
      const page = ids.slice(start, start + size);
      const found = await Promise.all(page.map(get));
      return {
        records: found.filter((record): record is LabRecord => record !== null),
        cursor: start + size < ids.length ? String(start + size) : null,
      };
    },
    async count(day) {
      const found = days.get(day);
      return { day, uses: found?.uses.size ?? 0, kept: found?.kept.length ?? 0 };
    },
    async linkLead(runId, leadId) {
      if (!live(runId)) return false;
      if (!leads.has(runId)) leads.set(runId, leadId);
      return true;
    },
  };
}
