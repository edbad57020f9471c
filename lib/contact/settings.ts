import "server-only";
import { workerBinding } from "@/lib/config";
import { DEFAULT_LOCALE } from "@/lib/i18n/config";
import { absoluteUrl } from "@/lib/site/public-origin";
import type { ContactSettings } from "./settings-read";
import { type EmailBinding, emailTransport, type LeadTransport, webhookTransport } from "./transports";

export { type ContactSettings, readContactSettings } from "./settings-read";

/** The Worker's `send_email` binding for leads (`wrangler.toml`, `[env.production]` and `[env.local]`). */
const EMAIL_BINDING = "CONTACT_EMAIL";

/** The `send_email` binding, on Workers or in `next dev` (wrangler's platform proxy). */
export function emailBinding(): EmailBinding | undefined {
  return workerBinding<EmailBinding>(EMAIL_BINDING);
}

/** The inbox on the site's public origin (`publicOrigin`), the path alone when none is known. */
export function inboxUrl(origin: string | undefined): string {
  return absoluteUrl(`/${DEFAULT_LOCALE}/inbox`, origin);
}

/**
 * The binding when there is one, else the webhook when it is set, else none: leads are only
 * stored. `origin` is where the email's inbox link points.
 */
export function leadTransport(
  settings: ContactSettings,
  { origin, binding = emailBinding() }: { origin: string | undefined; binding?: EmailBinding },
): LeadTransport | null {
  if (binding) return emailTransport(binding, { from: settings.from, to: settings.to, inboxUrl: inboxUrl(origin) });
  if (settings.webhook) return webhookTransport(settings.webhook);
  return null;
}

let announced = false;

/**
 * Says how leads reach the studio, or that they don't: with neither the binding nor a webhook,
 * production stores every message and the studio reads them only in its inbox. Said with the
 * first message a process takes (`announceContactOnce`), inside a request, where a Worker's
 * bindings can be read.
 */
export function announceContact(
  settings: ContactSettings,
  { production, binding }: { production: boolean; binding: EmailBinding | undefined },
  log: (level: "info" | "warn", line: string) => void = (level, line) => console[level](line),
): void {
  announced = true;
  for (const problem of settings.problems) log("warn", `[contact] ${problem}`);
  if (!leadTransport(settings, { origin: undefined, binding }) && production) {
    log(
      "warn",
      `[contact] no ${EMAIL_BINDING} send_email binding and no CONTACT_WEBHOOK_URL: messages are stored, not sent; the studio reads them in its inbox (docs/deploy.md).`,
    );
  }
  if (!settings.inboxSecret && production)
    log("warn", "[contact] INBOX_SECRET is not set: the studio's inbox stays shut.");
}

/** `announceContact`, unless this isolate said it already. */
export function announceContactOnce(settings: ContactSettings, production: boolean): void {
  if (!announced) announceContact(settings, { production, binding: emailBinding() });
}
