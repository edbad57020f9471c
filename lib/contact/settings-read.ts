import { SITE } from "@/lib/content/site";

export type ContactEnv = Readonly<Record<string, string | undefined>>;
export type ContactSettings = {
  /** The studio's verified address: `CONTACT_EMAIL_TO`, else `content/studio.yaml`'s email. */
  to: string;
  /** An address on the studio's domain (Email Routing sends only from it): `CONTACT_EMAIL_FROM`, else `to`. */
  from: string;
  webhook: { url: string; secret: string } | null;
  /** What the inbox's key must match; null leaves the inbox shut. */
  inboxSecret: string | null;
  /** Settings that were set but can't be used, said with the first message (`announceContactOnce`). */
  problems: string[];
};

const MIN_SECRET_LENGTH = 16;

/**
 * The contact settings of an environment (`lib/config.ts` passes its variables). An unusable
 * webhook or inbox setting is not an error that stops the site: it is left off and said at start.
 */
export function readContactSettings(env: ContactEnv): ContactSettings {
  const get = (name: string) => env[name]?.trim() || undefined;
  const problems: string[] = [];
  const to = get("CONTACT_EMAIL_TO") ?? SITE.studio.email;
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
