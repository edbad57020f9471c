import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, securityHeaders } from "@/lib/site/security-headers";

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
