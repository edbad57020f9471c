import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sendContact } from "@/app/[locale]/contact/actions";
import { sharedMemoryContactStore } from "@/lib/contact/store";

// Guards the contact form's server action: a valid message is kept, each bad field gets its error,
// a visitor (the quota's trusted IP) sends a few messages a day and no more, spoofed headers don't
// buy more, and a production site with no Upstash refuses with a clear error instead of keeping
// messages in one isolate's memory.

const requestHeaders = { current: new Headers() };
vi.mock("next/headers", () => ({ headers: async () => requestHeaders.current }));

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

const valid = {
  name: "Marta Ríos",
  email: "marta@example.com",
  message: "Quiero un sitio para mi panadería.",
  locale: "es",
};
const kept = () => sharedMemoryContactStore().messages();
let visitors = 0;
const from = (ip: string, extra: Record<string, string> = {}) => {
  requestHeaders.current = new Headers({ "x-real-ip": ip, ...extra });
};

describe("sendContact", () => {
  beforeEach(() => {
    vi.stubEnv("UPSTASH_REDIS_REST_URL", "");
    vi.stubEnv("UPSTASH_REDIS_REST_TOKEN", "");
    vi.stubEnv("TRUSTED_IP_HEADER", "x-real-ip");
    visitors += 1;
    from(`192.0.2.${visitors}`);
  });
  afterEach(() => vi.unstubAllEnvs());

  it("keeps a valid message", async () => {
    const before = kept().length;
    expect(await sendContact({ status: "idle" }, form(valid))).toEqual({ status: "sent" });
    expect(kept()).toHaveLength(before + 1);
    expect(kept()[0]).toMatchObject({ name: "Marta Ríos", email: "marta@example.com", locale: "es" });
  });

  it("answers each bad field with its error key and keeps what was typed", async () => {
    const before = kept().length;
    const state = await sendContact(
      { status: "idle" },
      form({ name: " ", email: "marta@", message: "hola", locale: "en" }),
    );
    expect(state).toEqual({
      status: "invalid",
      errors: { name: "nameRequired", email: "emailInvalid", message: "messageTooShort" },
      values: { name: " ", email: "marta@", message: "hola" },
    });
    expect(kept()).toHaveLength(before);
  });

  it("refuses a message over 2,000 characters and a name or message of invisible characters", async () => {
    const long = await sendContact({ status: "idle" }, form({ ...valid, message: "a".repeat(2001) }));
    expect(long).toMatchObject({ status: "invalid", errors: { message: "messageTooLong" } });
    const hidden = await sendContact(
      { status: "idle" },
      form({ ...valid, name: "\u200B\u2060\u3164", message: "\u200B".repeat(40) }),
    );
    expect(hidden).toMatchObject({ status: "invalid", errors: { name: "nameRequired", message: "messageTooShort" } });
  });

  it("answers a filled honeypot as sent and keeps nothing", async () => {
    const before = kept().length;
    expect(await sendContact({ status: "idle" }, form({ ...valid, website: "http://spam.example" }))).toEqual({
      status: "sent",
    });
    expect(kept()).toHaveLength(before);
  });

  it("takes 3 messages a day from a visitor, whatever CF-Connecting-IP says, and then says so", async () => {
    const before = kept().length;
    for (let n = 0; n < 3; n++) {
      from("198.51.100.60", { "cf-connecting-ip": `203.0.113.${n}` });
      expect(await sendContact({ status: "idle" }, form(valid))).toEqual({ status: "sent" });
    }
    from("198.51.100.60", { "cf-connecting-ip": "203.0.113.99" });
    expect(await sendContact({ status: "idle" }, form(valid))).toEqual({ status: "limited" });
    expect(kept()).toHaveLength(before + 3);
    from("198.51.100.61");
    expect(await sendContact({ status: "idle" }, form(valid))).toEqual({ status: "sent" });
  });

  it("refuses in production without Upstash: a clear error for the visitor and the log, nothing kept", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("QUOTA_SALT", "a-real-secret-of-32-characters!!");
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const before = kept().length;
    try {
      expect(await sendContact({ status: "idle" }, form(valid))).toEqual({ status: "failed" });
      expect(errors.mock.calls.flat().join("\n")).toMatch(/quota_config_error.*UPSTASH_REDIS_REST_URL/);
    } finally {
      errors.mockRestore();
    }
    expect(kept()).toHaveLength(before);
  });
});
