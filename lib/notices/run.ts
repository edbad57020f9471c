import "server-only";
import type { ContactStore } from "@/lib/contact/store";
import type { Locale } from "@/lib/i18n/config";
import type { LabRecordStore } from "@/lib/lab/records";
import { factsOf } from "@/lib/lab-view/facts";
import type { AlertKind, NoticeSettings } from "@/lib/notice-settings";
import { dayBefore, studioDay, studioDayWindow, studioHour } from "@/lib/platform/studio-clock";
import { utcDay } from "@/lib/platform/utc-day";
import type { Quota } from "@/lib/quota";
import { type Alert, type AlertReadings, alertsOf } from "./alerts";
import { composeAlert, composeDigest, type NoticeEmail } from "./compose";
import { collectDigest, isQuietDay } from "./digest-facts";
import type { NoticeOutcome, NoticeStore } from "./store";

/** How the studio is told: one email to its recipients. Throws when the send failed. */
export type NoticeSender = { send(email: NoticeEmail): Promise<void> };

export type NoticeDeps = {
  settings: NoticeSettings;
  store: NoticeStore;
  /** The Lab's records; null when none are kept (`LAB_RECORDS_DAYS=0`). */
  records: LabRecordStore | null;
  perDay: number;
  contact: ContactStore;
  quota: Pick<Quota, "refusals" | "today" | "modelPause">;
  /** The model platforms the Lab's uses answer on (their pauses are the Lab failing). */
  platforms: string[];
  /** Null when there is no way to send (no `send_email` binding): each notice is logged as not sent, once. */
  sender: NoticeSender | null;
  locale: Locale;
  origin: string | undefined;
  timeZone: string;
  now?: () => number;
  log?: (entry: Record<string, unknown>) => void;
};

export type NoticeOutcomeName = "sent" | "not_sent" | "failed" | "done" | "claimed" | "quiet" | "not_due";
export type NoticeRun = { digest: NoticeOutcomeName; alerts: { kind: AlertKind; outcome: NoticeOutcomeName }[] };

const NOTICE_TIMING = {
  /** How long a claim holds a notice: longer than any firing, so a slow send is never doubled. */
  leaseMs: 10 * 60_000,
  /** How long a sent notice is remembered: past the day it names, whatever the time zone. */
  keptSeconds: 3 * 86_400,
} as const;

const logLine = (entry: Record<string, unknown>) =>
  (entry.event as string).endsWith("failed")
    ? console.error(JSON.stringify(entry))
    : console.info(JSON.stringify(entry));

/**
 * One firing of the studio's notices (the Cron Trigger, or `next start`'s interval): the digest of
 * the studio's previous day once its hour has come (or of the day so far, with `LAB_DIGEST_DAY=current`),
 * then the alerts the Lab shows now. Whatever was sent already today is read first, in one
 * command, and nothing else is read for it. Off: nothing is read or computed.
 */
export async function runNotices(deps: NoticeDeps): Promise<NoticeRun> {
  if (!deps.settings.on) return { digest: "not_due", alerts: [] };
  const nowMs = (deps.now ?? Date.now)();
  const today = studioDay(nowMs, deps.timeZone);
  const hour = studioHour(nowMs, deps.timeZone);
  const digestDay = deps.settings.day === "current" ? today : hour >= deps.settings.hour ? dayBefore(today) : null;
  const digestName = digestDay ? `digest:${digestDay}` : null;
  const alertName = (kind: AlertKind) => `alert:${kind}:${today}`;
  const names = [...(digestName ? [digestName] : []), ...deps.settings.alerts.map(alertName)];
  const done = await deps.store.done(names);

  const digest =
    digestDay && digestName
      ? done.has(digestName)
        ? "done"
        : await sendDigest(deps, digestDay, digestName, nowMs)
      : "not_due";
  const pending = deps.settings.alerts.filter((kind) => !done.has(alertName(kind)));
  const alerts: NoticeRun["alerts"] = [];
  if (pending.length) {
    for (const alert of alertsOf(await readAlerts(deps, pending, nowMs, hour), pending)) {
      alerts.push({ kind: alert.kind, outcome: await sendAlert(deps, alert, alertName(alert.kind), nowMs) });
    }
  }
  return { digest, alerts };
}

/** Claims the notice, composes it, sends it (or logs it as not sent), and marks it; a failed send frees it. */
async function deliver(
  deps: NoticeDeps,
  name: string,
  day: string,
  compose: () => Promise<NoticeEmail | "quiet" | "skip">,
): Promise<NoticeOutcomeName> {
  const log = deps.log ?? logLine;
  const token = crypto.randomUUID();
  if (!(await deps.store.claim(name, token, NOTICE_TIMING.leaseMs))) return "claimed";
  let email: NoticeEmail | "quiet" | "skip";
  try {
    email = await compose();
  } catch (error) {
    await deps.store.release(name, token);
    throw error;
  }
  const at = () => new Date((deps.now ?? Date.now)()).toISOString();
  const finish = (state: NoticeOutcome["state"]) =>
    deps.store.finish(name, token, { state, at: at(), day }, NOTICE_TIMING.keptSeconds);
  if (email === "skip") {
    await deps.store.release(name, token);
    return "quiet";
  }
  if (email === "quiet") {
    await finish("quiet");
    return "quiet";
  }
  if (!deps.sender) {
    log({ event: "lab_notice_not_sent", notice: name, reason: "no_send_email_binding" });
    await finish("not_sent");
    return "not_sent";
  }
  try {
    await deps.sender.send(email);
  } catch (error) {
    // Never the email's content: which notice, and the error's name. The next firing tries again.
    log({ event: "lab_notice_send_failed", notice: name, message: (error as Error).name });
    await deps.store.release(name, token);
    return "failed";
  }
  await finish("sent");
  log({ event: "lab_notice_sent", notice: name });
  return "sent";
}

function sendDigest(deps: NoticeDeps, day: string, name: string, nowMs: number): Promise<NoticeOutcomeName> {
  const current = deps.settings.day === "current";
  return deliver(deps, name, day, async () => {
    if (!deps.records) return "quiet";
    const window = studioDayWindow(day, deps.timeZone);
    const facts = await collectDigest(
      { records: deps.records, perDay: deps.perDay, contact: deps.contact, quota: deps.quota },
      { day, ...window, to: current ? Math.min(window.to, nowMs + 1) : window.to },
    );
    // The day so far may still see uses: a quiet one is not marked, a later firing looks again.
    if (isQuietDay(facts) && !deps.settings.whenEmpty) return current ? "skip" : "quiet";
    return composeDigest(facts, { locale: deps.locale, origin: deps.origin, today: current });
  });
}

function sendAlert(deps: NoticeDeps, alert: Alert, name: string, nowMs: number): Promise<NoticeOutcomeName> {
  return deliver(deps, name, studioDay(nowMs, deps.timeZone), async () =>
    composeAlert(alert, { locale: deps.locale, origin: deps.origin, nowMs }),
  );
}

/** Reads what the pending alerts need, and only that. */
async function readAlerts(
  deps: NoticeDeps,
  kinds: readonly AlertKind[],
  nowMs: number,
  hour: number,
): Promise<AlertReadings> {
  const wants = (kind: AlertKind) => kinds.includes(kind);
  const [recentReasons, pausedUntil, today, refused, leads] = await Promise.all([
    wants("failing") && deps.records
      ? deps.records.list({ day: utcDay(nowMs), limit: 10 }).then((page) => page.records.map((r) => factsOf(r).reason))
      : undefined,
    wants("failing")
      ? Promise.all(deps.platforms.map((platform) => deps.quota.modelPause(platform))).then(
          (pauses) => pauses.find((pause) => pause !== null)?.until ?? null,
        )
      : undefined,
    wants("units") ? deps.quota.today() : undefined,
    wants("bot") ? deps.quota.refusals({ fromMs: nowMs - 3_600_000, toMs: nowMs + 1 }) : undefined,
    wants("leads") ? deps.contact.list(25) : undefined,
  ]);
  return {
    recentReasons,
    pausedUntil,
    units: today ? { used: today.units.used, limit: today.units.limit, resetAt: today.resetAt } : undefined,
    studioHour: hour,
    refused,
    leads,
  };
}
