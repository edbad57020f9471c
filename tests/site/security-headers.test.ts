import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, STUDIO_PAGE_HEADERS, STUDIO_PAGES, securityHeaders } from "@/lib/site/security-headers";

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(";").map((part) => {
      const [name = "", ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe("content security policy", () => {
  it("allows no origin but this one, and no framing", () => {
    const csp = directives(contentSecurityPolicy(false));
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    for (const [name, values] of csp) {
      for (const value of values) {
        // Only keywords and same-origin schemes: no host, no wildcard.
        expect(value, `${name} ${value}`).toMatch(/^('[a-z-]+'|data:|blob:)$/);
      }
    }
  });

  it("evaluates code only in development", () => {
    expect(directives(contentSecurityPolicy(false)).get("script-src")).not.toContain("'unsafe-eval'");
    expect(directives(contentSecurityPolicy(true)).get("script-src")).toContain("'unsafe-eval'");
  });

  it("turns off the browser features the site does not use", () => {
    const policy = securityHeaders(false).find((h) => h.key === "Permissions-Policy")?.value ?? "";
    for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) {
      expect(policy).toContain(`${feature}=()`);
    }
  });

  it("names only features Chromium recognizes (an unknown one is an error in every page's console)", () => {
    // From Chromium's permissions_policy_features.json5 (the names it parses).
    const chromium = new Set([
      "accelerometer",
      "ambient-light-sensor",
      "attribution-reporting",
      "autoplay",
      "browsing-topics",
      "camera",
      "captured-surface-control",
      "clipboard-read",
      "clipboard-write",
      "compute-pressure",
      "cross-origin-isolated",
      "display-capture",
      "encrypted-media",
      "fullscreen",
      "gamepad",
      "geolocation",
      "gyroscope",
      "hid",
      "identity-credentials-get",
      "idle-detection",
      "keyboard-map",
      "local-fonts",
      "magnetometer",
      "microphone",
      "midi",
      "otp-credentials",
      "payment",
      "picture-in-picture",
      "publickey-credentials-create",
      "publickey-credentials-get",
      "screen-wake-lock",
      "serial",
      "storage-access",
      "sync-xhr",
      "usb",
      "web-share",
      "window-management",
      "xr-spatial-tracking",
    ]);
    const policy = securityHeaders(false).find((h) => h.key === "Permissions-Policy")?.value ?? "";
    const features = policy.split(",").map((entry) => entry.trim().replace(/=.*$/, ""));
    expect(features.length).toBeGreaterThan(0);
    expect(features.filter((feature) => !chromium.has(feature))).toEqual([]);
  });
});

describe("security headers", () => {
  // Each value exactly: a header dropped or loosened (framing allowed, sniffing on, a referrer
  // sent cross-site) fails here, not only in e2e.
  it("sends each header the site promises, with its exact value", () => {
    const sent = new Map(securityHeaders(false).map(({ key, value }) => [key, value]));
    expect([...sent.keys()].sort()).toEqual([
      "Content-Security-Policy",
      "Permissions-Policy",
      "Referrer-Policy",
      "X-Content-Type-Options",
      "X-Frame-Options",
    ]);
    expect(sent.get("X-Frame-Options")).toBe("DENY");
    expect(sent.get("X-Content-Type-Options")).toBe("nosniff");
    expect(sent.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(sent.get("Content-Security-Policy")).toBe(
      "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; " +
        "img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; media-src 'none'; object-src 'none'; " +
        "worker-src 'self'; manifest-src 'self'; frame-src 'none'; frame-ancestors 'none'; base-uri 'self'; " +
        "form-action 'self'",
    );
    expect(sent.get("Permissions-Policy")).toMatch(/^([a-z-]+=\(\))(, [a-z-]+=\(\))*$/);
  });

  // The opener policy costs a page opened in a new tab a renderer process of its own (see
  // security-headers.ts): the studio's pages send it, the public ones don't. Which responses carry
  // it is e2e/every-response.spec.ts's, on both runtimes.
  it("keeps the studio's own pages, and only them, from any other window", () => {
    expect(STUDIO_PAGES).toBe("/:locale/inbox/:path*");
    expect(STUDIO_PAGE_HEADERS).toEqual([{ key: "Cross-Origin-Opener-Policy", value: "same-origin" }]);
    expect(securityHeaders(false).map(({ key }) => key)).not.toContain("Cross-Origin-Opener-Policy");
  });

  it("are the same in development but for the evaluation React's dev tools need", () => {
    const dev = new Map(securityHeaders(true).map(({ key, value }) => [key, value]));
    for (const { key, value } of securityHeaders(false)) {
      if (key === "Content-Security-Policy")
        expect(dev.get(key)).toBe(value.replace("'unsafe-inline'", "'unsafe-inline' 'unsafe-eval'"));
      else expect(dev.get(key)).toBe(value);
    }
  });
});
