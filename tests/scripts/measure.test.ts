// @studio demo
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_AGENT_MODEL } from "@/lib/ai/default-models";
import { measureGoals, measureRefusal, readGoldenGoals } from "@/scripts/measure";
import { locale } from "@/tests/support/studio";
import { openAIStep, type ReplayStep, sseText } from "@/tests/support/workers-ai-replay";

const es = locale("es");
const en = locale("en");

// `npm run measure` against a replayed Workers AI stream (an injected fetch): the real run path,
// the report it writes, and its refusal to run without the opt-in and credentials. Never the API.

const ENV = { MEASURE_REAL_MODEL: "1", CLOUDFLARE_ACCOUNT_ID: "acc", CLOUDFLARE_API_TOKEN: "key" };

/** A REST fetch that replays `steps` in turn, and records what it was asked for. */
function replayFetch(steps: (call: number) => ReplayStep) {
  const urls: string[] = [];
  const fetcher: typeof fetch = async (input) => {
    urls.push(String(input instanceof Request ? input.url : input));
    return new Response(sseText(steps(urls.length - 1)), { headers: { "content-type": "text/event-stream" } });
  };
  return { fetcher, urls };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("measureRefusal", () => {
  it.each([
    [{}, /set MEASURE_REAL_MODEL=1/],
    [{ MEASURE_REAL_MODEL: "yes", CLOUDFLARE_ACCOUNT_ID: "a", CLOUDFLARE_API_TOKEN: "k" }, /set MEASURE_REAL_MODEL=1/],
    [{ MEASURE_REAL_MODEL: "1" }, /set CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN/],
    [{ MEASURE_REAL_MODEL: "1", CLOUDFLARE_ACCOUNT_ID: "a", CLOUDFLARE_API_TOKEN: " " }, /set CLOUDFLARE_API_TOKEN\b/],
    [{ ...ENV, CI: "true" }, /never runs in CI/],
  ])("refuses %j with one line naming what to set", (env, message) => {
    const refusal = measureRefusal(env);
    expect(refusal).toMatch(message);
    expect(refusal).not.toContain("\n");
  });

  it("lets a configured, opted-in machine run", () => {
    expect(measureRefusal(ENV)).toBeNull();
  });
});

describe("the golden goals", () => {
  it("are 5 in Spanish and 5 in English, with unique ids", () => {
    const goals = readGoldenGoals();
    expect(goals.filter((g) => g.locale === es)).toHaveLength(5);
    expect(goals.filter((g) => g.locale === en)).toHaveLength(5);
    expect(new Set(goals.map((g) => g.id)).size).toBe(goals.length);
  });
});

describe("measureGoals on a replayed stream", () => {
  it("runs each goal through the REST model and writes times, counts, tokens, neurons and guards", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const noNetwork = vi.spyOn(globalThis, "fetch").mockRejectedValue(new Error("no network in tests"));
    // Each run: a search with a bad argument (refused), a good search, then an answer with an
    // amount no tool returned.
    const { fetcher, urls } = replayFetch((call) => {
      const step = call % 3;
      if (step === 0)
        return openAIStep({
          text: "Busco. ",
          calls: [{ name: "search_site", args: { query: 42 } }],
          usage: { prompt: 800, completion: 20, neurons: 1.5 },
        });
      if (step === 1)
        return openAIStep({
          calls: [{ name: "search_site", args: { query: "panadería blog" } }],
          usage: { prompt: 900, completion: 15, neurons: 1.25 },
        });
      return openAIStep({ text: "Cuesta unos $ 123.456.789.", usage: { prompt: 1000, completion: 30, neurons: 2 } });
    });
    const out = path.join(mkdtempSync(path.join(tmpdir(), "measure-")), "measurements.md");
    const goals = readGoldenGoals().slice(0, 2);
    const runs = await measureGoals({ env: ENV, fetch: fetcher, goals, out, log: () => {} });

    expect(noNetwork).not.toHaveBeenCalled();
    expect(urls).toHaveLength(6);
    for (const url of urls) expect(url).toContain(`/accounts/acc/ai/run/${DEFAULT_AGENT_MODEL}`);
    expect(runs.map((r) => r.id)).toEqual(goals.map((g) => g.id));
    for (const run of runs) {
      expect(run).toMatchObject({
        reason: "answered",
        modelCalls: 3,
        toolCalls: 1,
        refusedCalls: 1,
        refusals: { invalid_arguments: 1 },
        unverifiedAmounts: 1,
        inputTokens: 2700,
        outputTokens: 65,
        neurons: 4.75,
        neuronsReported: "3/3",
      });
      expect(run.firstTextMs).not.toBeNull();
      expect(run.firstTextMs).toBeLessThanOrEqual(run.totalMs);
    }

    const markdown = readFileSync(out, "utf8");
    expect(markdown).toContain(`against \`${DEFAULT_AGENT_MODEL}\``);
    for (const goal of goals)
      expect(markdown).toMatch(
        new RegExp(
          `\\| ${goal.id} \\| answered \\| \\d+ \\| \\d+ \\| 3 \\| 1 \\| 1 \\| 1 \\| 2700 \\| 65 \\| 0 \\| 4.75 \\(3/3 reported\\) \\|`,
        ),
      );
    expect(markdown).toContain("- reasons: answered 2");
    expect(markdown).toContain("- refused tool calls: 2 (invalid_arguments 2)");
    expect(markdown).toContain("- runs with unverified amounts: 2 (2 amounts)");
    expect(markdown).toContain("neurons, all runs: 9.5");
  });

  it("writes nothing and calls nothing without the opt-in", async () => {
    const { fetcher, urls } = replayFetch(() => openAIStep({ text: "…" }));
    const out = path.join(mkdtempSync(path.join(tmpdir(), "measure-")), "measurements.md");
    await expect(
      measureGoals({ env: { CLOUDFLARE_ACCOUNT_ID: "a", CLOUDFLARE_API_TOKEN: "k" }, fetch: fetcher, out }),
    ).rejects.toThrow(/MEASURE_REAL_MODEL=1/);
    expect(urls).toEqual([]);
    expect(() => readFileSync(out)).toThrow();
  });
});

describe("npm run measure", () => {
  it("exits non-zero with one line when not opted in", () => {
    const env = { ...process.env, MEASURE_REAL_MODEL: "", CI: "", CLOUDFLARE_ACCOUNT_ID: "", CLOUDFLARE_API_TOKEN: "" };
    const result = spawnSync("npm", ["run", "--silent", "measure"], { env, encoding: "utf8" });
    expect(result.status).not.toBe(0);
    expect(result.stderr.trim()).toMatch(/^measure: set MEASURE_REAL_MODEL=1 /);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
  }, 60_000);

  it("names the credentials when opted in without them", () => {
    const env = {
      ...process.env,
      MEASURE_REAL_MODEL: "1",
      CI: "",
      CLOUDFLARE_ACCOUNT_ID: "",
      CLOUDFLARE_API_TOKEN: "",
    };
    expect(() => execFileSync("npm", ["run", "--silent", "measure"], { env, encoding: "utf8", stdio: "pipe" })).toThrow(
      /set CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN/,
    );
  }, 60_000);
});
