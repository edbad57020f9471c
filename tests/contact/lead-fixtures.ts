// Leads and senders for the contact tests, one place for their shape.
import type { Lead } from "@/lib/contact/lead";
import type { ContactSender } from "@/lib/contact/store";
import { DEFAULT_LOCALE } from "@/lib/i18n/config";

export const DAY = new Date().toISOString().slice(0, 10);
// Today's end: Redis deletes a key whose EXPIREAT is already past.
const END_OF_DAY = (Math.floor(Date.now() / 86_400_000) + 1) * 86_400_000;

export function lead(n: number, overrides: Partial<Lead> = {}): Lead {
  return {
    id: `lead-${n}-${crypto.randomUUID()}`,
    name: `Visitor ${n}`,
    email: "v@example.com",
    phone: "",
    message: "Quiero una tienda en línea.",
    summary: "",
    locale: DEFAULT_LOCALE,
    receivedAt: new Date().toISOString(),
    context: null,
    estimate: null,
    ...overrides,
  };
}

export const sender = (ipHash: string): ContactSender => ({ ipHash, day: DAY, expireAtMs: END_OF_DAY });
