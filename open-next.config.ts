import { defineCloudflareConfig } from "@opennextjs/cloudflare";
import staticAssetsIncrementalCache from "@opennextjs/cloudflare/overrides/incremental-cache/static-assets-incremental-cache";

// Prerendered pages are served from the build's own cache files, read from the Worker's assets
// (no R2 or KV): re-rendering one costs ~18 ms of CPU, past the free plan's 10 ms; serving it from
// the cache, ~5. The cache is read-only, which the site can afford: nothing revalidates, every
// dynamic segment lists its params (`dynamicParams = false`), and what changes per request (the
// quote page's URL state, the contact form's server action, the API routes) is rendered per
// request and never cached. Cache interception answers a cached page before Next's server loads.
export default defineCloudflareConfig({
  incrementalCache: staticAssetsIncrementalCache,
  enableCacheInterception: true,
});
