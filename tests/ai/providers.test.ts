import { afterEach, describe, expect, it, vi } from "vitest";

// Guards DESIGN.md's order of models: the AI binding, then Workers AI over REST, then an
// OpenAI-compatible server, then the offline planner. Each case offers every model below the one
// it expects, so swapping any two in `resolveAgentModel` fails one of them.

const context = vi.hoisted(() => ({ env: {} as Record<string, unknown> | null }));
vi.mock("@opennextjs/cloudflare", () => ({
  getCloudflareContext: () => {
    if (!context.env) throw new Error("no Cloudflare context");
    return { env: context.env };
  },
}));

const { DEFAULT_AGENT_MODEL, resolveAgentModel } = await import("@/lib/ai/providers");

const rest = { CLOUDFLARE_ACCOUNT_ID: "acc", CLOUDFLARE_API_TOKEN: "token" };
const openAI = { OPENAI_COMPATIBLE_BASE_URL: "http://127.0.0.1:3009/v1", OPENAI_COMPATIBLE_MODEL: "gemma-local" };
const binding = { run: async () => new ReadableStream() } as unknown as Ai;

function resolve(env: Record<string, string>, ai: Ai | null) {
  context.env = ai ? { AI: ai } : null;
  return resolveAgentModel({ locale: "es", runId: "run-1", env });
}

afterEach(() => {
  context.env = null;
});

describe("resolveAgentModel", () => {
  it("takes the AI binding first, whatever else is configured", () => {
    const model = resolve({ ...rest, ...openAI }, binding);
    expect(model).toMatchObject({ kind: "workers-ai-binding", name: DEFAULT_AGENT_MODEL, estimatedUsage: false });
  });

  it("takes Workers AI over REST next, before an OpenAI-compatible server", () => {
    const model = resolve({ ...rest, ...openAI, AGENT_MODEL: "@cf/google/gemma-3-12b-it" }, null);
    expect(model).toMatchObject({ kind: "workers-ai-rest", name: "@cf/google/gemma-3-12b-it" });
  });

  it("takes an OpenAI-compatible server when Workers AI is not configured", () => {
    expect(resolve(openAI, null)).toMatchObject({ kind: "openai-compatible", name: "gemma-local" });
    // Half a REST configuration is no configuration.
    expect(resolve({ ...openAI, CLOUDFLARE_ACCOUNT_ID: "acc" }, null)).toMatchObject({ kind: "openai-compatible" });
  });

  it("falls back to the offline planner, labelled as such", () => {
    expect(resolve({}, null)).toMatchObject({ kind: "offline", name: "offline-planner", estimatedUsage: true });
  });
});
