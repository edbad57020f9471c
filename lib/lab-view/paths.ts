import type { Locale } from "@/lib/i18n/config";

// The studio's pages: under the inbox, linked from nowhere else (no navigation, sitemap or API).

export const studioPaths = {
  inbox: (locale: Locale) => `/${locale}/inbox`,
  /** A message's card in the inbox. */
  lead: (locale: Locale, leadId: string) => `/${locale}/inbox#${leadAnchor(leadId)}`,
  uses: (locale: Locale, day?: string) => `/${locale}/inbox/lab${day ? `?day=${day}` : ""}`,
  run: (locale: Locale, id: string) => `/${locale}/inbox/lab/${id}`,
  gaps: (locale: Locale, day?: string) => `/${locale}/inbox/lab/gaps${day ? `?day=${day}` : ""}`,
};

/** The id of a message's card: a lead id is the server's own (a UUID or a hash), made safe anyway. */
export function leadAnchor(leadId: string): string {
  return `lead-${leadId.replace(/[^A-Za-z0-9_-]/g, "")}`;
}
