import { z } from "zod";

/**
 * The contact form, as the server validates it. Messages are dictionary keys
 * (`contact.errors.*`), so the form shows each error in the visitor's language.
 */
export const contactSchema = z.object({
  name: z.string().trim().min(1, "nameRequired").max(100, "nameTooLong"),
  email: z.string().trim().max(200, "emailInvalid").pipe(z.email("emailInvalid")),
  message: z.string().trim().min(10, "messageTooShort").max(2000, "messageTooLong"),
  // The honeypot: people never see it, bots fill it in.
  website: z.string().max(0).optional().or(z.literal("")),
});

export type ContactField = "name" | "email" | "message";
export type ContactErrorKey = "nameRequired" | "nameTooLong" | "emailInvalid" | "messageTooShort" | "messageTooLong";

export type ContactState =
  | { status: "idle" }
  | { status: "sent" }
  | { status: "failed" }
  | {
      status: "invalid";
      errors: Partial<Record<ContactField, ContactErrorKey>>;
      values: Record<ContactField, string>;
    };
