// @studio demo
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_AGENT_MODEL, DEFAULT_ANTHROPIC_MODEL, DEFAULT_OPENAI_COMPATIBLE_MODEL } from "@/lib/ai/default-models";
import { chooseModel, type ModelCase } from "@/lib/ai/model-table";
import { resolveModel } from "@/lib/ai/providers";
import type { ModelLabels } from "@/lib/lab/model-labels";
import { LAB_USE_KINDS, LAB_USES, type LabUseKind } from "@/lib/lab-uses";
import { contextOf, OFFLINE } from "@/tests/support/model-context";
import { locale } from "@/tests/support/studio";

const es = locale("es");
const en = locale("en");

// Guards the one model table: for each use and each case it names one model, the model the route
// builds is that very model (its provider id included), and the label the pages read from
// `GET /api/lab/models` is the table's too. Each case offers every model below the one it
// expects, so swapping two rows fails one of them.

const cloudflare = vi.hoisted(() => ({ env: undefined as Record<string, unknown> | undefined }));
vi.mock("@opennextjs/cloudflare", () => ({
  getCloudflareContext: () => {
    if (!cloudflare.env) throw new Error("not in a Cloudflare context");
    return { env: cloudflare.env };
  },
}));

afterEach(() => {
  cloudflare.env = undefined;
  vi.unstubAllEnvs();
});

const binding = { run: vi.fn(async () => new ReadableStream()) } as unknown as Ai;
const rest = { CLOUDFLARE_ACCOUNT_ID: "acc", CLOUDFLARE_API_TOKEN: "token" };
const openAI = { OPENAI_COMPATIBLE_BASE_URL: "http://127.0.0.1:9/v1", OPENAI_COMPATIBLE_MODEL: "gemma-local" };
const claude = { ANTHROPIC_API_KEY: "sk-test-never-sent" };
const everything = { ...rest, ...openAI, ...claude };
const PREVIEW_URL = "https://pr-12-lab-agent.studio.workers.dev/api/review";
const preview = { PREVIEW_ALIAS: "pr-12", SITE_URL: "https://tallernorte.example" };

type Row = {
  case: ModelCase;
  env: Record<string, string>;
  ai?: Ai;
  requestUrl?: string;
  names: Record<LabUseKind, string>;
};
const offline = {
  agent: LAB_USES.agent.offlineModel,
  chat: LAB_USES.chat.offlineModel,
  review: LAB_USES.review.offlineModel,
};
const gemma = { agent: DEFAULT_AGENT_MODEL, chat: DEFAULT_AGENT_MODEL, review: DEFAULT_AGENT_MODEL };

const ROWS: Row[] = [
  { case: "workers-ai-binding", env: { ...rest, ...openAI }, ai: binding, names: gemma },
  { case: "workers-ai-rest", env: { ...rest, ...openAI }, names: gemma },
  {
    case: "openai-compatible",
    env: { ...openAI, CLOUDFLARE_ACCOUNT_ID: "acc" },
    names: { agent: "gemma-local", chat: "gemma-local", review: "gemma-local" },
  },
  { case: "offline", env: { CLOUDFLARE_ACCOUNT_ID: "acc" }, names: offline },
  // A preview with the AI binding and every key, on its preview URL: offline, though every model is configured.
  { case: "preview-offline", env: { ...everything, ...preview }, ai: binding, requestUrl: PREVIEW_URL, names: offline },
];
const USES = LAB_USE_KINDS;

describe("the model table", () => {
  for (const row of ROWS) {
    it.each(USES)(`${row.case}: %s is named and built as one model`, (use) => {
      const context = contextOf(row.env, { ai: row.ai, requestUrl: row.requestUrl });
      const choice = chooseModel(use, context);
      const expectedCase =
        use === "chat" && "ANTHROPIC_API_KEY" in row.env && row.case !== "preview-offline" ? "anthropic" : row.case;
      expect(choice).toMatchObject({ use, case: expectedCase, name: row.names[use] });
      const built = resolveModel(use, { offline: OFFLINE[use], locale: en, runId: "run", context });
      expect(built).toMatchObject(choice);
      expect(built.model.modelId).toBe(choice.name);
      expect(built.estimatedUsage).toBe(choice.kind === "offline");
      expect(built.neurons !== undefined).toBe(
        choice.kind === "workers-ai-binding" || choice.kind === "workers-ai-rest",
      );
    });
  }

  it("gives the chat Claude before any Gemma, and only the chat", () => {
    const context = contextOf({ ...everything, ANTHROPIC_MODEL: "claude-sonnet-4-5" }, { ai: binding });
    expect(chooseModel("chat", context)).toMatchObject({ case: "anthropic", name: "claude-sonnet-4-5" });
    expect(chooseModel("chat", contextOf(claude))).toMatchObject({ kind: "anthropic", name: DEFAULT_ANTHROPIC_MODEL });
    expect(chooseModel("agent", context).kind).toBe("workers-ai-binding");
    expect(chooseModel("review", contextOf(claude)).name).toBe(LAB_USES.review.offlineModel);
    const built = resolveModel("chat", { offline: OFFLINE.chat, locale: es, runId: "r", context });
    expect(built.model.provider).toMatch(/^anthropic/);
  });

  it("takes AGENT_MODEL for every Workers AI row, and the server's default model name otherwise", () => {
    const named = contextOf({ ...rest, AGENT_MODEL: "@cf/google/gemma-3-12b-it" });
    expect(USES.map((use) => chooseModel(use, named).name)).toEqual(Array(3).fill("@cf/google/gemma-3-12b-it"));
    for (const context of [named, contextOf({ AGENT_MODEL: "@cf/google/gemma-3-12b-it" }, { ai: binding })]) {
      const built = resolveModel("review", { offline: OFFLINE.review, locale: es, runId: "r", context });
      expect([built.model.modelId, built.neurons?.model]).toEqual(Array(2).fill("@cf/google/gemma-3-12b-it"));
    }
    const server = contextOf({ OPENAI_COMPATIBLE_BASE_URL: "http://127.0.0.1:9/v1" });
    expect(chooseModel("agent", server).name).toBe(DEFAULT_OPENAI_COMPATIBLE_MODEL);
  });

  it("keeps the configured model on the production host of a preview-aliased version", () => {
    const context = contextOf(
      { ...everything, ...preview },
      { ai: binding, requestUrl: "https://tallernorte.example/" },
    );
    expect(USES.map((use) => chooseModel(use, context).case)).toEqual([
      "workers-ai-binding",
      "anthropic",
      "workers-ai-binding",
    ]);
  });
});

describe("GET /api/lab/models: the label the pages show", () => {
  async function labels(host: string): Promise<ModelLabels> {
    const { GET } = await import("@/app/api/lab/models/route");
    const response = GET(new Request("http://localhost:3000/api/lab/models", { headers: { host } }));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    return (await response.json()) as ModelLabels;
  }

  function previewWorker() {
    cloudflare.env = { AI: binding };
    for (const [name, value] of Object.entries({ ...everything, ...preview })) vi.stubEnv(name, value);
  }

  it("names the offline models on a preview's URL, though it has the AI binding", async () => {
    previewWorker();
    expect(await labels(new URL(PREVIEW_URL).host)).toEqual({
      agent: { kind: "offline", name: LAB_USES.agent.offlineModel },
      chat: { kind: "offline", name: LAB_USES.chat.offlineModel },
      review: { kind: "offline", name: LAB_USES.review.offlineModel },
    });
  });

  it("names the binding's model and Claude on the same version's production host", async () => {
    previewWorker();
    expect(await labels("tallernorte.example")).toEqual({
      agent: { kind: "workers-ai-binding", name: DEFAULT_AGENT_MODEL },
      chat: { kind: "anthropic", name: DEFAULT_ANTHROPIC_MODEL },
      review: { kind: "workers-ai-binding", name: DEFAULT_AGENT_MODEL },
    });
  });

  it("answers 503 with a code on a setting it can't use, naming no model", async () => {
    vi.stubEnv("OPENAI_COMPATIBLE_BASE_URL", "localhost:11434");
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { GET } = await import("@/app/api/lab/models/route");
    const response = GET(new Request("http://localhost:3000/api/lab/models"));
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: { code: "quota_unavailable" } });
  });
});
