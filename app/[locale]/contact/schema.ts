import { z } from "zod";
import { visibleText } from "@/lib/text/visible";

/**
 * The contact form, as the server validates it. Messages are dictionary keys
 * (`contact.errors.*`), so the form shows each error in the visitor's language. Texts are measured
 * as a reader sees them: a name of zero-width spaces is no name.
 */
export const contactSchema = z.object({
  name: z.string().transform(visibleText).pipe(z.string().min(1, "nameRequired").max(100, "nameTooLong")),
  email: z.string().trim().max(200, "emailInvalid").pipe(z.email("emailInvalid")),
  message: z.string().transform(visibleText).pipe(z.string().min(10, "messageTooShort").max(2000, "messageTooLong")),
  // The honeypot: people never see it, bots fill it in.
  website: z.string().max(0).optional().or(z.literal("")),
});

export type ContactField = "name" | "email" | "message";
export type ContactErrorKey = "nameRequired" | "nameTooLong" | "emailInvalid" | "messageTooShort" | "messageTooLong";

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
