import { defineCloudflareConfig } from "@opennextjs/cloudflare";

// No incremental cache binding: every page is either prerendered at build time (served from
// the Worker's assets) or rendered per request, so the free plan needs no R2 or KV.
export default defineCloudflareConfig();
