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

// What Next reads as a form's action: any type that starts "multipart/form-data" (its
// `server-action-request-meta`, "multipart/form-dataX" included), and the urlencoded one.
const FORM_TYPES = /^\s*(?:multipart\/form-data|application\/x-www-form-urlencoded\s*(?:;|$))/i;
const MULTIPART = /^\s*multipart\/form-data/i;
const BOUNDARY = /;\s*boundary\s*=\s*("[^"]+"|[^;\s]+)/i;

/**
 * Whether a path is the API's, read as the URL parser reads it: `/api/../es/contacto` is the
 * contact page (Next resolves the dots too), so it is no API path that the action checks skip.
 */
function isApiPath(path: string): boolean {
  try {
    return new URL(path, "http://site.invalid").pathname.startsWith("/api/");
  } catch {
    return false;
  }
}

/**
 * A server action posted from a page of another origin. Next refuses it too, but with a 500 that
 * reads as a fault of the site; this answers it first with a 403. Like Next, a POST is a possible
 * action when it names one (`Next-Action`) or is a form submission (an action without JavaScript),
 * and its `Origin` must name the host the request came to (`X-Forwarded-Host` behind a proxy).
 * A request with no `Origin` is left to Next, which lets it through as browsers without one did.
 */
export function isCrossOriginAction(method: string, path: string, header: (name: string) => string | null): boolean {
  if (method.toUpperCase() !== "POST" || isApiPath(path)) return false;
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

const CROSS_ORIGIN_ACTION_BODY = JSON.stringify({
  error: { code: "cross_origin_action", message: "Server actions are only accepted from this site's own pages." },
});

/**
 * A path whose percent-encoding doesn't decode (`/es/%E0%A4%A`, `/%`). Next answers it 400 too,
 * but only after logging a stack trace for each one: a scanner sending junk addresses would fill
 * the logs and spend CPU on Next's router. Answered first, and briefly.
 */
function isUndecodablePath(path: string): boolean {
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

const UNDECODABLE_PATH_BODY = "Bad request: this address is not valid percent-encoding.\n";

/**
 * Next's limit for a server action's body (`serverActions.bodySizeLimit`, 1 MB by default). Past
 * it Next throws mid-read and answers 500 with a stack trace in the log; a request that declares a
 * larger body is answered first, before any of it is read.
 */
export const ACTION_BODY_LIMIT_BYTES = 1024 * 1024;

export type PossibleAction = "with_script" | "form" | null;

/** Whether a request may be a server action, and how it came: `fetch` from the page, or a plain form post. */
function possibleAction(method: string, path: string, header: (name: string) => string | null): PossibleAction {
  if (method.toUpperCase() !== "POST" || isApiPath(path)) return null;
  if (header("next-action") !== null) return "with_script";
  return FORM_TYPES.test(header("content-type") ?? "") ? "form" : null;
}

/**
 * A possible action whose body is over the limit (`too_large`), or of a length it doesn't say
 * (`length_required`: chunked; browsers always say it for a form or a `fetch` of one), a
 * multipart form no parser can read (`unreadable_form`: no boundary, or no body at all; Next
 * would throw reading it and answer 500), or fine.
 */
export function actionBodyProblem(
  method: string,
  path: string,
  header: (name: string) => string | null,
  hasBody: boolean,
): "too_large" | "length_required" | "unreadable_form" | null {
  if (!possibleAction(method, path, header)) return null;
  const length = header("content-length");
  if (length === null) return hasBody ? "length_required" : null;
  const bytes = Number(length.trim());
  if (!Number.isSafeInteger(bytes) || bytes < 0 || bytes > ACTION_BODY_LIMIT_BYTES) return "too_large";
  const type = header("content-type") ?? "";
  if (MULTIPART.test(type) && (bytes === 0 || !BOUNDARY.test(type))) return "unreadable_form";
  return null;
}

// Next's own bound for the header (parse-and-validate-flight-router-state.js).
const ROUTER_STATE_MAX_LENGTH = 20 * 2000;
const DYNAMIC_PARAM_TYPES = new Set([
  "c",
  "ci(..)(..)",
  "ci(.)",
  "ci(..)",
  "ci(...)",
  "oc",
  "d",
  "di(..)(..)",
  "di(.)",
  "di(..)",
  "di(...)",
]);
const REFRESH_MARKERS = new Set(["refetch", "inside-shared-layout", "metadata-only"]);

const isString = (value: unknown): value is string => typeof value === "string";
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
const optionalNullable = (value: unknown, check: (value: unknown) => boolean) =>
  value === undefined || value === null || check(value);

function isSegment(value: unknown): boolean {
  if (isString(value)) return true;
  if (!Array.isArray(value) || value.length > 4) return false;
  const [name, key, type, siblings] = value;
  return (
    isString(name) &&
    isString(key) &&
    isString(type) &&
    DYNAMIC_PARAM_TYPES.has(type) &&
    (siblings === null || (Array.isArray(siblings) && siblings.every(isString)))
  );
}

/** Next's `flightRouterStateSchema`, read the way its validator reads it (a tuple takes no extra items). */
function isRouterState(value: unknown): boolean {
  if (!Array.isArray(value) || value.length < 2 || value.length > 6) return false;
  const [segment, children, url, refresh, rootLayout, extra] = value;
  return (
    isSegment(segment) &&
    isRecord(children) &&
    Object.values(children).every(isRouterState) &&
    optionalNullable(url, (item) => Array.isArray(item) && item.length === 2 && item.every(isString)) &&
    optionalNullable(refresh, (item) => isString(item) && REFRESH_MARKERS.has(item)) &&
    optionalNullable(rootLayout, (item) => typeof item === "number" && !Number.isNaN(item)) &&
    (extra === undefined || isString(extra))
  );
}

/**
 * Whether Next can read a `Next-Router-State-Tree` header (absent is fine). One it can't makes its
 * render throw ("The router state header was sent but could not be parsed"): a 500 with a stack
 * trace for a header only a hand-made request sends, so it is answered first with a 400.
 */
export function readableRouterState(value: string | null): boolean {
  if (value === null) return true;
  if (value.length > ROUTER_STATE_MAX_LENGTH) return false;
  try {
    return isRouterState(JSON.parse(decodeURIComponent(value)));
  } catch {
    return false;
  }
}

export type Refusal = { status: number; contentType: string; body: string };

const JSON_TYPE = "application/json; charset=utf-8";
const refusal = (status: number, code: string, message: string): Refusal => ({
  status,
  contentType: JSON_TYPE,
  body: JSON.stringify({ error: { code, message } }),
});

/**
 * What the server answers before Next sees the request, or null to pass it on: one list for both
 * runtimes (`worker.ts`, `node-response-guard.ts`), so they refuse the same requests the same way.
 * `tooLargeForm` writes the page a form posted without JavaScript gets for a body over the limit.
 */
export function refuseRequest(
  request: { method: string; path: string; header: (name: string) => string | null; hasBody: boolean },
  tooLargeForm: (path: string) => string,
): Refusal | null {
  const { method, path, header, hasBody } = request;
  if (isUndecodablePath(path))
    return { status: 400, contentType: "text/plain; charset=utf-8", body: UNDECODABLE_PATH_BODY };
  if (isCrossOriginAction(method, path, header))
    return { status: 403, contentType: JSON_TYPE, body: CROSS_ORIGIN_ACTION_BODY };
  const body = actionBodyProblem(method, path, header, hasBody);
  if (body === "length_required") {
    return refusal(411, "length_required", "A form's request must say its length (Content-Length).");
  }
  if (body === "unreadable_form") {
    return refusal(400, "unreadable_form", "A multipart form needs a boundary and a body.");
  }
  if (body === "too_large") {
    if (possibleAction(method, path, header) === "form") {
      return { status: 413, contentType: "text/html; charset=utf-8", body: tooLargeForm(path) };
    }
    return refusal(413, "body_too_large", `A form's request must be at most ${ACTION_BODY_LIMIT_BYTES} bytes.`);
  }
  if (!readableRouterState(header("next-router-state-tree"))) {
    return refusal(400, "invalid_router_state", "The Next-Router-State-Tree header can't be read.");
  }
  return null;
}
