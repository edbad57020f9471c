import { describe, expect, it } from "vitest";
import { isCrossOriginAction, missingSecurityHeaders } from "@/lib/site/response-guard";
import { securityHeaders } from "@/lib/site/security-headers";

const headersOf = (values: Record<string, string>) => (name: string) => values[name.toLowerCase()] ?? null;
const action = { "next-action": "abc", host: "site.example" };

describe("a cross-origin server action", () => {
  it.each([
    ["an action id from another origin", { ...action, origin: "https://elsewhere.example" }],
    [
      "a form post from another origin",
      { host: "site.example", "content-type": "multipart/form-data; boundary=x", origin: "https://elsewhere.example" },
    ],
    [
      "an encoded form from another origin",
      { host: "site.example", "content-type": "Application/X-WWW-Form-Urlencoded", origin: "http://a.example" },
    ],
    ["another port of the same host", { ...action, origin: "https://site.example:8443" }],
    ["an opaque origin", { ...action, origin: "null" }],
    [
      "a forwarded host that differs",
      { ...action, "x-forwarded-host": "proxy.example", origin: "https://site.example" },
    ],
    ["no host at all", { "next-action": "abc", origin: "https://site.example" }],
  ])("is refused: %s", (_, headers) => {
    expect(isCrossOriginAction("POST", "/es/contact", headersOf(headers))).toBe(true);
  });

  it.each([
    ["the same origin", "POST", "/es/contact", { ...action, origin: "https://site.example" }],
    [
      "the same origin behind a proxy",
      "POST",
      "/es",
      { ...action, host: "internal:3000", "x-forwarded-host": "Site.example", origin: "https://site.example" },
    ],
    ["no origin (left to Next)", "POST", "/es/contact", action],
    [
      "a JSON post to a route",
      "POST",
      "/api/agent",
      { host: "site.example", "content-type": "application/json", origin: "https://elsewhere.example" },
    ],
    ["a read", "GET", "/es/contact", { ...action, origin: "https://elsewhere.example" }],
    [
      "a post that is no action",
      "POST",
      "/es",
      { host: "site.example", "content-type": "application/json", origin: "https://elsewhere.example" },
    ],
  ])("passes: %s", (_, method, path, headers) => {
    expect(isCrossOriginAction(method, path, headersOf(headers))).toBe(false);
  });
});

describe("the headers a response lacks", () => {
  it("are every security header missing from it, and only those", () => {
    const all = securityHeaders(false);
    expect(missingSecurityHeaders(() => false, false)).toEqual(all);
    expect(missingSecurityHeaders(() => true, false)).toEqual([]);
    const present = new Set(["content-security-policy", "x-frame-options"]);
    expect(missingSecurityHeaders((name) => present.has(name.toLowerCase()), false).map(({ key }) => key)).toEqual(
      all.map(({ key }) => key).filter((key) => !present.has(key.toLowerCase())),
    );
  });
});
