"use server";

import { headers } from "next/headers";
import { labQuota, logQuotaFailure } from "@/lib/api/lab-units";
import { sendContactMessage } from "@/lib/contact/send";
import { DEFAULT_LOCALE, isLocale } from "@/lib/i18n/config";
import { QuotaConfigError } from "@/lib/quota";
import { type ContactErrorKey, type ContactField, type ContactState, contactSchema } from "./schema";

export async function sendContact(_previous: ContactState, form: FormData): Promise<ContactState> {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const raw = { name: field("name"), email: field("email"), message: field("message"), website: field("website") };
  const locale = field("locale");
  const parsed = contactSchema.safeParse(raw);
  if (!parsed.success) {
    // A filled honeypot is a bot: answer as if it worked and keep nothing.
    if (parsed.error.issues.some((issue) => issue.path[0] === "website")) return { status: "sent" };
    const errors: Partial<Record<ContactField, ContactErrorKey>> = {};
    for (const issue of parsed.error.issues) {
      const name = issue.path[0] as ContactField;
      errors[name] ??= issue.message as ContactErrorKey;
    }
    // What was typed comes back to the form, cut to what the fields accept.
    const values = {
      name: raw.name.slice(0, 200),
      email: raw.email.slice(0, 300),
      message: raw.message.slice(0, 4000),
    };
    return { status: "invalid", errors, values };
  }
  try {
    // A server action has no Request: the visitor's headers come from next/headers.
    const outcome = await sendContactMessage(
      {
        name: parsed.data.name,
        email: parsed.data.email,
        message: parsed.data.message,
        locale: isLocale(locale) ? locale : DEFAULT_LOCALE,
        receivedAt: new Date().toISOString(),
      },
      await headers(),
      labQuota(),
    );
    return { status: outcome === "saved" ? "sent" : "limited" };
  } catch (error) {
    if (error instanceof QuotaConfigError) logQuotaFailure(error);
    else console.error(JSON.stringify({ event: "contact_failed", message: (error as Error).message }));
    return { status: "failed" };
  }
}
