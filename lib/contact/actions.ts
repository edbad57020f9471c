"use server";

import { headers } from "next/headers";
import { after } from "next/server";
import { config, platform } from "@/lib/config";
import { DEFAULT_LOCALE, isLocale } from "@/lib/i18n/config";
import { isPlatformFailure, logPlatformFailure } from "@/lib/platform";
import { QuotaUnavailableError } from "@/lib/platform/errors";
import { publicOrigin } from "@/lib/site/metadata";
import { retryDue } from "./deliver";
import { LeadContextError, parseLeadContext } from "./lead-context";
import { type ContactErrorKey, type ContactField, type ContactState, contactSchema } from "./schema";
import { submitLead } from "./send";
import { announceContactOnce, leadTransport } from "./settings";
import { contactStoreFor } from "./store";

const FIELDS: ContactField[] = ["name", "email", "phone", "message", "summary"];
const KEEP: Record<ContactField, number> = { name: 200, email: 300, phone: 60, message: 4000, summary: 2000 };

export async function sendContact(_previous: ContactState, posted: FormData): Promise<ContactState> {
  // An action's arguments are what the request says they are: anything but a form reads as an empty one.
  const form = posted instanceof FormData ? posted : new FormData();
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const raw = {
    name: field("name"),
    email: field("email"),
    phone: field("phone"),
    message: field("message"),
    summary: field("summary"),
    website: field("website"),
  };
  const locale = field("locale");
  // What was typed comes back to the form, cut to what the fields accept.
  const values = Object.fromEntries(FIELDS.map((name) => [name, raw[name].slice(0, KEEP[name])])) as Record<
    ContactField,
    string
  >;
  const parsed = contactSchema.safeParse(raw);
  if (!parsed.success) {
    // A filled honeypot is a bot: answer as if it worked and keep nothing.
    if (parsed.error.issues.some((issue) => issue.path[0] === "website")) return { status: "sent" };
    const errors: Partial<Record<ContactField, ContactErrorKey>> = {};
    for (const issue of parsed.error.issues) {
      const name = issue.path[0] as ContactField;
      errors[name] ??= issue.message as ContactErrorKey;
    }
    return { status: "invalid", errors, values };
  }
  let carried: ReturnType<typeof parseLeadContext>;
  try {
    carried = parseLeadContext({
      from: field("from"),
      service: field("service"),
      extras: field("extras"),
      goal: field("goal"),
      run: field("run"),
    });
  } catch (error) {
    if (!(error instanceof LeadContextError)) throw error;
    return { status: "invalid", errors: { summary: "contextInvalid" }, values };
  }
  try {
    const shared = platform();
    const settings = config();
    announceContactOnce(settings.contact, settings.production);
    // A server action has no Request: the visitor's headers come from next/headers.
    const visitor = await headers();
    const transport = leadTransport(settings.contact, { origin: publicOrigin(visitor) });
    const outcome = await submitLead(
      {
        name: parsed.data.name,
        email: parsed.data.email,
        phone: parsed.data.phone,
        message: parsed.data.message,
        summary: parsed.data.summary,
        locale: isLocale(locale) ? locale : DEFAULT_LOCALE,
        receivedAt: new Date().toISOString(),
        context: carried?.context ?? null,
        estimate: carried?.estimate ?? null,
      },
      field("submission"),
      visitor,
      shared,
      { transport },
    );
    // Messages a failed send left behind go out after this response, a few at a time.
    after(() => retryDue({ store: contactStoreFor(shared), transport }));
    return { status: outcome === "saved" ? "sent" : "limited" };
  } catch (error) {
    if (isPlatformFailure(error) && !(error instanceof QuotaUnavailableError)) logPlatformFailure(error);
    else console.error(JSON.stringify({ event: "contact_failed", message: (error as Error).name }));
    return { status: "failed" };
  }
}
