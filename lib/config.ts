import "server-only";
import { getCloudflareContext } from "@opennextjs/cloudflare";
import { type ContactSettings, readContactSettings } from "@/lib/contact/settings-read";
import { type NoticeSettings, readNoticeSettings } from "@/lib/notice-settings";
import { type Platform, platformFrom } from "@/lib/platform";
import { onWorkers } from "@/lib/platform/client-ip";
import { ConfigError, QuotaConfigError } from "@/lib/platform/errors";
import { type QuotaSettings, readQuotaSettings } from "@/lib/quota/settings";
import { builtForProduction } from "@/lib/server-mode";
import { parsePublicOrigin } from "@/lib/site/public-origin";

/**
 * The one reader of the environment. Strings come from `process.env` (OpenNext copies a Worker's
 * vars and secrets there, and `next dev` / `next start` load `.env.local`); bindings, which are
 * objects and never reach `process.env`, from `getCloudflareContext()`. Everything else receives
 * the typed settings below. `.env.example` documents every variable read here.
 */

export type EnvVars = Readonly<Record<string, string | undefined>>;

/** Which models are configured; the model table (`lib/ai/model-table.ts`) picks one per use. */
export type ModelSettings = {
  /** `AGENT_MODEL`: the Workers AI model of the agent and the reviewer (and of the chat without Claude). */
  workersAIModel?: string;
  workersAIRest?: { accountId: string; apiToken: string };
  openAICompatible?: { baseURL: string; model?: string; apiKey?: string };
  anthropic?: { apiKey: string; model?: string };
  /** Set only on a pull-request preview's upload (see `lib/ai/preview-guard.ts`). */
  previewAlias?: string;
};

export type Config = {
  production: boolean;
  /** `SITE_URL`'s origin (no path, no trailing slash): the site's public origin, when the deployment names it. */
  siteUrl: string | undefined;
  models: ModelSettings;
  /**
   * A bad quota setting is kept as its error rather than thrown here: the Lab refuses to spend
   * (503, with a log line that names the setting) while the site's pages still render.
   */
  quota: QuotaSettings | QuotaConfigError;
  /** Where contact messages go (email binding's addresses, webhook) and the inbox's key. */
  contact: ContactSettings;
  /** `LAB_RECORDS_DAYS`: how many days each Lab use's record is kept for the studio (0: none kept). */
  records: { retentionDays: number };
  /**
   * The studio's daily digest and alerts by email (`LAB_DIGEST*`). A bad setting is kept as its
   * error, as the quota's is: the schedule logs it and sends nothing, the site's pages still render.
   */
  notices: NoticeSettings | ConfigError;
};

export { ConfigError };

// Every variable the site reads at run time, snapshotted once per `config()` call.
const VARIABLES = [
  "SITE_URL",
  "AGENT_MODEL",
  "CLOUDFLARE_ACCOUNT_ID",
  "CLOUDFLARE_API_TOKEN",
  "OPENAI_COMPATIBLE_BASE_URL",
  "OPENAI_COMPATIBLE_MODEL",
  "OPENAI_COMPATIBLE_API_KEY",
  "ANTHROPIC_API_KEY",
  "ANTHROPIC_MODEL",
  "PREVIEW_ALIAS",
  "NODE_ENV",
  "QUOTA_STORE",
  "QUOTA_SALT",
  "QUOTA_KEY_PREFIX",
  "QUOTA_DAILY_UNITS_PER_IP",
  "QUOTA_DAILY_UNITS_SITE",
  "QUOTA_BURST_PER_MINUTE",
  "UPSTASH_REDIS_REST_URL",
  "UPSTASH_REDIS_REST_TOKEN",
  "TRUSTED_IP_HEADER",
  "CONTACT_EMAIL_TO",
  "CONTACT_EMAIL_FROM",
  "CONTACT_WEBHOOK_URL",
  "CONTACT_WEBHOOK_SECRET",
  "INBOX_SECRET",
  "LAB_RECORDS_DAYS",
  "LAB_DIGEST",
  "LAB_DIGEST_HOUR",
  "LAB_DIGEST_TO",
  "LAB_DIGEST_ALERTS",
  "LAB_DIGEST_EMPTY",
  "LAB_DIGEST_DAY",
] as const;

/** Records are kept 30 days unless `LAB_RECORDS_DAYS` says otherwise; at most a year. */
export const DEFAULT_RECORD_DAYS = 30;
const MAX_RECORD_DAYS = 365;

// Workers AI model ids: `@cf/<author>/<model>` (or `@hf/…`); the id is part of the REST URL's path.
const WORKERS_AI_MODEL = /^@(?:cf|hf)\/[\w.-]+\/[\w.:-]+$/;

/**
 * The settings of an environment, validated. Empty values count as unset (`.env.example` lists
 * every variable empty). Throws `ConfigError` on a present but unusable value.
 */
export function readConfig(env: EnvVars, runtime: { production?: boolean; workers?: boolean } = {}): Config {
  const get = (name: (typeof VARIABLES)[number]) => env[name]?.trim() || undefined;
  const production = runtime.production ?? (builtForProduction() || get("NODE_ENV") === "production");

  const siteUrl = parsePublicOrigin(get("SITE_URL"));
  if (siteUrl === null) {
    throw new ConfigError(
      `SITE_URL must be the site's http(s) origin, e.g. https://tallernorte.example, got "${get("SITE_URL")}"`,
    );
  }
  const workersAIModel = get("AGENT_MODEL");
  if (workersAIModel !== undefined && !WORKERS_AI_MODEL.test(workersAIModel)) {
    throw new ConfigError(
      `AGENT_MODEL must be a Workers AI model id such as @cf/google/gemma-4-26b-a4b-it, got "${workersAIModel}"`,
    );
  }
  const baseURL = get("OPENAI_COMPATIBLE_BASE_URL");
  if (baseURL !== undefined && !httpUrl(baseURL)) {
    throw new ConfigError(
      `OPENAI_COMPATIBLE_BASE_URL must be an http(s) URL, e.g. http://localhost:11434/v1, got "${baseURL}"`,
    );
  }

  const accountId = get("CLOUDFLARE_ACCOUNT_ID");
  const apiToken = get("CLOUDFLARE_API_TOKEN");
  const anthropicKey = get("ANTHROPIC_API_KEY");
  // The account id alone is a deploy setting (CI), not a model: REST needs the token too.
  const models: ModelSettings = {
    workersAIModel,
    workersAIRest: accountId && apiToken ? { accountId, apiToken } : undefined,
    openAICompatible: baseURL
      ? { baseURL, model: get("OPENAI_COMPATIBLE_MODEL"), apiKey: get("OPENAI_COMPATIBLE_API_KEY") }
      : undefined,
    anthropic: anthropicKey ? { apiKey: anthropicKey, model: get("ANTHROPIC_MODEL") } : undefined,
    previewAlias: get("PREVIEW_ALIAS"),
  };

  let quota: Config["quota"];
  try {
    quota = readQuotaSettings(env, production, { workers: runtime.workers ?? onWorkers() });
  } catch (error) {
    if (!(error instanceof QuotaConfigError)) throw error;
    quota = error;
  }
  const days = get("LAB_RECORDS_DAYS");
  if (days !== undefined && (!/^\d+$/.test(days) || Number(days) > MAX_RECORD_DAYS)) {
    throw new ConfigError(
      `LAB_RECORDS_DAYS must be a whole number of days from 0 (keep nothing) to ${MAX_RECORD_DAYS}, got "${days}"`,
    );
  }
  const records = { retentionDays: days === undefined ? DEFAULT_RECORD_DAYS : Number(days) };
  const contact = readContactSettings(env);
  let notices: Config["notices"];
  try {
    notices = readNoticeSettings(env, contact.to);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    notices = error;
  }
  return { production, siteUrl, models, quota, contact, records, notices };
}

let last: { key: string; config: Config } | undefined;

/**
 * This process's settings. The variables are read on every call (tests and `next dev` change
 * them) but parsed only when they changed, so a request pays for a snapshot of a few strings.
 */
export function config(): Config {
  const values = VARIABLES.map((name) => process.env[name] ?? "");
  const key = JSON.stringify([values, builtForProduction(), onWorkers()]);
  if (last?.key !== key) {
    last = { key, config: readConfig(Object.fromEntries(VARIABLES.map((name, i) => [name, values[i]]))) };
  }
  return last.config;
}

/**
 * This deployment's platform: its database and its visitor (`lib/platform`). Throws
 * `QuotaConfigError` on a missing or invalid platform setting, `ConfigError` on any other.
 */
export function platform(): Platform {
  return platformFrom(quotaSettings());
}

/** The quota's settings (the platform's among them), or the `QuotaConfigError` a bad one raised, thrown. */
export function quotaSettings(): QuotaSettings {
  const settings = config().quota;
  if (settings instanceof QuotaConfigError) throw settings;
  return settings;
}

/**
 * A binding of the Worker's environment (`AI`; `CONTACT_EMAIL`, the send_email binding for
 * leads), when there is a Cloudflare context.
 */
export function workerBinding<T>(name: "AI" | "CONTACT_EMAIL"): T | undefined {
  try {
    return (getCloudflareContext().env as Record<string, unknown>)[name] as T | undefined;
  } catch {
    // `next start`, `next build` and tests run outside a Cloudflare context.
    return undefined;
  }
}

/**
 * Where a task that must outlive the response goes: on Workers, the request's `waitUntil`, taken
 * now while the request's context is current, so the isolate isn't stopped before the task ends;
 * elsewhere (`next start`, tests) the process keeps running it anyway.
 */
export function backgroundTasks(): (task: Promise<unknown>) => void {
  try {
    const { ctx } = getCloudflareContext();
    return (task) => ctx.waitUntil(task);
  } catch {
    return () => {};
  }
}

function httpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}
