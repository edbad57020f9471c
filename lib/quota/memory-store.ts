import { refusalHour, refusalKeptUntil } from "./refusals";
import { kindField, MODEL_METRICS, modelField, SITE_FIELDS } from "./site-totals";
import type { QuotaStore } from "./store";

type StoredReservation = { ipHash: string; units: number; recorded: boolean; released: boolean };

/**
 * The quota in this process's memory, for `next dev` with no Upstash settings: the same answers
 * as the Redis scripts. JavaScript runs each method to its end without interleaving, which is
 * what makes them atomic here. Only one UTC day is kept, as the Redis keys expire at midnight.
 */
export function memoryStore(): QuotaStore {
  let currentDay = "";
  const ipUnits = new Map<string, number>();
  const reservations = new Map<string, StoredReservation>();
  let site = new Map<string, number>();
  const bursts = new Map<string, { window: number; count: number }>();
  /** Model platforms refusing calls, until when (kept across days: a back-off can cross midnight). */
  const pauses = new Map<string, { reason: string; untilMs: number }>();
  /** Refusals by UTC hour, kept as long as Redis keeps them (across days: the digest reads yesterday). */
  const refused = new Map<string, { units: number; addresses: Set<string>; untilMs: number }>();

  function noteRefusal(ipHash: string, units: number, nowMs: number): void {
    for (const [hour, entry] of refused) if (entry.untilMs <= nowMs) refused.delete(hour);
    const hour = refusalHour(nowMs);
    const entry = refused.get(hour) ?? { units: 0, addresses: new Set(), untilMs: refusalKeptUntil(nowMs) };
    entry.units += units;
    entry.addresses.add(ipHash);
    refused.set(hour, entry);
  }

  function rollTo(day: string): void {
    if (day === currentDay) return;
    currentDay = day;
    ipUnits.clear();
    reservations.clear();
    site = new Map();
  }
  const add = (field: string, by: number) => site.set(field, (site.get(field) ?? 0) + by);

  return {
    kind: "memory",

    async takeBurst({ ipHash, limit, windowMs, nowMs }) {
      const window = Math.floor(nowMs / windowMs);
      const entry = bursts.get(ipHash);
      const count = entry?.window === window ? entry.count + 1 : 1;
      bursts.set(ipHash, { window, count });
      if (bursts.size > 10_000) {
        for (const [key, value] of bursts) if (value.window < window) bursts.delete(key);
      }
      return count <= limit ? { ok: true } : { ok: false, resetAtMs: (window + 1) * windowMs };
    },

    async reserve({ day, ipHash, id, units, ipLimit, siteLimit, nowMs }) {
      rollTo(day);
      const ipUsed = ipUnits.get(ipHash) ?? 0;
      const siteUsed = site.get(SITE_FIELDS.units) ?? 0;
      // The same id again is a retried call: answer the grant again, as the Redis script does.
      if (reservations.has(id)) return { granted: true, ipUsed, siteUsed };
      const refusedBy = ipUsed + units > ipLimit ? "ip" : siteUsed + units > siteLimit ? "site" : null;
      if (refusedBy) {
        noteRefusal(ipHash, units, nowMs);
        return { granted: false, refusedBy, ipUsed, siteUsed };
      }
      ipUnits.set(ipHash, ipUsed + units);
      add(SITE_FIELDS.units, units);
      add(SITE_FIELDS.reservations, 1);
      reservations.set(id, { ipHash, units, recorded: false, released: false });
      return { granted: true, ipUsed: ipUsed + units, siteUsed: siteUsed + units };
    },

    async record({ reservation, usage, day }) {
      rollTo(day);
      // Today's map only: a reservation of an ended day is gone, and recording it leaves a marker
      // (released, no units) so that recording it again is a no-op, as in Redis.
      const stored = reservations.get(reservation.id);
      if (stored?.recorded) return false;
      if (stored) stored.recorded = true;
      else reservations.set(reservation.id, { ipHash: "", units: 0, recorded: true, released: true });
      const values = {
        runs: 1,
        input_tokens: usage.inputTokens,
        output_tokens: usage.outputTokens,
        cached_input_tokens: usage.cachedInputTokens,
        neurons: usage.neurons,
      } satisfies Record<(typeof MODEL_METRICS)[number], number>;
      for (const metric of MODEL_METRICS) {
        add(metric, values[metric]);
        add(modelField(usage.model, metric), values[metric]);
        if (usage.kind) add(kindField(usage.kind, metric), values[metric]);
      }
      add(SITE_FIELDS.estimatedRuns, usage.estimated ? 1 : 0);
      return true;
    },

    async release({ reservation, day }) {
      rollTo(day);
      const stored = reservation.day === day ? reservations.get(reservation.id) : undefined;
      if (!stored || stored.released || stored.ipHash !== reservation.ipHash) return false;
      stored.released = true;
      ipUnits.set(stored.ipHash, (ipUnits.get(stored.ipHash) ?? 0) - stored.units);
      add(SITE_FIELDS.units, -stored.units);
      add(SITE_FIELDS.releases, 1);
      return true;
    },

    async ipUnits({ day, ipHash }) {
      rollTo(day);
      return ipUnits.get(ipHash) ?? 0;
    },

    async siteTotals({ day }) {
      rollTo(day);
      return Object.fromEntries(site);
    },

    async refusals({ hours }) {
      const addresses = new Set<string>();
      let units = 0;
      for (const hour of hours) {
        const entry = refused.get(hour);
        if (!entry) continue;
        units += entry.units;
        for (const address of entry.addresses) addresses.add(address);
      }
      return { units, addresses: addresses.size };
    },

    async pauseModel({ platform, reason, untilMs, nowMs }) {
      const current = pauses.get(platform);
      if (untilMs <= nowMs || (current && current.untilMs >= untilMs && current.untilMs > nowMs)) return;
      pauses.set(platform, { reason, untilMs });
    },

    async modelPause({ platform, nowMs }) {
      const pause = pauses.get(platform);
      return pause && pause.untilMs > nowMs ? { ...pause } : null;
    },
  };
}
