import { DEFAULT_LOCALE, LOCALES } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { LAB_USES } from "@/lib/lab-uses";
import { LAB_PAGES } from "@/lib/site/nav";
import { paths } from "@/lib/site/paths";
import { securityHeaders } from "@/lib/site/security-headers";

/**
 * The checks `npm run smoke -- <url>` runs against a deployed site (or the Worker in workerd): the
 * pages a visitor lands on, the platform's promises (health, security headers) and one real agent
 * run through the public API. Each check says in one line what it saw, so a failure in CI reads
 * without opening the site.
 */

export type ExpectedModel = "offline" | "real";
export type SmokeOptions = { model?: ExpectedModel; timeoutMs?: number; runTimeoutMs?: number };
export type CheckResult = { name: string; ok: boolean; detail: string };

// The run speaks the studio's first language (the one every studio has) and asks the Lab's own first
// example, which the studio words as a need one of its services meets.
const SMOKE_LOCALE = DEFAULT_LOCALE;
const SMOKE_GOAL = getDictionary(SMOKE_LOCALE).agent.console.exampleGoals[0] ?? "";
const EXPECTED_HEADERS = securityHeaders(false);

class SmokeFailure extends Error {}
const fail = (message: string): never => {
  throw new SmokeFailure(message);
};

export async function runSmoke(baseUrl: string, options: SmokeOptions = {}): Promise<CheckResult[]> {
  const base = new URL(baseUrl);
  const timeoutMs = options.timeoutMs ?? 20_000;
  const get = (path: string) => request(new URL(path, base), { redirect: "manual" }, timeoutMs);

  const checks: [string, () => Promise<string>][] = [
    ["health", () => checkHealth(get)],
    ...LOCALES.map((locale): [string, () => Promise<string>] => [
      `home (${locale})`,
      () => checkPage(get, paths.home(locale), locale),
    ]),
    ...LOCALES.flatMap((locale): [string, () => Promise<string>][] => {
      const lab = LAB_PAGES.agent?.(locale);
      return lab ? [[`Lab agent page (${locale})`, () => checkPage(get, lab, locale)]] : [];
    }),
    ["agent run", () => checkAgentRun(base, options.model, options.runTimeoutMs ?? 90_000)],
  ];

  const results: CheckResult[] = [];
  for (const [name, check] of checks) {
    try {
      results.push({ name, ok: true, detail: await check() });
    } catch (error) {
      const detail = error instanceof SmokeFailure ? error.message : describeNetworkError(error);
      results.push({ name, ok: false, detail });
    }
  }
  return results;
}

/**
 * Polls `/api/health` until it answers 200: a new version's preview URL, or a Worker that is
 * still starting, can take a few seconds. Throws with the last thing it saw when time runs out.
 */
export async function waitUntilUp(
  baseUrl: string,
  timeoutMs: number,
  { intervalMs = 1_000, stillRunning = () => true }: { intervalMs?: number; stillRunning?: () => boolean } = {},
): Promise<void> {
  const url = new URL("/api/health", baseUrl);
  const deadline = Date.now() + timeoutMs;
  let last = "no answer";
  while (Date.now() < deadline && stillRunning()) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(Math.min(5_000, timeoutMs)) });
      if (response.status === 200) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = describeNetworkError(error);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`${url.href} was not up within ${timeoutMs / 1000} s (last: ${last})`);
}

/** Prints one line per check and a closing line; returns the process's exit code. */
export function reportSmoke(results: CheckResult[]): number {
  for (const { name, ok, detail } of results) console.log(`${ok ? "ok  " : "FAIL"} ${name}: ${detail}`);
  const failed = results.filter((result) => !result.ok);
  if (failed.length === 0) {
    console.log(`Smoke OK: all ${results.length} checks`);
    return 0;
  }
  console.error(`Smoke failed: ${failed.length} of ${results.length} checks (${failed.map((r) => r.name).join(", ")})`);
  return 1;
}

async function request(url: URL, init: RequestInit, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    if (error instanceof DOMException && error.name === "TimeoutError") {
      return fail(`${init.method ?? "GET"} ${url.pathname}: no answer within ${timeoutMs / 1000} s`);
    }
    return fail(`${init.method ?? "GET"} ${url.pathname}: ${describeNetworkError(error)}`);
  }
}

function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  if (cause?.code === "ECONNREFUSED") return "connection refused: is the site running at this URL?";
  if (cause?.code === "ENOTFOUND") return "host not found: check the URL";
  return cause?.message ?? (error instanceof Error ? error.message : String(error));
}

async function checkHealth(get: (path: string) => Promise<Response>): Promise<string> {
  const response = await get("/api/health");
  if (response.status !== 200) fail(`GET /api/health answered ${response.status}, expected 200`);
  const body = (await response.json().catch(() => null)) as { ok?: unknown; runtime?: unknown } | null;
  if (body?.ok !== true) fail(`GET /api/health answered ${JSON.stringify(body)}, expected {"ok":true,…}`);
  checkSecurityHeaders("/api/health", response);
  return `200, runtime ${String(body?.runtime)}`;
}

async function checkPage(get: (path: string) => Promise<Response>, path: string, locale: string): Promise<string> {
  const response = await get(path);
  if (response.status !== 200) fail(`GET ${path} answered ${response.status}, expected 200`);
  const type = response.headers.get("content-type") ?? "";
  if (!type.includes("text/html")) fail(`GET ${path} answered ${type || "no content-type"}, expected text/html`);
  const html = await response.text();
  if (!new RegExp(`<html[^>]*\\blang="${locale}"`).test(html))
    fail(`GET ${path}: the page is not <html lang="${locale}">`);
  checkSecurityHeaders(path, response);
  return `200, ${Math.round(html.length / 1024)} KiB of HTML, security headers present`;
}

function checkSecurityHeaders(path: string, response: Response): void {
  const wrong = EXPECTED_HEADERS.filter(({ key, value }) => response.headers.get(key) !== value);
  if (wrong.length === 0) return;
  const list = wrong.map(({ key }) => `${key} (${response.headers.get(key) === null ? "missing" : "different"})`);
  fail(`GET ${path}: security headers not as lib/site/security-headers.ts says: ${list.join(", ")}`);
}

/** Why a refused run was refused, in the words of the person who has to fix it. */
const REFUSALS: Record<string, string> = {
  quota_unavailable:
    "the Lab can't reach its quota store: check the Worker's secrets UPSTASH_REDIS_REST_URL, UPSTASH_REDIS_REST_TOKEN and QUOTA_SALT (docs/deploy.md)",
  quota_exceeded: "the daily or per-minute quota is spent for this IP or the site; try again after it resets",
  forbidden_origin: "the site refused this URL as its own origin: is SITE_URL this site's origin?",
};

async function checkAgentRun(base: URL, model: ExpectedModel | undefined, timeoutMs: number): Promise<string> {
  const url = new URL("/api/agent", base);
  const response = await request(
    url,
    {
      method: "POST",
      headers: { "content-type": "application/json", origin: base.origin },
      body: JSON.stringify({ goal: SMOKE_GOAL, locale: SMOKE_LOCALE }),
    },
    timeoutMs,
  );
  if (response.status !== 200) {
    const body = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    const code = body?.error?.code ?? "no error code";
    const why = REFUSALS[code] ?? body?.error?.message ?? "";
    fail(`POST /api/agent answered ${response.status} (${code})${why ? `: ${why}` : ""}`);
  }
  const parts = await readStreamParts(response, timeoutMs);
  const done = parts.filter((part) => part.type === "data-done");
  if (done.length !== 1) fail(`the run's stream had ${done.length} data-done parts, expected exactly 1`);
  const data = (done[0]?.data ?? {}) as {
    reason?: unknown;
    model?: unknown;
    modelCalls?: unknown;
    toolCalls?: unknown;
  };
  if (data.reason !== "answered") fail(`the run ended with reason "${String(data.reason)}", expected "answered"`);
  if (model === "offline" && data.model !== LAB_USES.agent.offlineModel) {
    fail(
      `the run was answered by ${String(data.model)}, expected the offline planner (previews must spend no neurons)`,
    );
  }
  if (model === "real" && data.model === LAB_USES.agent.offlineModel) {
    fail("the run was answered by the offline planner, expected the real model (is the AI binding configured?)");
  }
  return `answered by ${String(data.model)}: ${String(data.modelCalls)} model calls, ${String(data.toolCalls)} tool calls`;
}

type StreamPart = { type?: string; data?: unknown };

/** The parts of an AI SDK UI message stream (server-sent events, one JSON part per `data:` line). */
async function readStreamParts(response: Response, timeoutMs: number): Promise<StreamPart[]> {
  const type = response.headers.get("content-type") ?? "";
  if (!type.includes("text/event-stream"))
    fail(`POST /api/agent answered ${type || "no content-type"}, expected a stream`);
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    return fail(`the run's stream broke after ${timeoutMs / 1000} s or less: ${describeNetworkError(error)}`);
  }
  const parts: StreamPart[] = [];
  for (const line of text.split("\n")) {
    if (!line.startsWith("data: ") || line === "data: [DONE]") continue;
    try {
      parts.push(JSON.parse(line.slice("data: ".length)) as StreamPart);
    } catch {
      fail(`the run's stream has a line that is not JSON: ${line.slice(0, 80)}`);
    }
  }
  return parts;
}
