// Static files on Workers are served from the assets binding before the Worker runs, so Next's
// `headers()` never sees them. Cloudflare reads a `_headers` file in the assets directory instead:
// write the same security headers there after the OpenNext build.
import { writeFileSync } from "node:fs";
import { securityHeaders } from "../lib/site/security-headers";

const lines = ["/*", ...securityHeaders(false).map(({ key, value }) => `  ${key}: ${value}`), ""];
writeFileSync(".open-next/assets/_headers", lines.join("\n"));
console.log("wrote .open-next/assets/_headers");
