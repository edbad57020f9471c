import { fileURLToPath } from "node:url";
import { initOpenNextCloudflareForDev } from "@opennextjs/cloudflare";
import type { NextConfig } from "next";
import { PHASE_PRODUCTION_BUILD } from "next/constants";
import site from "./content/generated/site.json" with { type: "json" };
import type { SiteData } from "./lib/content/types";
import { sectionRoutes, slugRedirects } from "./lib/site/alternates";
import { MISSING_SITE_URL, parsePublicOrigin } from "./lib/site/public-origin";
import { STUDIO_PAGE_HEADERS, STUDIO_PAGES, securityHeaders } from "./lib/site/security-headers";

const isDev = process.env.NODE_ENV === "development";

// Built with webpack (`next build --webpack`), not Turbopack: Turbopack copies the AI stack into
// each Lab route's chunks (opennextjs-cloudflare#1094), a 2,254 KiB gzip Worker against webpack's
// 1,801 for the same sources. `tests/worker-size.test.ts` fails if a library ships twice.
const nextConfig: NextConfig = {
  poweredByHeader: false,
  // The type check is `npm run check`'s (`next typegen && tsc --noEmit`, the same files), which
  // runs before every build that ships: CI's (.ci/run) before its build, deploy.yml after CI,
  // preview.yml before its build. The build doesn't run it again (12.6 s of the build, 2026-12-06).
  typescript: { ignoreBuildErrors: true },
  // `ai` imports the AI Gateway (and `@vercel/oidc`) only to resolve string model ids, which this
  // site never uses: see lib/ai/no-gateway.ts. `next dev` runs Turbopack, the build webpack.
  webpack(config: { resolve: { alias: Record<string, string> } }) {
    config.resolve.alias["@ai-sdk/gateway$"] = fileURLToPath(new URL("./lib/ai/no-gateway.ts", import.meta.url));
    return config;
  },
  turbopack: { resolveAlias: { "@ai-sdk/gateway": "./lib/ai/no-gateway.ts" } },
  experimental: {
    // CSS goes in <style> tags of the page and of each route's payload, not in files: a prefetched
    // route's own CSS file would be preloaded and, until the visitor goes there, left unused, which
    // Chromium warns about a few seconds after load (vercel/next.js#51524). The site's CSS is small.
    inlineCss: true,
    // Each page's CSS is what its own modules import. Chunked (the default merges CSS modules
    // into shared chunks of 30 KiB or more), every Lab page inlined all four consoles' styles and
    // the studio's inbox's, 21-23 KiB a page instead of 7-15. A webpack option: `next dev` and
    // `next typegen` run Turbopack, which refuses it.
    ...(process.env.TURBOPACK ? {} : { cssChunking: false }),
  },
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders(isDev) },
      { source: STUDIO_PAGES, headers: STUDIO_PAGE_HEADERS },
    ];
  },
  // Services, projects and posts have a slug per locale, sections a name per language: the old
  // paths and the other locales' slugs redirect (308) to them; a language the site lacks, to its first.
  async redirects() {
    return [...slugRedirects(site as SiteData), ...sectionRoutes(site as SiteData).redirects];
  },
  // Each language's section names are served by the page folders (`/es/servicios` by `services/`).
  async rewrites() {
    return sectionRoutes(site as SiteData).rewrites;
  },
};

// Bindings for `next dev` come from wrangler's platform proxy. Only in development, and with the
// `local` environment (no remote-only AI binding): unguarded, `next build` starts it too and
// fails with no network.
if (isDev) {
  void initOpenNextCloudflareForDev({ environment: "local" });
}

let warned = false;

// The prerendered pages are made here, once, and served as they are: their canonical and hreflang
// links can only be on the origin this build is given. Said once, in the build's own output
// (`next typegen`, in `npm run check`, loads this file in the same phase but builds no page).
export default function config(phase: string, { command = process.argv[2] }: { command?: string } = {}): NextConfig {
  const building = phase === PHASE_PRODUCTION_BUILD && command === "build";
  if (building && parsePublicOrigin(process.env.SITE_URL) === undefined && !warned) {
    warned = true;
    console.warn(`\u26a0 ${MISSING_SITE_URL}`);
  }
  return nextConfig;
}
