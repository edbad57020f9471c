import type { StoredLead } from "@/lib/contact/lead";
import type { AlertKind } from "@/lib/notice-settings";

/**
 * When each alert fires. Small numbers on purpose: a small studio's Lab sees a few dozen uses a
 * day, and an alert is at most one email a kind a day.
 */
export const ALERT_THRESHOLDS = {
  /** The Lab failing: of the newest uses that ended (up to `recent`), at least `failedMin` and more than half ended in a model error. */
  recent: 10,
  failedMin: 3,
  /** The day's units spent before this hour of the studio's clock. */
  eveningHour: 18,
  /** A bot: units refused to at least this many addresses in the last hour or two. */
  botAddresses: 20,
  /** A contact message still unsent after this many tries (1 + 2 + 4 minutes apart). */
  leadAttempts: 3,
} as const;

export type Alert =
  | { kind: "failing"; failed: number; recent: number; pausedUntil: string | null }
  | { kind: "units"; used: number; limit: number; resetAt: string }
  | { kind: "bot"; units: number; addresses: number }
  | { kind: "leads"; unsent: number };

/** What the checks read; each is read only when its alert is on and not sent today. */
export type AlertReadings = {
  /** The verdicts of today's newest uses, newest first (`factsOf(...).reason`). */
  recentReasons?: string[];
  /** A model platform's pause, when one is on now (until, ISO). */
  pausedUntil?: string | null;
  units?: { used: number; limit: number; resetAt: string };
  studioHour?: number;
  refused?: { units: number; addresses: number };
  leads?: StoredLead[];
};

// Not an ending of the model: the visitor left, or the stream was cut before its end.
const NOT_ENDED = new Set(["client_abort", "cut"]);

/** The alerts `readings` show, among `kinds`. */
export function alertsOf(readings: AlertReadings, kinds: readonly AlertKind[]): Alert[] {
  const alerts: Alert[] = [];
  const t = ALERT_THRESHOLDS;
  if (kinds.includes("failing")) {
    const ended = (readings.recentReasons ?? []).filter((reason) => !NOT_ENDED.has(reason)).slice(0, t.recent);
    const failed = ended.filter((reason) => reason === "model_error").length;
    const pausedUntil = readings.pausedUntil ?? null;
    if (pausedUntil || (failed >= t.failedMin && failed * 2 > ended.length)) {
      alerts.push({ kind: "failing", failed, recent: ended.length, pausedUntil });
    }
  }
  const { units, studioHour } = readings;
  if (kinds.includes("units") && units && studioHour !== undefined) {
    if (units.used >= units.limit && studioHour < t.eveningHour) alerts.push({ kind: "units", ...units });
  }
  if (kinds.includes("bot") && readings.refused && readings.refused.addresses >= t.botAddresses) {
    alerts.push({ kind: "bot", ...readings.refused });
  }
  if (kinds.includes("leads")) {
    const unsent = (readings.leads ?? []).filter(
      ({ delivery }) => delivery.state === "unsent" && delivery.attempts >= t.leadAttempts,
    ).length;
    if (unsent > 0) alerts.push({ kind: "leads", unsent });
  }
  return alerts;
}
