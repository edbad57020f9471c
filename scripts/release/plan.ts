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
