import { fileURLToPath } from "node:url";
import { initOpenNextCloudflareForDev } from "@opennextjs/cloudflare";
import type { NextConfig } from "next";
import site from "./content/generated/site.json" with { type: "json" };
import type { SiteData } from "./lib/content/types";
import { slugRedirects } from "./lib/site/alternates";
import { securityHeaders } from "./lib/site/security-headers";

const isDev = process.env.NODE_ENV === "development";

// Built with webpack (`next build --webpack`), not Turbopack: Turbopack copied the AI stack into
// each of the three Lab routes' chunks (opennextjs-cloudflare#1094), 2,596 KiB gzip against
// webpack's 1,828 for the same source. `tests/worker-bundle.test.ts` fails if a library ships twice.
const nextConfig: NextConfig = {
  poweredByHeader: false,
  // `ai` imports the AI Gateway (and `@vercel/oidc`) only to resolve string model ids, which this
  // site never uses: see lib/ai/no-gateway.ts. `next dev` runs Turbopack, the build webpack.
  webpack(config: { resolve: { alias: Record<string, string> } }) {
    config.resolve.alias["@ai-sdk/gateway$"] = fileURLToPath(new URL("./lib/ai/no-gateway.ts", import.meta.url));
    return config;
  },
  turbopack: { resolveAlias: { "@ai-sdk/gateway": "./lib/ai/no-gateway.ts" } },
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders(isDev) }];
  },
  // Projects and posts have a slug per locale: the other locales' slugs redirect (308) to it.
  async redirects() {
    return slugRedirects(site as SiteData);
  },
};

// Bindings for `next dev` come from wrangler's platform proxy. Only in development, and with the
// `local` environment (no remote-only AI binding): unguarded, `next build` starts it too and
// fails with no network.
if (isDev) {
  void initOpenNextCloudflareForDev({ environment: "local" });
}

export default nextConfig;
