// @studio demo
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sendContact } from "@/lib/contact/actions";
import { sharedMemoryContactStore } from "@/lib/contact/store";
import type { EmailBinding } from "@/lib/contact/transports";
import { formatMoneyRange } from "@/lib/i18n/format";
import { estimateQuote } from "@/lib/quote/estimate";
import { locale } from "@/tests/support/studio";

const es = locale("es");
const en = locale("en");

// Guards the contact form's server action end to end, with the Worker's send_email binding played
// by a recorder: a valid message is kept, then emailed once with the visitor as Reply-To; bad and
// hostile fields get their error and cost nothing; a visitor sends a few messages a day; the same
// form posted twice is one message and one email; a send that throws leaves the message unsent
// and the next submission's retry sends it once; the Lab's context is checked and its range
// recomputed from the ids; a production site with no Upstash refuses with a clear error.

const requestHeaders = { current: new Headers() };
vi.mock("next/headers", () => ({ headers: async () => requestHeaders.current }));
const pendingAfter: (() => unknown)[] = [];
vi.mock("next/server", () => ({ after: (task: () => unknown) => pendingAfter.push(task) }));

type Sent = Parameters<EmailBinding["send"]>[0];
const binding = { sent: [] as Sent[], fail: 0, present: true };
vi.mock("@opennextjs/cloudflare", () => ({
  getCloudflareContext: () => ({
    env: binding.present
      ? {
          CONTACT_EMAIL: {
            send: async (message: Sent) => {
              if (binding.fail > 0) {
                binding.fail -= 1;
                throw new Error("send_email: upstream unavailable");
              }
              binding.sent.push(message);
              return { messageId: `<${binding.sent.length}@test>` };
            },
          },
        }
      : {},
  }),
}));

async function runAfter() {
  while (pendingAfter.length) await pendingAfter.shift()?.();
}

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

let visitors = 0;
const from = (ip: string, extra: Record<string, string> = {}) => {
  requestHeaders.current = new Headers({ "x-real-ip": ip, ...extra });
};
const valid = (name: string, extra: Record<string, string> = {}) => ({
  name,
  email: "marta@example.com",
  message: "Quiero un sitio para mi panadería.",
  locale: es,
  ...extra,
});
const kept = (name: string) =>
  sharedMemoryContactStore()
    .leads()
    .filter((lead) => lead.name === name);
const delivery = async (name: string) =>
  (await sharedMemoryContactStore().list(500)).find((row) => row.lead.name === name)?.delivery;
const emailsTo = (name: string) => binding.sent.filter((email) => email.replyTo.name === name);

describe("sendContact", () => {
  beforeEach(() => {
    vi.stubEnv("UPSTASH_REDIS_REST_URL", "");
    vi.stubEnv("UPSTASH_REDIS_REST_TOKEN", "");
    vi.stubEnv("TRUSTED_IP_HEADER", "x-real-ip");
    vi.stubEnv("CONTACT_WEBHOOK_URL", "");
    visitors += 1;
    from(`192.0.2.${visitors}`);
    binding.fail = 0;
    binding.present = true;
    pendingAfter.length = 0;
  });
  afterEach(() => vi.unstubAllEnvs());

  it("keeps a valid message, then emails it to the studio with the visitor as Reply-To", async () => {
    expect(await sendContact({ status: "idle" }, form(valid("Marta Ríos")))).toEqual({ status: "sent" });
    expect(kept("Marta Ríos")).toHaveLength(1);
    expect(kept("Marta Ríos")[0]).toMatchObject({ email: "marta@example.com", locale: es, context: null });
    const [email] = emailsTo("Marta Ríos");
    expect(email).toMatchObject({
      to: "hola@tallernorte.example",
      from: "hola@tallernorte.example",
      replyTo: { email: "marta@example.com", name: "Marta Ríos" },
      subject: "Nuevo mensaje de Marta Ríos",
    });
    expect(email?.text).toContain("Quiero un sitio para mi panadería.");
    expect(await delivery("Marta Ríos")).toMatchObject({ state: "sent" });
  });

  it("links the email to the inbox on SITE_URL, else on the host the form was posted to, never another's", async () => {
    vi.stubEnv("SITE_URL", "");
    from("192.0.2.201", { host: "127.0.0.1:9200" });
    await sendContact({ status: "idle" }, form(valid("Origin Local")));
    expect(emailsTo("Origin Local")[0]?.text).toMatch(/: http:\/\/127\.0\.0\.1:9200\/[a-z]+\/inbox\n/);

    from("192.0.2.202", { host: "studio.example", "x-forwarded-proto": "https" });
    await sendContact({ status: "idle" }, form(valid("Origin Proxied")));
    expect(emailsTo("Origin Proxied")[0]?.text).toMatch(/: https:\/\/studio\.example\/[a-z]+\/inbox\n/);

    // A Host that is no host writes no link to it.
    from("192.0.2.203", { host: "evil.example/phish?x=" });
    await sendContact({ status: "idle" }, form(valid("Origin Hostile")));
    expect(emailsTo("Origin Hostile")[0]?.text).not.toContain("evil.example");

    vi.stubEnv("SITE_URL", "https://studio.example/");
    from("192.0.2.204", { host: "other.example" });
    await sendContact({ status: "idle" }, form(valid("Origin Configured")));
    expect(emailsTo("Origin Configured")[0]?.text).toMatch(/: https:\/\/studio\.example\/[a-z]+\/inbox\n/);
    expect(emailsTo("Origin Configured")[0]?.text).not.toContain("other.example");
  });

  it("answers each bad field with its error key, keeps what was typed, stores and sends nothing", async () => {
    const sentBefore = binding.sent.length;
    const state = await sendContact(
      { status: "idle" },
      form({ name: " ", email: "marta@", phone: "call me", message: "hola", locale: en }),
    );
    expect(state).toEqual({
      status: "invalid",
      errors: { name: "nameRequired", email: "emailInvalid", phone: "phoneInvalid", message: "messageTooShort" },
      values: { name: " ", email: "marta@", phone: "call me", message: "hola", summary: "" },
    });
    expect(binding.sent.length).toBe(sentBefore);
  });

  it.each([
    ["a list", ["Marta", "marta@example.com"]],
    ["an object", { name: "Marta" }],
    ["nothing", undefined],
  ])(
    "reads arguments a forged request sent as no form (%s) as an empty form: invalid, nothing kept or sent",
    async (_, argument) => {
      const sentBefore = binding.sent.length;
      const state = await sendContact({ status: "idle" }, argument as unknown as FormData);
      expect(state).toMatchObject({ status: "invalid", errors: { name: "nameRequired" } });
      expect(binding.sent.length).toBe(sentBefore);
    },
  );

  it("refuses hostile fields: CR/LF in the email, 10,000 characters, invisible names; nothing kept", async () => {
    const sentBefore = binding.sent.length;
    const injected = await sendContact(
      { status: "idle" },
      form(valid("Hostile 1", { email: "marta@example.com\r\nBcc: all@example.com" })),
    );
    expect(injected).toMatchObject({ status: "invalid", errors: { email: "emailInvalid" } });
    const long = await sendContact(
      { status: "idle" },
      form(valid("Hostile 2", { message: "a".repeat(10_000), summary: "b".repeat(10_000) })),
    );
    expect(long).toMatchObject({
      status: "invalid",
      errors: { message: "messageTooLong", summary: "summaryTooLong" },
    });
    if (long.status === "invalid") expect(long.values.message.length).toBeLessThanOrEqual(4000);
    const hugeName = await sendContact({ status: "idle" }, form(valid("x".repeat(10_000))));
    expect(hugeName).toMatchObject({ status: "invalid", errors: { name: "nameTooLong" } });
    const hidden = await sendContact(
      { status: "idle" },
      form(valid("\u200B\u2060\u3164", { message: "\u200B".repeat(40) })),
    );
    expect(hidden).toMatchObject({ status: "invalid", errors: { name: "nameRequired", message: "messageTooShort" } });
    expect(kept("Hostile 1")).toHaveLength(0);
    expect(kept("Hostile 2")).toHaveLength(0);
    expect(binding.sent.length).toBe(sentBefore);
  });

  it("puts a name with CR/LF on one line: no header can be written through the subject or Reply-To", async () => {
    const name = "Eve\r\nBcc: all@example.com\nX-Evil: 1";
    expect(await sendContact({ status: "idle" }, form(valid(name)))).toEqual({ status: "sent" });
    // Kept on one line too: the inbox and a later retry read the stored name.
    expect(kept("Eve Bcc: all@example.com X-Evil: 1")).toHaveLength(1);
    const email = binding.sent.at(-1);
    expect(email?.subject).toBe("Nuevo mensaje de Eve Bcc: all@example.com X-Evil: 1");
    expect(email?.replyTo.name).toBe("Eve Bcc: all@example.com X-Evil: 1");
    for (const header of [email?.subject, email?.replyTo.name, email?.replyTo.email, email?.to, email?.from]) {
      expect(header).not.toMatch(/[\r\n\u2028\u2029]/);
    }
  });

  it("escapes HTML in the message: the HTML part shows it as text", async () => {
    const message = '<img src=x onerror="alert(1)"> & <a href="https://evil.example">click</a>';
    await sendContact({ status: "idle" }, form(valid("Html Sender", { message })));
    const [email] = emailsTo("Html Sender");
    expect(email?.html).not.toContain("<img");
    expect(email?.html).not.toContain('<a href="https://evil');
    expect(email?.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &lt;a href=");
    expect(email?.text).toContain(message);
  });

  it("answers a filled honeypot as sent, and keeps and sends nothing", async () => {
    const sentBefore = binding.sent.length;
    expect(await sendContact({ status: "idle" }, form(valid("Bot", { website: "http://spam.example" })))).toEqual({
      status: "sent",
    });
    expect(kept("Bot")).toHaveLength(0);
    expect(binding.sent.length).toBe(sentBefore);
  });

  it("takes 3 messages a day from a visitor, whatever CF-Connecting-IP says, and then says so", async () => {
    for (let n = 0; n < 3; n++) {
      from("198.51.100.60", { "cf-connecting-ip": `203.0.113.${n}` });
      expect(await sendContact({ status: "idle" }, form(valid("Daily")))).toEqual({ status: "sent" });
    }
    from("198.51.100.60", { "cf-connecting-ip": "203.0.113.99" });
    expect(await sendContact({ status: "idle" }, form(valid("Daily")))).toEqual({ status: "limited" });
    expect(kept("Daily")).toHaveLength(3);
    expect(emailsTo("Daily")).toHaveLength(3);
    from("198.51.100.61");
    expect(await sendContact({ status: "idle" }, form(valid("Daily")))).toEqual({ status: "sent" });
  });

  it("keeps and sends the same form posted twice once (a retried request)", async () => {
    const submission = crypto.randomUUID();
    const fields = valid("Twice", { submission });
    const replies = [
      await sendContact({ status: "idle" }, form(fields)),
      await sendContact({ status: "idle" }, form(fields)),
      ...(await Promise.all([
        sendContact({ status: "idle" }, form(fields)),
        sendContact({ status: "idle" }, form(fields)),
      ])),
    ];
    expect(replies).toEqual(Array(4).fill({ status: "sent" }));
    await runAfter();
    expect(kept("Twice")).toHaveLength(1);
    expect(emailsTo("Twice")).toHaveLength(1);
    // A retried request is not a new message for the day's count either.
    expect(await sendContact({ status: "idle" }, form(valid("Twice", { submission: crypto.randomUUID() })))).toEqual({
      status: "sent",
    });
  });

  it("tries a failed message once however often its form is posted again: the replays wait for its next try", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      binding.fail = 1000;
      const fields = valid("Replayed", { submission: crypto.randomUUID() });
      for (let n = 0; n < 11; n++) await sendContact({ status: "idle" }, form(fields));
      expect(kept("Replayed")).toHaveLength(1);
      expect(1000 - binding.fail).toBe(1);
      expect(await delivery("Replayed")).toMatchObject({ state: "unsent", attempts: 1 });
    } finally {
      binding.fail = 0;
      errors.mockRestore();
    }
  });

  it("scopes the form's one-time key to its visitor: another visitor posting the same key is a new message", async () => {
    const submission = crypto.randomUUID();
    expect(await sendContact({ status: "idle" }, form(valid("Shared key A", { submission })))).toEqual({
      status: "sent",
    });
    from("192.0.2.251");
    expect(await sendContact({ status: "idle" }, form(valid("Shared key B", { submission })))).toEqual({
      status: "sent",
    });
    await runAfter();
    expect(kept("Shared key A")).toHaveLength(1);
    expect(kept("Shared key B")).toHaveLength(1);
    expect(emailsTo("Shared key B")).toHaveLength(1);
  });

  it("keeps a message whose send throws, unsent; a later submission's retry sends it once", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      binding.fail = 1;
      expect(await sendContact({ status: "idle" }, form(valid("Flaky")))).toEqual({ status: "sent" });
      expect(kept("Flaky")).toHaveLength(1);
      expect(emailsTo("Flaky")).toHaveLength(0);
      expect(await delivery("Flaky")).toEqual({ state: "unsent", attempts: 1, lastError: "email_error:Error" });
      const logged = errors.mock.calls.flat().join("\n");
      expect(logged).toContain("contact_send_failed");
      // Never the visitor's fields in the log.
      expect(logged).not.toMatch(/Flaky|marta@example\.com|panadería/);
    } finally {
      errors.mockRestore();
    }
    // Its next try is a minute later: the retry after the next message finds it due then.
    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ["Date"] });
    try {
      from("192.0.2.250");
      await sendContact({ status: "idle" }, form(valid("Next visitor")));
      await runAfter();
      await runAfter();
    } finally {
      vi.useRealTimers();
    }
    expect(emailsTo("Flaky")).toHaveLength(1);
    expect(await delivery("Flaky")).toMatchObject({ state: "sent", attempts: 1 });
  });

  it("keeps the message when there is no way to send it: unsent, for the inbox", async () => {
    binding.present = false;
    expect(await sendContact({ status: "idle" }, form(valid("Nowhere")))).toEqual({ status: "sent" });
    expect(kept("Nowhere")).toHaveLength(1);
    expect(await delivery("Nowhere")).toEqual({ state: "unsent", attempts: 0 });
  });

  it("carries the calculator's ids and recomputes the range from them; amounts in the form count for nothing", async () => {
    const fields = valid("Quoted", {
      from: "quote",
      service: "website-with-blog",
      extras: "photo-session,online-payments",
      summary: "Servicio: Sitio web con blog. Precio: $ 1",
      price: "1",
    });
    expect(await sendContact({ status: "idle" }, form(fields))).toEqual({ status: "sent" });
    const expected = estimateQuote({ serviceId: "website-with-blog", extraIds: ["online-payments", "photo-session"] });
    const [stored] = kept("Quoted");
    expect(stored?.context).toEqual({
      source: "quote",
      serviceId: "website-with-blog",
      extraIds: expected.extraIds,
    });
    expect(stored?.estimate).toEqual({
      serviceId: expected.serviceId,
      extraIds: expected.extraIds,
      currency: expected.currency,
      price: expected.price,
      weeks: expected.weeks,
    });
    const [email] = emailsTo("Quoted");
    expect(email?.subject).toBe("Nuevo mensaje de Quoted: Sitio web con blog");
    expect(email?.text).toContain(
      `Rango de referencia (calculado por el sitio): ${formatMoneyRange(expected.price, es)}`,
    );
  });

  it("carries the agent's goal, and refuses an unknown id: nothing kept, nothing sent", async () => {
    await sendContact(
      { status: "idle" },
      form(valid("From the agent", { from: "agent", goal: "Una tienda para mi panadería" })),
    );
    expect(kept("From the agent")[0]?.context).toEqual({
      source: "agent",
      goal: "Una tienda para mi panadería",
      extraIds: [],
    });
    expect(emailsTo("From the agent")[0]?.text).toContain("Objetivo: Una tienda para mi panadería");
    const edited: Record<string, string>[] = [
      { from: "quote", service: "spaceship" },
      { from: "quote", service: "landing-page", extras: "seo-setup" },
      { from: "quote", extras: "blog" },
      { from: "elsewhere", service: "landing-page" },
    ];
    for (const context of edited) {
      const state = await sendContact({ status: "idle" }, form(valid("Edited link", context)));
      expect(state, JSON.stringify(context)).toMatchObject({
        status: "invalid",
        errors: { summary: "contextInvalid" },
      });
    }
    expect(kept("Edited link")).toHaveLength(0);
    expect(emailsTo("Edited link")).toHaveLength(0);
  });

  it("refuses in production without Upstash: a clear error for the visitor and the log, nothing kept or sent", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("QUOTA_SALT", "a-real-secret-of-32-characters!!");
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect(await sendContact({ status: "idle" }, form(valid("Prod")))).toEqual({ status: "failed" });
      expect(errors.mock.calls.flat().join("\n")).toMatch(/quota_config_error.*UPSTASH_REDIS_REST_URL/);
    } finally {
      errors.mockRestore();
    }
    expect(kept("Prod")).toHaveLength(0);
    expect(emailsTo("Prod")).toHaveLength(0);
  });
});
