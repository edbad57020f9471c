// Guards the contact form's hints in every language of the studio: the limits in the studio's
// locale's number format (the same limits the server checks) and the phone example from the
// studio's settings, with no placeholder left for the visitor to read.
import { describe, expect, it } from "vitest";
import { SETTINGS } from "@/content/generated/settings";
import { contactCopy } from "@/lib/contact/copy";
import { CONTACT_LIMITS, contactSchema } from "@/lib/contact/schema";
import { LOCALES } from "@/lib/i18n/config";
import { formatCount } from "@/lib/i18n/format";

describe.each(LOCALES)("the contact form's hints in %s", (locale) => {
  const copy = contactCopy(locale);
  const filled = [copy.messageHint, copy.errors.messageTooLong, copy.errors.summaryTooLong, copy.errors.phoneInvalid];

  it("leave no placeholder", () => {
    for (const text of filled) expect(text).not.toMatch(/\{\w+\}/);
  });

  it("write the limits as the locale writes numbers", () => {
    expect(copy.messageHint).toContain(formatCount(CONTACT_LIMITS.message.min, locale));
    expect(copy.messageHint).toContain(formatCount(CONTACT_LIMITS.message.max, locale));
    expect(copy.errors.messageTooLong).toContain(formatCount(CONTACT_LIMITS.message.max, locale));
    expect(copy.errors.summaryTooLong).toContain(formatCount(CONTACT_LIMITS.summary.max, locale));
  });

  it("give as the phone example a number the form itself accepts, from the studio's settings", () => {
    expect(copy.errors.phoneInvalid).toContain(SETTINGS.phoneExample);
    const base = { name: "A", email: "a@example.com", message: "x".repeat(CONTACT_LIMITS.message.min), summary: "" };
    expect(contactSchema.safeParse({ ...base, phone: SETTINGS.phoneExample }).success).toBe(true);
  });
});

describe("the limits the hints state", () => {
  it("are the ones the server checks", () => {
    const base = { name: "A", email: "a@example.com", phone: "", summary: "" };
    const { min, max } = CONTACT_LIMITS.message;
    expect(contactSchema.safeParse({ ...base, message: "x".repeat(max) }).success).toBe(true);
    expect(contactSchema.safeParse({ ...base, message: "x".repeat(max + 1) }).success).toBe(false);
    expect(contactSchema.safeParse({ ...base, message: "x".repeat(min - 1) }).success).toBe(false);
    const summary = "x".repeat(CONTACT_LIMITS.summary.max + 1);
    expect(contactSchema.safeParse({ ...base, message: "x".repeat(min), summary }).success).toBe(false);
  });
});
