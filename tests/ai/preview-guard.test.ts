// @studio demo
import { afterEach, describe, expect, it, vi } from "vitest";
import { agentUse } from "@/lib/agent/run-agent";
import { DEFAULT_AGENT_MODEL, DEFAULT_ANTHROPIC_MODEL } from "@/lib/ai/default-models";
import { previewForcesOffline } from "@/lib/ai/preview-guard";
import { resolveModel } from "@/lib/ai/providers";
import { chatUse } from "@/lib/chat/run-chat";
import { startLabUse } from "@/lib/lab/run-use";
import { LAB_USES } from "@/lib/lab-uses";
import { createQuota, DEFAULT_LIMITS, memoryStore } from "@/lib/quota";
import { reviewUse } from "@/lib/review/run-review";
import { contextOf, OFFLINE } from "@/tests/support/model-context";
import { locale } from "@/tests/support/studio";

const es = locale("es");
const en = locale("en");

// Guards the promise that pull-request previews spend no neurons and production never runs the
// offline planner because of a preview setting: `PREVIEW_ALIAS` counts only on a request that came
// in through a preview URL of this Worker, never on the site's own host.

const ALIAS_HOST = "https://pr-12-lab-agent.studio.workers.dev/api/agent";
const VERSION_HOST = "https://3f2a9c1d-lab-agent.studio.workers.dev/api/agent";
const PREVIEW = { PREVIEW_ALIAS: "pr-12", SITE_URL: "https://tallernorte.example" };

/** The guard for these variables, as the model table hands them over. */
function guard(env: Record<string, string>, requestUrl: string | undefined): boolean {
  return previewForcesOffline({ previewAlias: env.PREVIEW_ALIAS, siteUrl: env.SITE_URL, requestUrl });
}

describe("previewForcesOffline", () => {
  it.each([
    ["the alias's preview URL", ALIAS_HOST],
    ["the version's preview URL", VERSION_HOST],
    ["an upper-case host", "https://PR-12-LAB-AGENT.studio.workers.dev/api/agent"],
  ])("on %s of a preview version: offline", (_name, requestUrl) => {
    expect(guard(PREVIEW, requestUrl)).toBe(true);
  });

  it.each([
    ["the production domain", "https://tallernorte.example/api/agent"],
    ["the production workers.dev host", "https://lab-agent.studio.workers.dev/api/agent"],
    ["another PR's alias", "https://pr-13-lab-agent.studio.workers.dev/api/agent"],
    ["a longer PR number with the same start", "https://pr-123-lab-agent.studio.workers.dev/api/agent"],
    ["a host that is not workers.dev", "https://pr-12-lab-agent.studio.example/api/agent"],
    ["a workers.dev look-alike", "https://pr-12-lab-agent.workers.dev.evil.example/api/agent"],
    ["no request URL", undefined],
    ["a malformed request URL", "not a url"],
  ])("a preview version reached on %s: the configured model", (_name, requestUrl) => {
    expect(guard(PREVIEW, requestUrl)).toBe(false);
  });

  it("never on the site's own host, even when SITE_URL is a preview-looking workers.dev URL", () => {
    const env = { PREVIEW_ALIAS: "pr-12", SITE_URL: "https://pr-12-lab-agent.studio.workers.dev" };
    expect(guard(env, ALIAS_HOST)).toBe(false);
  });

  it.each([
    ["unset", {}],
    ["empty", { PREVIEW_ALIAS: "" }],
    ["spaces", { PREVIEW_ALIAS: "   " }],
    ["not an alias", { PREVIEW_ALIAS: "pr 12" }],
    ["a host pattern", { PREVIEW_ALIAS: "*" }],
  ])("PREVIEW_ALIAS %s: the configured model on any host", (_name, env) => {
    expect(guard(env, ALIAS_HOST)).toBe(false);
    expect(guard(env, VERSION_HOST)).toBe(false);
  });
});

describe("the agent's model on a preview", () => {
  // Workers AI over REST stands for "a real model is configured"; no call is made here.
  const real = { CLOUDFLARE_ACCOUNT_ID: "account", CLOUDFLARE_API_TOKEN: "token" };

  it("answers with the offline planner on the preview URL, though a real model is configured", () => {
    const agent = resolveModel("agent", {
      offline: OFFLINE.agent,
      locale: es,
      runId: "run",
      context: contextOf({ ...real, ...PREVIEW }, { requestUrl: ALIAS_HOST }),
    });
    expect(agent).toMatchObject({ kind: "offline", name: LAB_USES.agent.offlineModel, estimatedUsage: true });
  });

  it("keeps the real model when the same version serves the production host", () => {
    const agent = resolveModel("agent", {
      offline: OFFLINE.agent,
      locale: es,
      runId: "run",
      context: contextOf({ ...real, ...PREVIEW }, { requestUrl: "https://tallernorte.example/api/agent" }),
    });
    expect(agent).toMatchObject({ kind: "workers-ai-rest", name: DEFAULT_AGENT_MODEL });
  });

  it("keeps the real model on a preview URL of a version without PREVIEW_ALIAS (a production version)", () => {
    const agent = resolveModel("agent", {
      offline: OFFLINE.agent,
      locale: en,
      runId: "run",
      context: contextOf(real, { requestUrl: VERSION_HOST }),
    });
    expect(agent.kind).toBe("workers-ai-rest");
  });
});

describe("the Lab on a preview", () => {
  afterEach(() => vi.unstubAllEnvs());

  // A preview with every real model configured: the "real" ones are an OpenAI-compatible server on
  // a closed local port and a Claude key, so nothing leaves the machine.
  function previewWithModels() {
    for (const [name, value] of Object.entries({
      CLOUDFLARE_ACCOUNT_ID: "",
      CLOUDFLARE_API_TOKEN: "",
      OPENAI_COMPATIBLE_BASE_URL: "http://127.0.0.1:9/v1",
      ANTHROPIC_API_KEY: "test-key-never-sent",
      ...PREVIEW,
    })) {
      vi.stubEnv(name, value);
    }
    return createQuota({ store: memoryStore(), salt: "preview-guard-test-salt", limits: DEFAULT_LIMITS });
  }

  async function modelOf(response: Response): Promise<string | null> {
    await response.body?.cancel();
    return response.headers.get("x-agent-model");
  }

  // The route hands the request's URL to the model choice: without it the guard never sees a host.
  it.each([
    [ALIAS_HOST, LAB_USES.agent.offlineModel],
    ["https://tallernorte.example/api/agent", "gemma3"],
  ])("an agent run at %s answers with %s", async (url, model) => {
    const quota = previewWithModels();
    const request = new Request(url, { method: "POST", headers: { "cf-connecting-ip": "203.0.113.9" } });
    expect(await modelOf(await startLabUse(request, agentUse({ goal: "A landing page", locale: en }), { quota }))).toBe(
      model,
    );
  });

  // On Workers, OpenNext rebuilds request.url as http://localhost:3000; the host Cloudflare routed
  // the request by is in `Host`.
  function behindOpenNext(host: string): Request {
    return new Request("http://localhost:3000/api/lab", {
      method: "POST",
      headers: { "cf-connecting-ip": "203.0.113.9", host },
    });
  }
  const previewHost = new URL(ALIAS_HOST).host;

  it.each([
    [previewHost, LAB_USES.agent.offlineModel],
    ["tallernorte.example", "gemma3"],
  ])("an agent run for Host %s behind OpenNext's localhost URL answers with %s", async (host, model) => {
    const quota = previewWithModels();
    const response = await startLabUse(behindOpenNext(host), agentUse({ goal: "A landing page", locale: en }), {
      quota,
    });
    expect(await modelOf(response)).toBe(model);
  });

  it.each([
    [previewHost, LAB_USES.chat.offlineModel],
    ["tallernorte.example", DEFAULT_ANTHROPIC_MODEL],
  ])("a chat message for Host %s answers with %s (Claude too stays off previews)", async (host, model) => {
    const quota = previewWithModels();
    const turns = [{ role: "user" as const, text: "How much is an online store?" }];
    const response = await startLabUse(behindOpenNext(host), chatUse({ turns, locale: en }), { quota });
    expect(await modelOf(response)).toBe(model);
  });

  it.each([
    [previewHost, LAB_USES.review.offlineModel],
    ["tallernorte.example", "gemma3"],
  ])("a review for Host %s answers with %s", async (host, model) => {
    const quota = previewWithModels();
    const response = await startLabUse(behindOpenNext(host), reviewUse({ code: "var a = 1;", locale: en }), {
      quota,
    });
    expect(await modelOf(response)).toBe(model);
  });
});
