// Guards that a production build without SITE_URL says so in its own output, once: its
// prerendered pages can't carry absolute canonical and hreflang links.
import { PHASE_PRODUCTION_BUILD, PHASE_PRODUCTION_SERVER } from "next/constants";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MISSING_SITE_URL } from "@/lib/site/public-origin";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  vi.resetModules();
});

async function warningsOf(phases: string[], command = "build"): Promise<string[]> {
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  const { default: config } = await import("@/next.config");
  for (const phase of phases) config(phase, { command });
  return warn.mock.calls.map((call) => String(call[0]));
}

describe("next build without SITE_URL", () => {
  it("warns once, in the build", async () => {
    vi.stubEnv("SITE_URL", "");
    expect(await warningsOf([PHASE_PRODUCTION_BUILD, PHASE_PRODUCTION_BUILD])).toEqual([`\u26a0 ${MISSING_SITE_URL}`]);
  });

  it("says nothing with SITE_URL, when serving, or to next typegen", async () => {
    vi.stubEnv("SITE_URL", "https://studio.example");
    expect(await warningsOf([PHASE_PRODUCTION_BUILD])).toEqual([]);
    vi.resetModules();
    vi.stubEnv("SITE_URL", "");
    expect(await warningsOf([PHASE_PRODUCTION_SERVER])).toEqual([]);
    vi.resetModules();
    expect(await warningsOf([PHASE_PRODUCTION_BUILD], "typegen")).toEqual([]);
  });
});
