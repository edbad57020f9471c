import "server-only";
import { getCloudflareContext } from "@opennextjs/cloudflare";
import { DEFAULT_LOCALE } from "@/lib/i18n/config";
import { siteUrl } from "@/lib/site/metadata";
import { studioAddress } from "./compose";
import { type EmailBinding, emailTransport, type LeadTransport, webhookTransport } from "./transports";

/** The Worker's `send_email` binding for leads (`wrangler.toml`, `[env.production]` and `[env.local]`). */
export const EMAIL_BINDING = "CONTACT_EMAIL";
const MIN_SECRET_LENGTH = 16;

export type ContactEnv = Readonly<Record<string, string | undefined>>;
export type ContactSettings = {
  /** The studio's verified address: `CONTACT_EMAIL_TO`, else `content/studio.yaml`'s email. */
  to: string;
  /** An address on the studio's domain (Email Routing sends only from it): `CONTACT_EMAIL_FROM`, else `to`. */
  from: string;
  webhook: { url: string; secret: string } | null;
  /** What the inbox's key must match; null leaves the inbox shut. */
  inboxSecret: string | null;
  /** Settings that were set but can't be used, said once at start. */
  problems: string[];
};

export function readContactSettings(env: ContactEnv): ContactSettings {
  const get = (name: string) => env[name]?.trim() || undefined;
  const problems: string[] = [];
  const to = get("CONTACT_EMAIL_TO") ?? studioAddress();
  const from = get("CONTACT_EMAIL_FROM") ?? to;
  const url = get("CONTACT_WEBHOOK_URL");
  const secret = get("CONTACT_WEBHOOK_SECRET");
  let webhook: ContactSettings["webhook"] = null;
  if (url) {
    if (!/^https:\/\/\S+$/.test(url) && !/^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?\//.test(url)) {
      problems.push("CONTACT_WEBHOOK_URL must be an https URL");
    } else if (!secret || secret.length < MIN_SECRET_LENGTH) {
      problems.push(`CONTACT_WEBHOOK_URL needs CONTACT_WEBHOOK_SECRET (at least ${MIN_SECRET_LENGTH} characters)`);
    } else webhook = { url, secret };
  }
  const inbox = get("INBOX_SECRET");
  if (inbox !== undefined && inbox.length < MIN_SECRET_LENGTH) {
    problems.push(`INBOX_SECRET must have at least ${MIN_SECRET_LENGTH} characters: the inbox stays shut`);
  }
  return { to, from, webhook, inboxSecret: inbox && inbox.length >= MIN_SECRET_LENGTH ? inbox : null, problems };
}

/** The Worker's env, on Workers or in `next dev` (wrangler's platform proxy); null outside one. */
export function cloudflareEnv(): Record<string, unknown> | null {
  try {
    return getCloudflareContext().env as Record<string, unknown>;
  } catch {
    // `next start` and tests run outside a Cloudflare context.
    return null;
  }
}

/** The `send_email` binding, when there is one. */
export function emailBinding(): EmailBinding | undefined {
  return cloudflareEnv()?.[EMAIL_BINDING] as EmailBinding | undefined;
}

export function inboxUrl(): string {
  return `${siteUrl()}/${DEFAULT_LOCALE}/inbox`;
}

/** The binding when there is one, else the webhook when it is set, else none: leads are only stored. */
export function leadTransport(settings: ContactSettings, binding = emailBinding()): LeadTransport | null {
  if (binding) return emailTransport(binding, { from: settings.from, to: settings.to, inboxUrl: inboxUrl() });
  if (settings.webhook) return webhookTransport(settings.webhook);
  return null;
}

let announced = false;

/**
 * Says at server start how leads reach the studio, or that they don't: with neither the binding
 * nor a webhook, production stores every message and the studio reads them only in its inbox.
 * Where the start can't see the bindings (a Worker's start runs outside a request), the first
 * message says it instead (`announceContactOnce`).
 */
export function announceContact(
  env: ContactEnv,
  { production, binding }: { production: boolean; binding: EmailBinding | undefined },
  log: (level: "info" | "warn", line: string) => void = (level, line) => console[level](line),
): void {
  announced = true;
  const settings = readContactSettings(env);
  for (const problem of settings.problems) log("warn", `[contact] ${problem}`);
  const transport = leadTransport(settings, binding);
  if (!transport && production) {
    log(
      "warn",
      `[contact] no ${EMAIL_BINDING} send_email binding and no CONTACT_WEBHOOK_URL: messages are stored, not sent; the studio reads them in its inbox (docs/deploy.md).`,
    );
  }
  if (!settings.inboxSecret && production)
    log("warn", "[contact] INBOX_SECRET is not set: the studio's inbox stays shut.");
}

/** `announceContact`, unless this isolate said it already. */
export function announceContactOnce(env: ContactEnv, production: boolean): void {
  if (!announced) announceContact(env, { production, binding: emailBinding() });
}
