import { z } from "zod";
import { visibleText } from "@/lib/text/visible";

/**
 * A name goes into the email's subject and Reply-To: every run of white space (CR, LF, tab, U+2028
 * and U+2029 among them) becomes one space, after `visibleText` removed every other control
 * character, so no header can be written through it.
 */
export function oneLine(text: string): string {
  return visibleText(text).replace(/\s+/g, " ");
}

/** How long a message and a summary may be, in characters as a reader counts them (the hints say so). */
export const CONTACT_LIMITS = { message: { min: 10, max: 2000 }, summary: { max: 1000 } } as const;

/**
 * The contact form, as the server validates it. Messages are dictionary keys
 * (`contact.errors.*`), so the form shows each error in the visitor's language. Texts are measured
 * as a reader sees them: a name of zero-width spaces is no name.
 */
export const contactSchema = z.object({
  name: z.string().transform(oneLine).pipe(z.string().min(1, "nameRequired").max(100, "nameTooLong")),
  // zod's email refuses CR, LF, spaces and quotes, so the address can't carry a header either.
  email: z.string().trim().max(200, "emailInvalid").pipe(z.email("emailInvalid")),
  // Optional: a number the studio can answer on WhatsApp.
  phone: z
    .string()
    .trim()
    .max(30, "phoneInvalid")
    .refine((phone) => phone === "" || /^\+?[\d ().-]{7,25}$/.test(phone), "phoneInvalid")
    .refine((phone) => phone === "" || phone.replace(/\D/g, "").length >= 7, "phoneInvalid"),
  message: z
    .string()
    .transform(visibleText)
    .pipe(
      z.string().min(CONTACT_LIMITS.message.min, "messageTooShort").max(CONTACT_LIMITS.message.max, "messageTooLong"),
    ),
  // The Lab's summary, prefilled from the link and editable: the visitor's words, kept as text.
  summary: z.string().transform(visibleText).pipe(z.string().max(CONTACT_LIMITS.summary.max, "summaryTooLong")),
  // The honeypot: people never see it, bots fill it in.
  website: z.string().max(0).optional().or(z.literal("")),
});

export type ContactField = "name" | "email" | "phone" | "message" | "summary";
export type ContactErrorKey =
  | "nameRequired"
  | "nameTooLong"
  | "emailInvalid"
  | "phoneInvalid"
  | "messageTooShort"
  | "messageTooLong"
  | "summaryTooLong"
  | "contextInvalid";

export type ContactState =
  | { status: "idle" }
  | { status: "sent" }
  | { status: "failed" }
  /** This visitor sent today's few messages already. */
  | { status: "limited" }
  | {
      status: "invalid";
      errors: Partial<Record<ContactField, ContactErrorKey>>;
      values: Record<ContactField, string>;
    };
