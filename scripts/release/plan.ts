/**
 * What `npm run release -- preview <pr>` and `npm run release -- production` pass to OpenNext's
 * `upload`/`deploy` (which hand unknown flags on to wrangler through a shell, so every value here
 * is checked to be shell-safe first), and how the resulting URL is read back from wrangler's
 * output file (`WRANGLER_OUTPUT_FILE_PATH`, one JSON object a line).
 */

/**
 * A preview's own quota: Cloudflare sets `CF-Connecting-IP`, so every e2e request from the CI
 * runner is one visitor. Previews answer with the offline planner (no neurons), keep their counts
 * under their own Redis prefix (production's units are untouched) and have room for the suite.
 */
export const PREVIEW_QUOTA = {
  QUOTA_DAILY_UNITS_PER_IP: "600",
  QUOTA_DAILY_UNITS_SITE: "1200",
  // Off: the whole suite comes from one address within a few minutes.
  QUOTA_BURST_PER_MINUTE: "0",
};

const SITE_URL = /^https:\/\/[a-z0-9.-]+(:\d{1,5})?$/i;

export function previewAlias(pr: string): string {
  if (!/^[1-9]\d{0,8}$/.test(pr)) throw new Error(`a pull request number, e.g. 12; got "${pr}"`);
  return `pr-${pr}`;
}

/** `SITE_URL` without its trailing slash, or undefined when unset; throws on anything but an https origin. */
export function siteOrigin(value: string | undefined): string | undefined {
  const site = value?.trim().replace(/\/$/, "");
  if (!site) return undefined;
  if (!SITE_URL.test(site))
    throw new Error(`SITE_URL must be an https origin like https://tallernorte.example; got "${site}"`);
  return site;
}

function vars(values: Record<string, string>): string[] {
  return Object.entries(values).flatMap(([name, value]) => ["--var", `${name}:${value}`]);
}

// wrangler.toml's `production` environment has the AI binding; the top level alone refuses to spend.
const PRODUCTION_ENV = ["--env", "production"];

export function previewArgs(pr: string, site: string | undefined): string[] {
  const alias = previewAlias(pr);
  return [
    "upload",
    ...PRODUCTION_ENV,
    "--preview-alias",
    alias,
    "--tag",
    alias,
    ...vars({
      PREVIEW_ALIAS: alias,
      QUOTA_KEY_PREFIX: `preview-${alias}`,
      ...PREVIEW_QUOTA,
      ...(site ? { SITE_URL: site } : {}),
    }),
  ];
}

export function productionArgs(site: string | undefined): string[] {
  return ["deploy", ...PRODUCTION_ENV, ...(site ? vars({ SITE_URL: site }) : [])];
}

/** The canonical link of a page `next build` prerendered, as it wrote it; undefined when it has none. */
export function canonicalOf(html: string): string | undefined {
  return /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
}

/**
 * Why a build can't be released, or undefined when it can. Prerendered pages are served as the
 * build made them, so their canonical and hreflang links must already be on the public origin:
 * production refuses a build made without SITE_URL, or with another one than it deploys with; a
 * preview (whose own URL no build can know) refuses only a build on another origin than SITE_URL.
 */
export function builtLinksProblem(
  target: "preview" | "production",
  canonical: string | undefined,
  site: string | undefined,
): string | undefined {
  const rebuild = "set SITE_URL (docs/deploy.md), then npm run build:worker again";
  if (canonical === undefined) return `the build has no prerendered home page with a canonical link: ${rebuild}`;
  const origin = /^https?:\/\//.test(canonical) ? new URL(canonical).origin : undefined;
  if (!origin) {
    if (target === "preview" && !site) return undefined;
    return `the build was made without SITE_URL: its pages' canonical and hreflang links are relative (${canonical}); ${rebuild}`;
  }
  if (site && origin !== site) return `the build's links are on ${origin}, not on SITE_URL (${site}): ${rebuild}`;
  if (!site && target === "production") return `the build's links are on ${origin} but SITE_URL is not set: ${rebuild}`;
  return undefined;
}

type OutputEntry = { type?: string; preview_alias_url?: string | null; targets?: unknown };

function entries(output: string): OutputEntry[] {
  return output
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as OutputEntry);
}

export function previewUrlFrom(output: string): string {
  const upload = entries(output).find((entry) => entry.type === "version-upload");
  if (!upload) throw new Error("wrangler reported no uploaded version");
  if (!upload.preview_alias_url) {
    throw new Error(
      "the version was uploaded but has no preview URL: turn on Preview URLs (preview_urls = true in wrangler.toml, then one production deploy; docs/deploy.md)",
    );
  }
  return upload.preview_alias_url;
}

/** The production URL: `SITE_URL` when set, else the first https target wrangler deployed to. */
export function productionUrlFrom(output: string, site: string | undefined): string {
  if (site) return site;
  const deploy = entries(output).find((entry) => entry.type === "deploy");
  const targets = Array.isArray(deploy?.targets) ? deploy.targets : [];
  const url = targets.map(String).find((target) => target.startsWith("https://"));
  if (!url) throw new Error("wrangler reported no https URL for the deployment: set SITE_URL (docs/deploy.md)");
  return url;
}
