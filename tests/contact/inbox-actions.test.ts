// Guards the inbox door's server actions as a browser meets them: the session cookie's flags
// (HttpOnly, so no script reads it; Secure off loopback; SameSite=Strict; the whole site; 12 h),
// and closing the inbox, which ends the session on the server: a copy of the cookie taken before
// no longer opens it, while another session does.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { inboxSessionOpen } from "@/lib/contact/inbox";
import { closeInbox, openInbox } from "@/lib/contact/inbox-actions";
import { type EndedSessions, INBOX_SESSION, memoryEndedSessions } from "@/lib/contact/inbox-auth";

type CookieOptions = { httpOnly?: boolean; secure?: boolean; sameSite?: string; path?: string; maxAge?: number };
const jar = new Map<string, { value: string; options?: CookieOptions }>();
const request = { headers: new Headers() };
vi.mock("next/headers", () => ({
  headers: async () => request.headers,
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)?.value } : undefined),
    set: (name: string, value: string, options: CookieOptions) => jar.set(name, { value, options }),
    delete: (name: string) => jar.delete(name),
  }),
}));

const SECRET = "inbox-actions-test-secret-0123";
let visitor = 0;
const key = (value: string) => {
  const form = new FormData();
  form.set("key", value);
  return form;
};

beforeEach(() => {
  vi.stubEnv("INBOX_SECRET", SECRET);
  vi.stubEnv("UPSTASH_REDIS_REST_URL", "");
  vi.stubEnv("UPSTASH_REDIS_REST_TOKEN", "");
  vi.stubEnv("TRUSTED_IP_HEADER", "x-real-ip");
  visitor += 1;
  request.headers = new Headers({ "x-real-ip": `198.51.100.${visitor}`, host: "studio.example" });
  jar.clear();
});

describe("openInbox", () => {
  it("sets a session cookie no script can read, sent only over https, to this site alone", async () => {
    expect(await openInbox({ status: "idle" }, key(SECRET))).toEqual({ status: "idle" });
    const cookie = jar.get(INBOX_SESSION.cookie);
    expect(cookie?.options).toEqual({
      httpOnly: true,
      secure: true,
      sameSite: "strict",
      path: "/",
      maxAge: INBOX_SESSION.maxAgeSeconds,
    });
    expect(await inboxSessionOpen(cookie?.value, SECRET)).toBe(true);
  });

  it("leaves Secure off only on a loopback host, where a local preview is plain http", async () => {
    request.headers = new Headers({ "x-real-ip": "198.51.100.250", host: "127.0.0.1:3000" });
    await openInbox({ status: "idle" }, key(SECRET));
    expect(jar.get(INBOX_SESSION.cookie)?.options?.secure).toBe(false);
    expect(jar.get(INBOX_SESSION.cookie)?.options?.httpOnly).toBe(true);
  });

  it("sets no cookie for a wrong key", async () => {
    expect(await openInbox({ status: "idle" }, key("not-the-key"))).toEqual({ status: "wrong" });
    expect(jar.has(INBOX_SESSION.cookie)).toBe(false);
  });

  it.each([
    ["a list", [SECRET]],
    ["an object", { key: SECRET }],
    ["nothing", undefined],
  ])("reads arguments a forged request sent as no form (%s) as no key: wrong, no cookie", async (_, argument) => {
    expect(await openInbox({ status: "idle" }, argument as unknown as FormData)).toEqual({ status: "wrong" });
    expect(jar.has(INBOX_SESSION.cookie)).toBe(false);
  });
});

describe("closeInbox", () => {
  it("ends the session on the server: a copied cookie no longer opens the inbox, another session still does", async () => {
    await openInbox({ status: "idle" }, key(SECRET));
    const copied = jar.get(INBOX_SESSION.cookie)?.value;
    jar.clear();
    await openInbox({ status: "idle" }, key(SECRET));
    const other = jar.get(INBOX_SESSION.cookie)?.value;
    jar.set(INBOX_SESSION.cookie, { value: copied ?? "" });
    await closeInbox();
    expect(jar.has(INBOX_SESSION.cookie)).toBe(false);
    expect(await inboxSessionOpen(copied, SECRET)).toBe(false);
    expect(await inboxSessionOpen(other, SECRET)).toBe(true);
  });

  it("is done ending the session when it returns, even with a store that takes its time", async () => {
    // The store of ended sessions (memory here) made slow, as Upstash over the network is.
    const holder = globalThis as Record<symbol, EndedSessions | undefined>;
    const slot = Symbol.for("lab-agent.inbox.ended-sessions");
    const previous = holder[slot];
    const ended = memoryEndedSessions();
    holder[slot] = {
      end: (id, expiresAtSeconds) =>
        new Promise<void>((resolve) => setTimeout(() => resolve(ended.end(id, expiresAtSeconds)), 30)),
      ended: (id) => ended.ended(id),
    };
    try {
      await openInbox({ status: "idle" }, key(SECRET));
      const copied = jar.get(INBOX_SESSION.cookie)?.value;
      await closeInbox();
      expect(await inboxSessionOpen(copied, SECRET)).toBe(false);
    } finally {
      holder[slot] = previous;
    }
  });

  it("and rotating the key still ends every session", async () => {
    await openInbox({ status: "idle" }, key(SECRET));
    const token = jar.get(INBOX_SESSION.cookie)?.value;
    expect(await inboxSessionOpen(token, SECRET)).toBe(true);
    expect(await inboxSessionOpen(token, `${SECRET}-rotated`)).toBe(false);
  });
});
