"use server";

import { saveContactMessage } from "@/lib/contact/store";
import { isLocale } from "@/lib/i18n/config";
import { type ContactErrorKey, type ContactField, type ContactState, contactSchema } from "./schema";

export async function sendContact(_previous: ContactState, form: FormData): Promise<ContactState> {
  const raw = {
    name: String(form.get("name") ?? ""),
    email: String(form.get("email") ?? ""),
    message: String(form.get("message") ?? ""),
    website: String(form.get("website") ?? ""),
  };
  const locale = String(form.get("locale") ?? "");
  const parsed = contactSchema.safeParse(raw);
  if (!parsed.success) {
    // A filled honeypot is a bot: answer as if it worked and keep nothing.
    if (parsed.error.issues.some((issue) => issue.path[0] === "website")) return { status: "sent" };
    const errors: Partial<Record<ContactField, ContactErrorKey>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as ContactField;
      errors[field] ??= issue.message as ContactErrorKey;
    }
    return { status: "invalid", errors, values: { name: raw.name, email: raw.email, message: raw.message } };
  }
  try {
    await saveContactMessage({
      name: parsed.data.name,
      email: parsed.data.email,
      message: parsed.data.message,
      locale: isLocale(locale) ? locale : "es",
      receivedAt: new Date().toISOString(),
    });
    return { status: "sent" };
  } catch (error) {
    console.error("contact: could not save a message", error);
    return { status: "failed" };
  }
}
