/**
 * Headers sent with every response: by Next (`next.config.ts`) for pages and routes, and by the
 * Worker's static assets through the `_headers` file written after the OpenNext build.
 *
 * Scripts keep `'unsafe-inline'`: Next inlines its hydration data in `<script>` tags, and a nonce
 * would force every page to render per request (no prerendering, more CPU on the free plan).
 * Everything else is locked to this origin; no third-party origin is allowed anywhere.
 */
export function contentSecurityPolicy(isDev: boolean): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    // React's dev overlay and Fast Refresh evaluate code; production never does.
    "script-src": ["'self'", "'unsafe-inline'", ...(isDev ? ["'unsafe-eval'"] : [])],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    "media-src": ["'none'"],
    "object-src": ["'none'"],
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
    "frame-src": ["'none'"],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

// Only features Chromium recognizes: an unknown name ("bluetooth") makes it log an error on every
// page. `e2e/accessibility.spec.ts` fails on that log in Debian's Chromium.
const PERMISSIONS_OFF = [
  "accelerometer",
  "autoplay",
  "browsing-topics",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "hid",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "publickey-credentials-get",
  "screen-wake-lock",
  "serial",
  "usb",
  "xr-spatial-tracking",
];

export function securityHeaders(isDev: boolean): { key: string; value: string }[] {
  return [
    { key: "Content-Security-Policy", value: contentSecurityPolicy(isDev) },
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    { key: "Permissions-Policy", value: PERMISSIONS_OFF.map((name) => `${name}=()`).join(", ") },
    { key: "X-Frame-Options", value: "DENY" },
  ];
}

/**
 * The studio's own pages (its inbox of leads and Lab runs, behind the inbox key) also cut any tie
 * to another window: a page that opened them, or that they open, can't reach or navigate them.
 * The public pages don't send it: loaded in a new tab (a link opened from a search result or an
 * ad, and every Lighthouse run), a page with `Cross-Origin-Opener-Policy: same-origin` can't use
 * the renderer process the tab started with, and Chromium starts another for it, on the page's
 * main thread. Lighthouse (mobile, 4x CPU) read 1,669-1,686 ms of main-thread work on `/es` and
 * `/en/contact` without the header against 2,039-2,397 with it, and TBT 381-418 ms against
 * 580-798 (2026-12-06, medians of 5, interleaved). What it guards, a window holding a handle on
 * the page, is worth that only where there is something private to see.
 */
export const STUDIO_PAGES = "/:locale/inbox/:path*";
export const STUDIO_PAGE_HEADERS: { key: string; value: string }[] = [
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];
