import { describe, expect, it } from "vitest";
import { previewForcesOffline } from "@/lib/ai/preview-guard";
import { readQuotaSettings } from "@/lib/quota";
import {
  builtLinksProblem,
  canonicalOf,
  previewArgs,
  previewUrlFrom,
  productionArgs,
  productionUrlFrom,
  siteOrigin,
} from "@/scripts/release/plan";

// Guards what CI hands to wrangler: a preview carries the variable the preview guard honours and
// a quota of its own; production carries neither; nothing unsafe reaches the shell OpenNext uses.

function varsOf(args: string[]): Record<string, string> {
  const vars: Record<string, string> = {};
  args.forEach((arg, i) => {
    if (arg !== "--var") return;
    const [name, ...value] = (args[i + 1] ?? "").split(":");
    vars[name ?? ""] = value.join(":");
  });
  return vars;
}

describe("preview upload", () => {
  const args = previewArgs("12", "https://tallernorte.example");

  it("uploads a version aliased pr-<n>", () => {
    expect(args.slice(0, 5)).toEqual(["upload", "--env", "production", "--preview-alias", "pr-12"]);
  });

  it("sets what the preview guard needs, so its preview URL runs the offline planner", () => {
    const vars = varsOf(args);
    const guard = (requestUrl: string) =>
      previewForcesOffline({ previewAlias: vars.PREVIEW_ALIAS, siteUrl: vars.SITE_URL, requestUrl });
    expect(guard("https://pr-12-lab-agent.studio.workers.dev/api/agent")).toBe(true);
    expect(guard("https://tallernorte.example/api/agent")).toBe(false);
  });

  it("gives the preview its own quota prefix and limits the quota accepts", () => {
    const vars = varsOf(args);
    const settings = readQuotaSettings(
      { ...vars, QUOTA_SALT: "a-secret-salt-of-some-length", QUOTA_STORE: "memory" },
      true,
    );
    expect(settings.prefix).toBe("preview-pr-12");
    expect(settings.limits).toEqual({ ipUnitsPerDay: 600, siteUnitsPerDay: 1200, burstPerMinute: 0 });
  });

  it.each(["0", "-1", "12; rm -rf /", "$(id)", "1 2", ""])("refuses the PR number %j", (pr) => {
    expect(() => previewArgs(pr, undefined)).toThrow(/pull request number/);
  });
});

describe("production deploy", () => {
  it("deploys with SITE_URL and no preview variable", () => {
    const args = productionArgs("https://tallernorte.example");
    expect(args[0]).toBe("deploy");
    expect(varsOf(args)).toEqual({ SITE_URL: "https://tallernorte.example" });
    expect(productionArgs(undefined)).toEqual(["deploy", "--env", "production"]);
  });

  it.each(["http://tallernorte.example", "https://x.example/$(id)", "https://x.example; echo", "tallernorte.example"])(
    "refuses SITE_URL %j",
    (value) => {
      expect(() => siteOrigin(value)).toThrow(/SITE_URL must be an https origin/);
    },
  );

  it("keeps an https origin, without its trailing slash", () => {
    expect(siteOrigin(" https://tallernorte.example/ ")).toBe("https://tallernorte.example");
    expect(siteOrigin("")).toBeUndefined();
  });
});

describe("URLs from wrangler's output file", () => {
  const upload = (alias: string | null) =>
    `${JSON.stringify({ type: "wrangler-session" })}\n${JSON.stringify({ type: "version-upload", preview_url: "https://3f2a9c1d-lab-agent.s.workers.dev", preview_alias_url: alias })}\n`;

  it("reads the preview alias URL", () => {
    expect(previewUrlFrom(upload("https://pr-12-lab-agent.s.workers.dev"))).toBe(
      "https://pr-12-lab-agent.s.workers.dev",
    );
  });

  it("says how to turn preview URLs on when there is none", () => {
    expect(() => previewUrlFrom(upload(null))).toThrow(/preview_urls = true/);
    expect(() => previewUrlFrom("")).toThrow(/no uploaded version/);
  });

  it("production: SITE_URL first, else the deployment's https target", () => {
    const deploy = JSON.stringify({ type: "deploy", targets: ["https://lab-agent.s.workers.dev"] });
    expect(productionUrlFrom(deploy, "https://tallernorte.example")).toBe("https://tallernorte.example");
    expect(productionUrlFrom(deploy, undefined)).toBe("https://lab-agent.s.workers.dev");
    expect(() => productionUrlFrom(JSON.stringify({ type: "deploy", targets: [] }), undefined)).toThrow(/SITE_URL/);
  });
});

describe("a release of a build's prerendered links", () => {
  const site = "https://studio.example";
  it("goes to production only when the build's canonical links are on SITE_URL", () => {
    expect(builtLinksProblem("production", `${site}/es`, site)).toBeUndefined();
    expect(builtLinksProblem("production", "/es", site)).toMatch(/made without SITE_URL/);
    expect(builtLinksProblem("production", "/es", undefined)).toMatch(/made without SITE_URL/);
    expect(builtLinksProblem("production", "https://old.example/es", site)).toMatch(
      /on https:\/\/old\.example, not on SITE_URL/,
    );
    expect(builtLinksProblem("production", `${site}/es`, undefined)).toMatch(/SITE_URL is not set/);
    expect(builtLinksProblem("production", undefined, site)).toMatch(/no prerendered home page/);
  });

  it("goes to a preview without SITE_URL, but not on another origin than it", () => {
    expect(builtLinksProblem("preview", "/es", undefined)).toBeUndefined();
    expect(builtLinksProblem("preview", `${site}/es`, site)).toBeUndefined();
    expect(builtLinksProblem("preview", "/es", site)).toMatch(/made without SITE_URL/);
    expect(builtLinksProblem("preview", "https://old.example/es", site)).toMatch(/not on SITE_URL/);
  });

  it("reads the canonical link next build wrote", () => {
    expect(canonicalOf('<head><link rel="canonical" href="https://studio.example/es"/></head>')).toBe(
      "https://studio.example/es",
    );
    expect(canonicalOf("<head></head>")).toBeUndefined();
  });
});
