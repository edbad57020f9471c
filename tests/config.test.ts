import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfigError, config, readConfig } from "@/lib/config";
import { QuotaConfigError } from "@/lib/platform/errors";
import { importsOf } from "@/tests/support/import-graph";

// Guards the one configuration module: it parses and validates every setting (a present but
// unusable value is a `ConfigError` naming it, a bad quota setting is kept as its error so pages
// still render), it is the only reader of `process.env` in the product, and the product never
// imports the bench's replay or its recording.

const dev = { production: false, workers: false };

afterEach(() => vi.unstubAllEnvs());

describe("readConfig", () => {
  it("reads a fresh clone's empty settings as no model, no site URL, a memory quota", () => {
    const settings = readConfig({ SITE_URL: "", AGENT_MODEL: "", ANTHROPIC_API_KEY: " " }, dev);
    expect(settings).toMatchObject({ production: false, siteUrl: undefined });
    expect(settings.models).toEqual({
      workersAIModel: undefined,
      workersAIRest: undefined,
      openAICompatible: undefined,
      anthropic: undefined,
      previewAlias: undefined,
    });
    expect(settings.quota).toMatchObject({ store: { kind: "memory" } });
  });

  it("types each model's settings, trimmed", () => {
    const { models } = readConfig(
      {
        AGENT_MODEL: " @cf/google/gemma-3-12b-it ",
        CLOUDFLARE_ACCOUNT_ID: "acc",
        CLOUDFLARE_API_TOKEN: "token",
        OPENAI_COMPATIBLE_BASE_URL: "http://localhost:11434/v1",
        OPENAI_COMPATIBLE_MODEL: "gemma3:12b",
        OPENAI_COMPATIBLE_API_KEY: "key",
        ANTHROPIC_API_KEY: "sk-ant",
        ANTHROPIC_MODEL: "claude-sonnet-4-5",
        PREVIEW_ALIAS: "pr-7",
      },
      dev,
    );
    expect(models).toEqual({
      workersAIModel: "@cf/google/gemma-3-12b-it",
      workersAIRest: { accountId: "acc", apiToken: "token" },
      openAICompatible: { baseURL: "http://localhost:11434/v1", model: "gemma3:12b", apiKey: "key" },
      anthropic: { apiKey: "sk-ant", model: "claude-sonnet-4-5" },
      previewAlias: "pr-7",
    });
  });

  it("takes the account id alone (a deploy setting) for no REST model", () => {
    expect(readConfig({ CLOUDFLARE_ACCOUNT_ID: "acc" }, dev).models.workersAIRest).toBeUndefined();
    expect(readConfig({ CLOUDFLARE_API_TOKEN: "t" }, dev).models.workersAIRest).toBeUndefined();
  });

  it.each([
    ["SITE_URL", "tallernorte.example"],
    ["SITE_URL", "ftp://tallernorte.example"],
    ["AGENT_MODEL", "gemma-4"],
    ["AGENT_MODEL", "@cf/google/gemma 4"],
    ["OPENAI_COMPATIBLE_BASE_URL", "localhost:11434/v1"],
  ])("refuses %s=%s with an error that names it", (name, value) => {
    expect(() => readConfig({ [name]: value }, dev)).toThrow(ConfigError);
    expect(() => readConfig({ [name]: value }, dev)).toThrow(new RegExp(`^${name} must`));
  });

  it("keeps a bad quota setting as its error, the rest of the settings intact", () => {
    const settings = readConfig({ SITE_URL: "https://tallernorte.example", QUOTA_BURST_PER_MINUTE: "-1" }, dev);
    expect(settings.quota).toBeInstanceOf(QuotaConfigError);
    expect((settings.quota as QuotaConfigError).message).toMatch(/QUOTA_BURST_PER_MINUTE/);
    expect(settings.siteUrl).toBe("https://tallernorte.example");
    // Production without Upstash or a salt: the Lab refuses to spend; the settings still read.
    expect(readConfig({}, { production: true, workers: true }).quota).toBeInstanceOf(QuotaConfigError);
  });

  it("takes production from the build's NODE_ENV, which a Worker's runtime env lacks", () => {
    expect(readConfig({}, { workers: true }).production).toBe(false);
    expect(readConfig({ NODE_ENV: "production" }, { workers: true }).production).toBe(true);
    vi.stubEnv("NODE_ENV", "production");
    expect(readConfig({}, { workers: true }).production).toBe(true);
  });
});

describe("config()", () => {
  it("reads process.env, and again when it changed", () => {
    vi.stubEnv("SITE_URL", "https://one.example");
    const first = config();
    expect(first.siteUrl).toBe("https://one.example");
    expect(config()).toBe(first);
    vi.stubEnv("SITE_URL", "https://two.example");
    expect(config().siteUrl).toBe("https://two.example");
  });
});

function sourceFiles(entry: string): string[] {
  if (statSync(entry).isFile()) return /\.(ts|tsx|mjs)$/.test(entry) ? [entry] : [];
  return readdirSync(entry).flatMap((name) => sourceFiles(path.join(entry, name)));
}

describe("the product's reads of the environment", () => {
  it("go through lib/config.ts (settings) and lib/server-mode.ts (which process this is) only", () => {
    const readers = ["app", "lib", "components", "instrumentation.ts", "middleware.ts", "proxy.ts"]
      .filter((entry) => {
        try {
          return statSync(entry) !== undefined;
        } catch {
          return false;
        }
      })
      .flatMap(sourceFiles)
      .filter((file) => {
        // Comments may name it; code may not.
        const code = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
        // instrumentation.ts may test NEXT_RUNTIME literally, and nothing else: Next replaces that
        // one at compile time, which drops the Node-only branch from the edge graph.
        const rest = file === "instrumentation.ts" ? code.replace(/process\.env\.NEXT_RUNTIME\b/g, "") : code;
        return /\bprocess\.env\b|\bgetCloudflareContext\s*\(/.test(rest);
      });
    expect(readers).toEqual(["lib/config.ts", "lib/server-mode.ts"]);
  });
});

describe("the model path", () => {
  it.each([
    "app/api/agent/route.ts",
    "app/api/chat/route.ts",
    "app/api/review/route.ts",
    "app/api/lab/models/route.ts",
    "lib/ai/providers.ts",
  ])("%s imports neither the bench's replay nor its recording", (entry) => {
    const { files } = importsOf(entry);
    expect(files.has("lib/ai/model-table.ts")).toBe(true);
    expect([...files].filter((file) => file.startsWith("bench/") || /replay/.test(file))).toEqual([]);
  });
});
