import { afterEach, describe, expect, it, vi } from "vitest";
import { clientIpFrom, onWorkers } from "@/lib/platform/client-ip";
import { QuotaConfigError } from "@/lib/platform/errors";
import { readPlatformSettings } from "@/lib/platform/settings";

// Guards who the platform (the quota, the contact form, the inbox) thinks the visitor is. On Workers only Cloudflare's CF-Connecting-IP
// counts; anywhere else only the header the operator named, since a client can send any header;
// in production off Workers with none named, the Lab refuses to spend (fail closed).

const SALT = "a-real-secret-of-32-characters!!";
const UPSTASH = { UPSTASH_REDIS_REST_URL: "https://eu1-example.upstash.io", UPSTASH_REDIS_REST_TOKEN: "tok" };

const headers = (values: Record<string, string>) => new Headers(values);
const spoofed = { "cf-connecting-ip": "198.51.100.9", "x-real-ip": "203.0.113.5", "x-forwarded-for": "192.0.2.1" };

function sourceFor(env: Record<string, string>, runtime: { workers: boolean; production: boolean }) {
  return readPlatformSettings({ QUOTA_SALT: SALT, ...env }, runtime.production, { workers: runtime.workers }).clientIp;
}

afterEach(() => vi.unstubAllGlobals());

describe("which runtime this is", () => {
  it("is not Workers under Node", () => {
    expect(onWorkers()).toBe(false);
  });

  it("is Workers where navigator.userAgent is workerd's", () => {
    vi.stubGlobal("navigator", { userAgent: "Cloudflare-Workers" });
    expect(onWorkers()).toBe(true);
    // And workerd's rule follows without being told.
    expect(readPlatformSettings({ QUOTA_SALT: SALT, ...UPSTASH }, true).clientIp).toEqual({ kind: "cloudflare" });
  });
});

describe("the client IP on Workers", () => {
  const source = sourceFor({ ...UPSTASH, TRUSTED_IP_HEADER: "x-real-ip" }, { workers: true, production: true });

  it("is CF-Connecting-IP, whatever TRUSTED_IP_HEADER says", () => {
    expect(clientIpFrom(headers(spoofed), source)).toBe("198.51.100.9");
  });

  it("is the shared unknown visitor when CF-Connecting-IP is missing or not an IP", () => {
    expect(clientIpFrom(headers({ "x-real-ip": "203.0.113.5" }), source)).toBe("unknown");
    expect(clientIpFrom(headers({ "cf-connecting-ip": "evil" }), source)).toBe("unknown");
  });
});

describe("the client IP off Workers", () => {
  it("ignores CF-Connecting-IP and reads only the named header", () => {
    const source = sourceFor({ ...UPSTASH, TRUSTED_IP_HEADER: "X-Real-IP" }, { workers: false, production: true });
    expect(clientIpFrom(headers(spoofed), source)).toBe("203.0.113.5");
    expect(clientIpFrom(headers({ "cf-connecting-ip": "198.51.100.9" }), source)).toBe("unknown");
  });

  it("reads x-forwarded-for from its right end: the entry your own proxy appended", () => {
    const source = sourceFor(
      { ...UPSTASH, TRUSTED_IP_HEADER: "x-forwarded-for" },
      { workers: false, production: true },
    );
    const forwarded = (value: string) => clientIpFrom(headers({ "x-forwarded-for": value }), source);
    expect(forwarded("1.1.1.1, 2.2.2.2, 203.0.113.77")).toBe("203.0.113.77");
    expect(forwarded("203.0.113.77")).toBe("203.0.113.77");
    expect(forwarded(" 2001:db8::1 ")).toBe("2001:db8::1");
    expect(forwarded("203.0.113.77, not-an-ip")).toBe("unknown");
    expect(forwarded("")).toBe("unknown");
  });

  it.each(["10.0.0.1, 10.0.0.2", "999.1.1.1", "local", "::gg", "1.2.3"])(
    "takes %j in a single-address header for no address",
    (value) => {
      const source = sourceFor({ TRUSTED_IP_HEADER: "x-real-ip" }, { workers: false, production: false });
      expect(clientIpFrom(headers({ "x-real-ip": value }), source)).toBe("unknown");
    },
  );

  it("fails closed in production with no trusted header, naming the setting", () => {
    expect(() => sourceFor(UPSTASH, { workers: false, production: true })).toThrow(QuotaConfigError);
    expect(() => sourceFor(UPSTASH, { workers: false, production: true })).toThrow(/TRUSTED_IP_HEADER/);
  });

  it("refuses a TRUSTED_IP_HEADER that is no header name", () => {
    expect(() => sourceFor({ TRUSTED_IP_HEADER: "x-real-ip: 1.2.3.4" }, { workers: false, production: false })).toThrow(
      /TRUSTED_IP_HEADER/,
    );
  });

  it("counts one local visitor in development and with QUOTA_STORE=memory", () => {
    for (const source of [
      sourceFor({}, { workers: false, production: false }),
      sourceFor({ QUOTA_STORE: "memory" }, { workers: false, production: true }),
    ]) {
      expect(clientIpFrom(headers(spoofed), source)).toBe("local");
      expect(clientIpFrom(headers({}), source)).toBe("local");
    }
  });
});
