// The studio's digest and alerts' settings, beside the configuration that reads them (lib/config.ts): lib/notices reads
// the configuration, so its settings live outside it, and the folders import in one direction.
import { ConfigError } from "@/lib/platform/errors";

export type NoticesEnv = Readonly<Record<string, string | undefined>>;

/** The alerts the studio can have: the Lab failing, the day's units gone early, a bot, unsent leads. */
export const ALERT_KINDS = ["failing", "units", "bot", "leads"] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export type NoticeSettings = {
  /** `LAB_DIGEST` off: no digest and no alert, nothing computed. */
  on: boolean;
  /** `LAB_DIGEST_HOUR`: from this hour of the studio's clock the previous day's digest goes out. */
  hour: number;
  /** `LAB_DIGEST_TO`: who gets the digest and the alerts (default: where leads go). */
  to: string[];
  /** `LAB_DIGEST_ALERTS`: which alerts are on. */
  alerts: AlertKind[];
  /** `LAB_DIGEST_EMPTY`: a digest even on a day with no use. */
  whenEmpty: boolean;
  /**
   * `LAB_DIGEST_DAY`: "previous" (the studio's previous day, from `hour` on) or "current" (the day
   * so far, at the first firing, whatever the hour: a local preview and the e2e Worker).
   */
  day: "previous" | "current";
};

const DEFAULT_DIGEST_HOUR = 8;
const EMAIL = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/;

/**
 * The digest's and the alerts' settings from the environment (`lib/config.ts` passes its
 * variables); `leadsTo` is where leads go, the default recipient. Throws `ConfigError` on a value
 * that is set but unusable.
 */
export function readNoticeSettings(env: NoticesEnv, leadsTo: string): NoticeSettings {
  const get = (name: string) => env[name]?.trim() || undefined;
  const switchOf = (name: string, fallback: boolean) => {
    const value = get(name)?.toLowerCase();
    if (value === undefined) return fallback;
    if (value === "on" || value === "1" || value === "true") return true;
    if (value === "off" || value === "0" || value === "false") return false;
    throw new ConfigError(`${name} must be "on" or "off", got "${get(name)}"`);
  };
  const on = switchOf("LAB_DIGEST", true);
  const hourText = get("LAB_DIGEST_HOUR");
  if (hourText !== undefined && (!/^\d{1,2}$/.test(hourText) || Number(hourText) > 23)) {
    throw new ConfigError(`LAB_DIGEST_HOUR must be an hour from 0 to 23 of the studio's clock, got "${hourText}"`);
  }
  const to = (get("LAB_DIGEST_TO") ?? leadsTo)
    .split(",")
    .map((address) => address.trim())
    .filter(Boolean);
  const wrong = to.filter((address) => !EMAIL.test(address));
  if (to.length === 0 || wrong.length) {
    throw new ConfigError(`LAB_DIGEST_TO must be email addresses separated by commas, got "${get("LAB_DIGEST_TO")}"`);
  }
  const alertsText = get("LAB_DIGEST_ALERTS")?.toLowerCase();
  const alerts =
    alertsText === undefined || alertsText === "all"
      ? [...ALERT_KINDS]
      : alertsText === "none"
        ? []
        : alertsText.split(",").map((kind) => kind.trim());
  const unknown = alerts.filter((kind) => !ALERT_KINDS.includes(kind as AlertKind));
  if (unknown.length) {
    throw new ConfigError(
      `LAB_DIGEST_ALERTS must be "all", "none" or some of ${ALERT_KINDS.join(", ")} separated by commas, got "${alertsText}"`,
    );
  }
  const day = get("LAB_DIGEST_DAY") ?? "previous";
  if (day !== "previous" && day !== "current") {
    throw new ConfigError(`LAB_DIGEST_DAY must be "previous" or "current", got "${day}"`);
  }
  return {
    on,
    hour: hourText === undefined ? DEFAULT_DIGEST_HOUR : Number(hourText),
    to,
    alerts: alerts as AlertKind[],
    whenEmpty: switchOf("LAB_DIGEST_EMPTY", false),
    day,
  };
}
