import { describe, expect, it } from "vitest";
import { announceContact } from "@/lib/contact/settings";
import { readContactSettings } from "@/lib/contact/settings-read";
import type { EmailBinding } from "@/lib/contact/transports";

// What the first contact message of a process logs about how leads travel: the only place a
// deployment hears that its leads are stored and never sent.
function said(
  env: Record<string, string>,
  { production = true, binding = undefined as EmailBinding | undefined } = {},
) {
  const lines: string[] = [];
  announceContact(readContactSettings(env), { production, binding }, (level, line) => lines.push(`${level} ${line}`));
  return lines;
}

const SECRET = "an-inbox-key-of-enough-length";
const binding: EmailBinding = { send: async () => undefined };

describe("announceContact", () => {
  it("warns a production site that stores leads without sending them, and whose inbox is shut", () => {
    expect(said({})).toEqual([
      expect.stringMatching(/^warn \[contact\] no CONTACT_EMAIL send_email binding and no CONTACT_WEBHOOK_URL/),
      expect.stringMatching(/^warn \[contact\] INBOX_SECRET is not set/),
    ]);
  });

  it("says nothing when the binding or a webhook sends them and the inbox has its key", () => {
    expect(said({ INBOX_SECRET: SECRET }, { binding })).toEqual([]);
    const webhook = { CONTACT_WEBHOOK_URL: "https://hooks.example/leads", CONTACT_WEBHOOK_SECRET: SECRET };
    expect(said({ ...webhook, INBOX_SECRET: SECRET })).toEqual([]);
  });

  it("names a setting that is set but unusable, in development too", () => {
    expect(said({ CONTACT_WEBHOOK_URL: "https://hooks.example/leads" }, { production: false })).toEqual([
      expect.stringMatching(/^warn \[contact\] CONTACT_WEBHOOK_URL needs CONTACT_WEBHOOK_SECRET/),
    ]);
  });
});
