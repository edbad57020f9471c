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
 * The public pages don't send it: a page with `Cross-Origin-Opener-Policy: same-origin` can't
 * use the renderer process its tab started with (a new tab's, as in every Lighthouse run), and
 * Chromium starts another for it, which the page pays for on its main thread. With it on every
 * page, Lighthouse (mobile, 4x CPU) read the public pages' main-thread work at 1.67-2.39x a bare
 * Next page's and their TBT at 1.80-4.28x; without it 1.16-1.79x and 0.92-2.62x (`npm run bench
 * -- --pages --before`, 2026-12-06). What it guards, a window holding a handle on the page, is
 * worth that only where there is something private to see.
 */
export const STUDIO_PAGES = "/:locale/inbox/:path*";
export const STUDIO_PAGE_HEADERS: { key: string; value: string }[] = [
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];
