// @studio demo
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { POST } from "@/app/api/agent/route";
import type { LabModel } from "@/lib/ai/providers";
import { quotaFromEnv } from "@/lib/quota";
import { openTestBridge, TEST_SALT, TEST_TOKEN, type TestBridge, uniquePrefix } from "@/tests/support/redis-bridge";
import { scriptedModel } from "@/tests/support/scripted-model";
import { locale } from "@/tests/support/studio";

const es = locale("es");

// Guards the gate in front of the quota, through the real route: a request another site's page
// could send, a body that isn't JSON, or a goal with nothing visible in it gets its 4xx code, and
// spends no unit and calls no model. A request from the Lab's own page, or from a client with no
// Origin (curl), runs. The quota is the production Upstash store over a real Redis (the bridge).

const scripted = { current: scriptedModel([{ text: "Hola." }]) };
vi.mock("@/lib/ai/providers", async (original) => ({
  ...(await original<typeof import("@/lib/ai/providers")>()),
  resolveModel: (): LabModel => ({
    use: "agent",
    case: "offline",
    model: scripted.current.model,
    name: "scripted",
    kind: "offline",
    estimatedUsage: false,
  }),
}));

const SITE = "http://lab.example";
const GOAL = JSON.stringify({ goal: "Una tienda en línea", locale: es });

function post(headers: Record<string, string>, body = GOAL): Request {
  return new Request(`${SITE}/api/agent`, { method: "POST", body, headers: { host: "lab.example", ...headers } });
}
const json = { "content-type": "application/json" };
const sameOrigin = { ...json, origin: SITE, "sec-fetch-site": "same-origin", "x-real-ip": "203.0.113.40" };

let redis: TestBridge;
beforeAll(async () => {
  redis = await openTestBridge();
});
afterAll(() => redis?.close());

beforeEach(() => {
  scripted.current = scriptedModel([{ text: "Hola." }]);
  vi.stubEnv("UPSTASH_REDIS_REST_URL", redis.bridge.url);
  vi.stubEnv("UPSTASH_REDIS_REST_TOKEN", TEST_TOKEN);
  vi.stubEnv("QUOTA_SALT", TEST_SALT);
  vi.stubEnv("QUOTA_KEY_PREFIX", uniquePrefix("gate").replaceAll(".", "-"));
  vi.stubEnv("QUOTA_BURST_PER_MINUTE", "0");
  vi.stubEnv("TRUSTED_IP_HEADER", "x-real-ip");
  vi.stubEnv("SITE_URL", "");
});
afterEach(() => vi.unstubAllEnvs());

async function unitsUsed(): Promise<number> {
  return (await quotaFromEnv(process.env).today()).units.used;
}

describe("POST /api/agent refuses what another site's page could send", () => {
  it.each([
    ["a text/plain body (a simple request, no preflight)", { "content-type": "text/plain" }, 415],
    ["no content type", {}, 415],
    ["a form post", { "content-type": "application/x-www-form-urlencoded" }, 415],
    ["a multipart form", { "content-type": "multipart/form-data; boundary=x" }, 415],
    ["two content types", { "content-type": "application/json, text/plain" }, 415],
    ["a JSON look-alike", { "content-type": "application/json-seq" }, 415],
  ])("%s -> %i unsupported_media_type, nothing spent, no model call", async (_name, headers, status) => {
    const response = await POST(post(headers));
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ error: { code: "unsupported_media_type" } });
    expect(await unitsUsed()).toBe(0);
    expect(scripted.current.calls()).toHaveLength(0);
  });

  it.each([
    ["another site's Origin", { origin: "https://evil.example" }],
    ["another site, even sending JSON", { origin: "https://evil.example", "sec-fetch-site": "cross-site" }],
    ["Sec-Fetch-Site cross-site with our Origin", { origin: SITE, "sec-fetch-site": "cross-site" }],
    ["Sec-Fetch-Site same-site (a sibling subdomain)", { origin: SITE, "sec-fetch-site": "same-site" }],
    ["Origin null (a sandboxed frame or a data: URL)", { origin: "null" }],
    ["a malformed Origin", { origin: "lab.example" }],
    ["an Origin with a path", { origin: `${SITE}/lab` }],
    ["our hostname as a prefix of theirs", { origin: "http://lab.example.evil.example" }],
    ["another port on our host", { origin: "http://lab.example:8080" }],
    ["two Origins", { origin: `${SITE}, https://evil.example` }],
    ["a text/plain body from another site", { origin: "https://evil.example", "content-type": "text/plain" }],
  ])("%s -> 403 forbidden_origin, nothing spent, no model call", async (_name, headers) => {
    const response = await POST(post({ ...json, ...headers }));
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: "forbidden_origin", message: expect.any(String) } });
    expect(await unitsUsed()).toBe(0);
    expect(scripted.current.calls()).toHaveLength(0);
  });

  it.each([
    ["zero-width spaces and joiners", "\u200B\u200C\u200D"],
    ["word joiner, BOM, soft hyphen, Mongolian vowel separator", "\u2060\uFEFF\u00AD\u180E"],
    ["Hangul fillers and variation selectors", "\u3164\uFFA0\u115F\uFE0F"],
    ["tag characters between spaces", " \u{E0041}\u{E0042} \u3000"],
  ])("a goal of %s -> 400 invalid_body, nothing spent, no model call", async (_name, goal) => {
    const response = await POST(post(sameOrigin, JSON.stringify({ goal: goal.repeat(20), locale: es })));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: "invalid_body" } });
    expect(await unitsUsed()).toBe(0);
    expect(scripted.current.calls()).toHaveLength(0);
  });

  it("measures the goal without its invisible characters: 500 visible ones pass, 501 don't", async () => {
    const padded = (n: number) => JSON.stringify({ goal: "a\u200B".repeat(n), locale: es });
    const ok = await POST(post(sameOrigin, padded(500)));
    expect(ok.status).toBe(200);
    await ok.text();
    const long = await POST(post(sameOrigin, padded(501)));
    expect(long.status).toBe(400);
    expect(await unitsUsed()).toBe(2);
  });
});

describe("POST /api/agent serves the Lab's own page and clients without an Origin", () => {
  it("runs a same-origin request, spends 2 units, and the model sees the goal without hidden characters", async () => {
    const body = JSON.stringify({ goal: "Una\u200B tienda\u00AD en\u2060 línea", locale: es });
    const response = await POST(post(sameOrigin, body));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('"type":"data-done"');
    expect(await unitsUsed()).toBe(2);
    const prompt = JSON.stringify(scripted.current.calls()[0]);
    expect(prompt).toContain("Una tienda en línea");
    expect(prompt).not.toMatch(/\\u200b|\u200B|\\u00ad|\u00AD|\u2060/i);
  });

  it("runs a request with no Origin (curl), charged to its own trusted IP", async () => {
    const response = await POST(post({ ...json, "x-real-ip": "203.0.113.41" }));
    expect(response.status).toBe(200);
    expect(response.headers.get("x-quota-remaining")).toBe("18");
    await response.text();
    expect(scripted.current.calls()).toHaveLength(1);
  });

  it("accepts SITE_URL's origin behind a proxy, and then only it", async () => {
    vi.stubEnv("SITE_URL", "https://taller-norte.example/");
    // next start behind a proxy: the Host it sees is internal, the browser's Origin is public.
    const proxied = { ...json, host: "127.0.0.1:3000", "sec-fetch-site": "same-origin" };
    const ok = await POST(post({ ...proxied, origin: "https://taller-norte.example" }));
    expect(ok.status).toBe(200);
    await ok.text();
    // A DNS-rebinding page's Origin equals the Host it made the browser send: refused.
    const rebound = await POST(post({ ...json, host: "rebind.example", origin: "http://rebind.example" }));
    expect(rebound.status).toBe(403);
  });

  it("accepts the host a proxy forwards (X-Forwarded-Host) when SITE_URL is not set", async () => {
    const proxied = { ...json, host: "127.0.0.1:3000", "x-forwarded-host": "lab.example", "x-real-ip": "203.0.113.42" };
    const ok = await POST(post({ ...proxied, origin: "https://lab.example", "sec-fetch-site": "same-origin" }));
    expect(ok.status).toBe(200);
    await ok.text();
    const other = await POST(post({ ...proxied, origin: "https://evil.example" }));
    expect(other.status).toBe(403);
  });

  it("reads Host and X-Forwarded-Host without regard to case, as browsers lowercase Origin", async () => {
    const upper = { ...json, "sec-fetch-site": "same-origin", "x-real-ip": "203.0.113.43" };
    const byHost = await POST(post({ ...upper, host: "LAB.Example", origin: "http://lab.example" }));
    expect(byHost.status).toBe(200);
    await byHost.text();
    const forwarded = { ...upper, host: "127.0.0.1:3000", "x-forwarded-host": "Lab.EXAMPLE" };
    const byProxy = await POST(post({ ...forwarded, origin: "https://lab.example" }));
    expect(byProxy.status).toBe(200);
    await byProxy.text();
  });

  it("charges spoofed CF-Connecting-IP headers off Workers to the one trusted IP", async () => {
    for (const spoof of ["198.51.100.1", "198.51.100.2"]) {
      const response = await POST(post({ ...sameOrigin, "cf-connecting-ip": spoof }));
      expect(response.status).toBe(200);
      await response.text();
    }
    const third = await POST(post({ ...sameOrigin, "cf-connecting-ip": "198.51.100.3" }));
    expect(third.headers.get("x-quota-remaining")).toBe("14");
    await third.text();
  });

  it("refuses to spend in production off Workers with no trusted IP header: 503, nothing spent", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("TRUSTED_IP_HEADER", "");
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const response = await POST(post(sameOrigin));
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ error: { code: "quota_unavailable" } });
      expect(errors.mock.calls.flat().join("\n")).toMatch(/quota_config_error.*TRUSTED_IP_HEADER/);
      expect(scripted.current.calls()).toHaveLength(0);
    } finally {
      errors.mockRestore();
    }
    vi.stubEnv("NODE_ENV", "test");
    vi.stubEnv("TRUSTED_IP_HEADER", "x-real-ip");
    expect(await unitsUsed()).toBe(0);
  });
});

describe("POST /api/agent on Workers", () => {
  beforeEach(() => vi.stubGlobal("navigator", { userAgent: "Cloudflare-Workers" }));
  afterEach(() => vi.unstubAllGlobals());

  it("takes the host Cloudflare routed by as the site's (a preview too), and counts CF-Connecting-IP only", async () => {
    vi.stubEnv("SITE_URL", "https://taller-norte.example");
    // OpenNext's Next server rebuilds request.url from its own address: only Host is the visitor's.
    const preview = (ip: string, spoof: string) =>
      new Request("http://localhost:3000/api/agent", {
        method: "POST",
        body: GOAL,
        headers: {
          ...json,
          host: "lab-agent.example.workers.dev",
          origin: "https://lab-agent.example.workers.dev",
          "cf-connecting-ip": ip,
          "x-real-ip": spoof,
        },
      });
    const first = await POST(preview("198.51.100.90", "203.0.113.1"));
    expect(first.status).toBe(200);
    expect(first.headers.get("x-quota-remaining")).toBe("18");
    await first.text();
    // x-real-ip means nothing here: the same CF-Connecting-IP is the same visitor.
    const second = await POST(preview("198.51.100.90", "203.0.113.2"));
    expect(second.headers.get("x-quota-remaining")).toBe("16");
    await second.text();
  });

  it("still refuses another site's Origin, and takes no X-Forwarded-Host for the site's", async () => {
    const forwarded = await POST(post({ ...json, "x-forwarded-host": "evil.example", origin: "http://evil.example" }));
    expect(forwarded.status).toBe(403);
    const other = await POST(post({ ...json, origin: "http://lab.example.evil.example" }));
    expect(other.status).toBe(403);
    expect(await unitsUsed()).toBe(0);
  });
});
