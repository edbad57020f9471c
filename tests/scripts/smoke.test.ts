// @studio demo
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_LOCALE } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { securityHeaders } from "@/lib/site/security-headers";
import { type CheckResult, runSmoke, waitUntilUp } from "@/scripts/smoke/checks";
import { locale } from "@/tests/support/studio";

const es = locale("es");

// Guards `npm run smoke`: against a tiny fake site it passes when everything is as deployed, and
// each way a deployment can be broken fails the right check with a message that says what to fix.

type Site = {
  health: () => { status: number; body: unknown };
  dropHeader?: string;
  lang?: string;
  agent: (request: IncomingMessage, res: ServerResponse) => void;
};

function stream(parts: unknown[]) {
  return (_request: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, { "content-type": "text/event-stream", ...headers() });
    for (const part of parts) res.write(`data: ${JSON.stringify(part)}\n\n`);
    res.end("data: [DONE]\n\n");
  };
}

function done(reason: string, model = "offline-planner") {
  return { type: "data-done", data: { reason, model, modelCalls: 4, toolCalls: 4, unverifiedAmounts: [] } };
}

function refuse(status: number, code: string) {
  return (_request: IncomingMessage, res: ServerResponse) => {
    res.writeHead(status, { "content-type": "application/json", ...headers() });
    res.end(JSON.stringify({ error: { code, message: "refused" } }));
  };
}

const GOOD_RUN = [
  { type: "start" },
  { type: "text-delta", id: "t", delta: "Hi" },
  done("answered"),
  { type: "finish" },
];
const good = (): Site => ({
  health: () => ({ status: 200, body: { ok: true, runtime: "workerd" } }),
  agent: stream(GOOD_RUN),
});
let site: Site = good();
let server: Server;
let origin: string;
let agentRequest: { origin?: string; contentType?: string; body?: string } = {};

function headers(): Record<string, string> {
  const all = Object.fromEntries(securityHeaders(false).map(({ key, value }) => [key, value]));
  if (site.dropHeader) delete all[site.dropHeader];
  return all;
}

beforeAll(async () => {
  server = createServer((request, res) => {
    const path = request.url ?? "/";
    if (path === "/api/health") {
      const { status, body } = site.health();
      res.writeHead(status, { "content-type": "application/json", ...headers() });
      res.end(JSON.stringify(body));
    } else if (path === "/api/agent" && request.method === "POST") {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => {
        agentRequest = { origin: request.headers.origin, contentType: request.headers["content-type"], body };
        // Like the real gate: only JSON from the site's own origin.
        if (request.headers.origin !== origin) return refuse(403, "forbidden_origin")(request, res);
        if (request.headers["content-type"] !== "application/json") {
          return refuse(415, "unsupported_media_type")(request, res);
        }
        site.agent(request, res);
      });
    } else if (/^\/(es|en)(\/lab\/(agent|agente))?$/.test(path)) {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", ...headers() });
      res.end(`<!DOCTYPE html><html lang="${site.lang ?? path.slice(1, 3)}"><body>page</body></html>`);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

beforeEach(() => {
  site = good();
  agentRequest = {};
});

function failures(results: CheckResult[]): Record<string, string> {
  return Object.fromEntries(results.filter((r) => !r.ok).map((r) => [r.name, r.detail]));
}

describe("npm run smoke", () => {
  it("passes on a healthy site, with one run sent as JSON from the site's own origin", async () => {
    const results = await runSmoke(origin, { model: "offline" });
    expect(failures(results)).toEqual({});
    expect(results.map((r) => r.name)).toEqual([
      "health",
      "home (es)",
      "home (en)",
      "Lab agent page (es)",
      "Lab agent page (en)",
      "agent run",
    ]);
    expect(agentRequest).toMatchObject({ origin, contentType: "application/json" });
    expect(JSON.parse(agentRequest.body ?? "")).toMatchObject({
      goal: getDictionary(DEFAULT_LOCALE).agent.console.exampleGoals[0],
      locale: DEFAULT_LOCALE,
    });
  });

  it("names a missing security header on every response that lacks it", async () => {
    site.dropHeader = "X-Frame-Options";
    const failed = failures(await runSmoke(origin));
    expect(Object.keys(failed)).toHaveLength(5);
    expect(failed["home (es)"]).toBe(
      "GET /es: security headers not as lib/site/security-headers.ts says: X-Frame-Options (missing)",
    );
  });

  it("fails health on a 500 and on a body that is not ok", async () => {
    site.health = () => ({ status: 500, body: {} });
    expect(failures(await runSmoke(origin)).health).toBe("GET /api/health answered 500, expected 200");
    site.health = () => ({ status: 200, body: { ok: false } });
    expect(failures(await runSmoke(origin)).health).toContain('answered {"ok":false}');
  });

  it("fails a page in the wrong language", async () => {
    site.lang = es;
    const failed = failures(await runSmoke(origin));
    expect(Object.keys(failed)).toEqual(["home (en)", "Lab agent page (en)"]);
    expect(failed["home (en)"]).toBe('GET /en: the page is not <html lang="en">');
  });

  it.each([
    [503, "quota_unavailable", "UPSTASH_REDIS_REST_URL"],
    [429, "quota_exceeded", "quota is spent"],
    [403, "forbidden_origin", "SITE_URL"],
  ])("a refused run (%i %s) says what to fix", async (status, code, hint) => {
    site.agent = refuse(status, code);
    const detail = failures(await runSmoke(origin))["agent run"];
    expect(detail).toContain(`POST /api/agent answered ${status} (${code})`);
    expect(detail).toContain(hint);
  });

  it.each([
    ["a run that hit a limit", [done("step_limit")], 'the run ended with reason "step_limit", expected "answered"'],
    ["a stream with no data-done", [{ type: "start" }], "the run's stream had 0 data-done parts, expected exactly 1"],
    [
      "a stream with two",
      [done("answered"), done("answered")],
      "the run's stream had 2 data-done parts, expected exactly 1",
    ],
  ])("fails %s", async (_name, parts, message) => {
    site.agent = stream(parts);
    expect(failures(await runSmoke(origin))["agent run"]).toBe(message);
  });

  it("fails when the run came from the wrong kind of model", async () => {
    expect(failures(await runSmoke(origin, { model: "real" }))["agent run"]).toContain(
      "answered by the offline planner",
    );
    site.agent = stream([done("answered", "@cf/google/gemma-4-26b-a4b-it")]);
    expect(failures(await runSmoke(origin, { model: "offline" }))["agent run"]).toContain(
      "answered by @cf/google/gemma-4-26b-a4b-it, expected the offline planner",
    );
    expect(failures(await runSmoke(origin, { model: "real" }))).toEqual({});
  });

  it("fails a run that hangs, within its timeout", async () => {
    site.agent = (_request, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(`data: ${JSON.stringify({ type: "start" })}\n\n`);
    };
    const detail = failures(await runSmoke(origin, { runTimeoutMs: 300 }))["agent run"];
    expect(detail).toMatch(/0\.3 s/);
  });

  it("says when nothing listens at the URL", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const failed = failures(await runSmoke(`http://127.0.0.1:${port}`));
    expect(failed.health).toBe("GET /api/health: connection refused: is the site running at this URL?");
    expect(Object.keys(failed)).toHaveLength(6);
  });

  it("--wait: waits for a version that is still coming up, and says what it last saw when it never does", async () => {
    let calls = 0;
    site.health = () => {
      calls += 1;
      return calls < 3 ? { status: 503, body: {} } : { status: 200, body: { ok: true } };
    };
    await waitUntilUp(origin, 5_000, { intervalMs: 20 });
    expect(calls).toBe(3);
    site.health = () => ({ status: 404, body: {} });
    await expect(waitUntilUp(origin, 200, { intervalMs: 20 })).rejects.toThrow(
      `${origin}/api/health was not up within 0.2 s (last: HTTP 404)`,
    );
  });
});
