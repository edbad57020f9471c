// @pool forks
// wrangler loads miniflare, which requires workerd's package: a VM context's loader can't.
import { afterEach, describe, expect, it, vi } from "vitest";
import { unstable_readConfig } from "wrangler";
import { LEADS_CRON, NOTICES_CRON } from "@/lib/site/internal-requests";

// wrangler.toml is read by `npm run dev`, `preview`, the e2e Worker and `deploy`: a warning about
// it shows in every one of them, and a newcomer reads it as an error.
function readWithoutWarnings(env: string | undefined) {
  const printed: string[] = [];
  for (const method of ["log", "info", "warn", "error"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      printed.push(args.map(String).join(" "));
    });
  }
  const config = unstable_readConfig({ config: "wrangler.toml", env });
  return { config, printed };
}

describe("wrangler.toml", () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([undefined, "local", "production"])("reads without a warning (env %s)", (env) => {
    const { printed } = readWithoutWarnings(env);
    expect(printed).toEqual([]);
  });

  it("deploys the AI binding with production, and runs offline with local", () => {
    const production = readWithoutWarnings("production").config;
    expect(production.name).toBe("lab-agent");
    expect(production.ai?.binding).toBe("AI");
    expect(production.vars).not.toHaveProperty("QUOTA_STORE");

    const local = readWithoutWarnings("local").config;
    expect(local.ai).toBeUndefined();
    expect(local.vars).toMatchObject({ QUOTA_STORE: "memory", LAB_DIGEST_DAY: "current" });
    // Deployed, the digest covers the studio's previous day, at its hour.
    expect(production.vars).not.toHaveProperty("LAB_DIGEST_DAY");
  });

  it.each(["local", "production"])("minifies the upload and keeps function names (env %s)", (env) => {
    const { minify, keep_names } = readWithoutWarnings(env).config;
    expect({ minify, keep_names }).toEqual({ minify: true, keep_names: true });
  });

  it.each(["local", "production"])(
    "runs the leads' schedule and the studio's notices on Cron Triggers (env %s)",
    (env) => {
      const { triggers } = readWithoutWarnings(env).config;
      expect(triggers.crons).toEqual([LEADS_CRON, NOTICES_CRON]);
    },
  );
});
