import { beforeEach, describe, expect, it, vi } from "vitest";
import { sendContact } from "@/app/[locale]/contact/actions";
import { memoryMessages } from "@/lib/contact/store";

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

describe("sendContact", () => {
  beforeEach(() => {
    vi.unstubAllEnvs();
    vi.stubEnv("UPSTASH_REDIS_REST_URL", "");
  });

  it("keeps a valid message", async () => {
    const before = memoryMessages().length;
    expect(await sendContact({ status: "idle" }, form(valid))).toEqual({ status: "sent" });
    expect(memoryMessages()).toHaveLength(before + 1);
    expect(memoryMessages()[0]).toMatchObject({ name: "Marta Ríos", email: "marta@example.com", locale: "es" });
  });

  it("answers each bad field with its error key and keeps what was typed", async () => {
    const before = memoryMessages().length;
    const state = await sendContact(
      { status: "idle" },
      form({ name: " ", email: "marta@", message: "hola", locale: "en" }),
    );
    expect(state).toEqual({
      status: "invalid",
      errors: { name: "nameRequired", email: "emailInvalid", message: "messageTooShort" },
      values: { name: " ", email: "marta@", message: "hola" },
    });
    expect(memoryMessages()).toHaveLength(before);
  });

  it("refuses a message over 2,000 characters", async () => {
    const state = await sendContact({ status: "idle" }, form({ ...valid, message: "a".repeat(2001) }));
    expect(state).toMatchObject({ status: "invalid", errors: { message: "messageTooLong" } });
  });

  it("answers a filled honeypot as sent and keeps nothing", async () => {
    const before = memoryMessages().length;
    expect(await sendContact({ status: "idle" }, form({ ...valid, website: "http://spam.example" }))).toEqual({
      status: "sent",
    });
    expect(memoryMessages()).toHaveLength(before);
  });
});
