import { securityHeaders } from "./security-headers";

/**
 * Rules for every response, applied by the server itself (`worker.ts` on Workers,
 * `node-response-guard.ts` under `next start`) rather than by Next: Next's own redirects (a trailing
 * or double slash, a backslash), a URL it can't decode and the Worker's image and data routes answer
 * before `headers()` in `next.config.ts` runs, so they would go out without the security headers.
 */
export function missingSecurityHeaders(
  has: (name: string) => boolean,
  isDev: boolean,
): { key: string; value: string }[] {
  return securityHeaders(isDev).filter(({ key }) => !has(key));
}

const FORM_TYPES = /^\s*(?:multipart\/form-data|application\/x-www-form-urlencoded)\s*(?:;|$)/i;

/**
 * A server action posted from a page of another origin. Next refuses it too, but with a 500 that
 * reads as a fault of the site; this answers it first with a 403. Like Next, a POST is a possible
 * action when it names one (`Next-Action`) or is a form submission (an action without JavaScript),
 * and its `Origin` must name the host the request came to (`X-Forwarded-Host` behind a proxy).
 * A request with no `Origin` is left to Next, which lets it through as browsers without one did.
 */
export function isCrossOriginAction(method: string, path: string, header: (name: string) => string | null): boolean {
  if (method.toUpperCase() !== "POST" || path.startsWith("/api/")) return false;
  if (header("next-action") === null && !FORM_TYPES.test(header("content-type") ?? "")) return false;
  const origin = header("origin");
  if (origin === null) return false;
  const host = (header("x-forwarded-host") ?? header("host") ?? "").split(",")[0]?.trim().toLowerCase();
  return originHost(origin) !== host || !host;
}

function originHost(origin: string): string | null {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return null;
  }
}

export const CROSS_ORIGIN_ACTION_BODY = JSON.stringify({
  error: { code: "cross_origin_action", message: "Server actions are only accepted from this site's own pages." },
});

/**
 * A path whose percent-encoding doesn't decode (`/es/%E0%A4%A`, `/%`). Next answers it 400 too,
 * but only after logging a stack trace for each one: a scanner sending junk addresses would fill
 * the logs and spend CPU on Next's router. Answered first, and briefly.
 */
export function isUndecodablePath(path: string): boolean {
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

export const UNDECODABLE_PATH_BODY = "Bad request: this address is not valid percent-encoding.\n";
