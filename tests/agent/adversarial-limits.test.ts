// @studio demo
import { writeFileSync } from "node:fs";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RunBudget } from "@/lib/agent/budget";
import { AGENT_LIMITS } from "@/lib/agent/limits";
import type { DoneReason } from "@/lib/agent/types";
import { DEFAULT_AGENT_MODEL } from "@/lib/ai/default-models";
import { NeuronMeter } from "@/lib/ai/workers-ai-usage";
import { ADVERSARIAL_RESULTS_VARIABLE } from "@/scripts/bench-worst-case";
import { type PlayedRun, playRun, replayModel } from "@/tests/support/agent-run";
import { locale } from "@/tests/support/studio";
import {
  type BindingCall,
  chunk,
  finishChunk,
  type JsonEvent,
  nativeTextEvents,
  nativeToolCallsEvent,
  nativeUsageEvent,
  openAIStep,
  pieces,
  RawSse,
  type ReplayScript,
  type ReplayStep,
  type SseEvent,
  textChunks,
  toolCallArgsFirstChunks,
  toolCallChunks,
  typedEvent,
  usageChunk,
} from "@/tests/support/workers-ai-replay";

const es = locale("es");

// The limits against a hostile or broken model: hand-written Workers AI streams replayed through
// the real workers-ai-provider (fake `AI` binding) and the real run. Every case, whatever the
// model sends: exactly one data-done with a reason from the contract, at most 5 model calls and
// every call the binding received counted, at most 6 tools run, at most 7,000 tokens counted
// (and at most 350 a call), no reasoning in the page's stream, a meter that only goes up.

const REASONS: DoneReason[] = [
  "answered",
  "step_limit",
  "tool_limit",
  "token_budget",
  "timeout",
  "model_error",
  "client_abort",
];

type Played = PlayedRun & { calls: BindingCall[] };

type Row = { case: string; reason: DoneReason; modelCalls: number; toolCalls: number; tokens: number; neurons: number };
const table: Row[] = [];

async function hostile(
  name: string,
  script: ReplayScript,
  options: { timeoutMs?: number; abortAfterMs?: number } = {},
): Promise<Played> {
  // Metered as the site meters Workers AI: what each response reports, the model's rate otherwise.
  const neurons = new NeuronMeter(DEFAULT_AGENT_MODEL);
  const replay = replayModel(script, { meter: neurons });
  const controller = new AbortController();
  const timer = options.abortAfterMs ? setTimeout(() => controller.abort(), options.abortAfterMs) : undefined;
  const run = await playRun({
    model: replay.model,
    neurons,
    goal: "Quiero una tienda online para mi marca de ropa",
    timeoutMs: options.timeoutMs ?? 30_000,
    signal: controller.signal,
  });
  clearTimeout(timer);
  const { done } = run;
  const tokens = done.usage.inputTokens + done.usage.outputTokens;
  table.push({
    case: name,
    reason: done.reason,
    modelCalls: done.modelCalls,
    toolCalls: done.toolCalls,
    tokens,
    neurons: done.usage.neurons,
  });

  expect(REASONS).toContain(done.reason);
  expect(done.modelCalls).toBeLessThanOrEqual(AGENT_LIMITS.maxSteps);
  // Every call that went out counts, including one that failed or hung before its first part.
  expect(done.modelCalls).toBe(replay.calls.length);
  expect(done.toolCalls).toBeLessThanOrEqual(AGENT_LIMITS.maxToolCalls);
  // A tool that ran answered, or had its result refused for the tokens left (it still counts).
  const ran = run.outputs.filter(({ output }) => {
    const { ok, detail } = output as { ok?: boolean; detail?: string };
    return ok === true || detail?.startsWith("result too large");
  });
  expect(ran.length).toBe(done.toolCalls);
  expect(Number.isFinite(tokens)).toBe(true);
  expect(tokens).toBeLessThanOrEqual(AGENT_LIMITS.tokenBudget);
  // A run that booked tokens on Workers AI cost neurons (its own figures, or the model's rate).
  if (tokens > 0) expect(done.usage.neurons).toBeGreaterThan(0);
  expect(done.usage.outputTokens).toBeLessThanOrEqual(AGENT_LIMITS.maxTokens * done.modelCalls);
  const meter = run.budgets.map((b) => b.tokensUsed);
  expect(meter).toEqual([...meter].sort((a, b) => a - b));
  expect(meter.every((t) => typeof t === "number" && t <= AGENT_LIMITS.tokenBudget)).toBe(true);
  expect(run.chunks.filter((c) => c.type.startsWith("reasoning"))).toEqual([]);
  expect(run.chunks.at(-1)).toEqual({ type: "finish" });
  return { ...run, calls: replay.calls };
}

const offered = (inputs: BindingCall["inputs"]) => (inputs.tools?.length ?? 0) > 0;
const search = { name: "search_site", args: { query: "tienda online ropa", locale: es } };
const getService = { name: "get_service", args: { serviceId: "online-store" } };
const estimate = { name: "estimate_quote", args: { serviceId: "online-store", extraIds: [] } };
const answer = openAIStep({ text: "Le recomiendo la tienda en línea.", usage: { prompt: 1500, completion: 12 } });
/** About 2,100 tokens by our count: six times what a call may write. */
const chatty = "palabra ".repeat(800);

/** An OpenAI-style usage chunk with whatever the model puts in it. */
const rawUsage = (usage: Record<string, unknown>): JsonEvent => ({ ...chunk({}), choices: [], usage });

beforeEach(() => {
  vi.spyOn(console, "log").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});
// `npm run bench` reads the cases' spend from this file: the worst a hostile model got out of a run.
afterAll(() => {
  const file = process.env[ADVERSARIAL_RESULTS_VARIABLE];
  if (file) writeFileSync(file, `${JSON.stringify(table, null, 2)}\n`);
});

describe("a model that ignores max_tokens is cut at 350 tokens a call, in the stream", () => {
  it("text of ~2,000 tokens before its tool call, usage reported", async () => {
    const run = await hostile("1. ~2,000 tokens of text then a tool call, usage reported", (_n, inputs) =>
      openAIStep({ text: chatty, calls: offered(inputs) ? [search] : [], usage: { prompt: 1500, completion: 2100 } }),
    );
    // Cut in its text: the tool call never came, so the cut text is the answer.
    expect(run.done).toMatchObject({ reason: "answered", modelCalls: 1, toolCalls: 0 });
    expect(run.done.usage).toMatchObject({ outputTokens: 350, estimated: true });
    expect(run.text.length).toBeLessThan(1100);
  });

  it("the same with no usage at all", async () => {
    const run = await hostile("1. ~2,000 tokens of text then a tool call, no usage", (_n, inputs) =>
      openAIStep({ text: chatty, calls: offered(inputs) ? [search] : [], usage: null }),
    );
    expect(run.done).toMatchObject({ reason: "answered", modelCalls: 1 });
    expect(run.done.usage.outputTokens).toBe(350);
  });

  it("a tool call, then ~2,000 tokens of text, on every call", async () => {
    const run = await hostile("1. a tool call then ~2,000 tokens of text, every call", (n, inputs) => ({
      events: [
        chunk({ role: "assistant", content: "" }),
        ...(offered(inputs) ? toolCallChunks({ ...estimate, index: 0, id: `call-${n}` }) : []),
        ...textChunks(chatty, 40),
        finishChunk("tool_calls"),
        usageChunk({ prompt: 1500, completion: 2100 }),
      ],
    }));
    // Each cut call keeps the whole call it made before the cap; the budget makes one the last.
    expect(run.done.toolCalls).toBeGreaterThan(0);
    expect(run.done.usage.outputTokens).toBe(350 * run.done.modelCalls);
    expect(["token_budget", "answered", "step_limit"]).toContain(run.done.reason);
  });

  it("tool arguments of ~2,000 tokens are cut and refused, never run", async () => {
    const run = await hostile("1. tool arguments of ~2,000 tokens", (_n, inputs) =>
      offered(inputs) ? openAIStep({ calls: [{ name: "search_site", args: { query: chatty } }], usage: null }) : answer,
    );
    expect(run.done.toolCalls).toBe(0);
    expect(run.errors.length).toBeGreaterThan(0);
    expect(run.errors.every((e) => JSON.parse(e.errorText).error === "invalid_arguments")).toBe(true);
  });

  it("one delta of 100,000 characters", async () => {
    const run = await hostile("1. one text delta of 100,000 characters", () => ({
      events: [chunk({ role: "assistant", content: "" }), chunk({ content: "a".repeat(100_000) }), finishChunk("stop")],
    }));
    expect(run.text.length).toBeLessThanOrEqual(350 * 3);
    expect(run.done).toMatchObject({ modelCalls: 1, reason: "answered" });
  });

  it("fifty tool calls in one response", async () => {
    const run = await hostile("1. fifty tool calls in one response", (_n, inputs) =>
      offered(inputs)
        ? openAIStep({ calls: Array.from({ length: 50 }, (_, i) => ({ ...estimate, id: `c${i}` })) })
        : answer,
    );
    expect(run.done.toolCalls).toBeLessThanOrEqual(6);
    expect(run.done.reason).toBe("answered");
  });
});

describe("a last call that still returns tool calls", () => {
  it("only tool calls: ends on the limit, its calls refused and not run", async () => {
    const run = await hostile("2. last call returns only a tool call", (_n, inputs) =>
      offered(inputs) ? openAIStep({ text: "Busco. ", calls: [search] }) : openAIStep({ calls: [getService] }),
    );
    // The budget makes the last call (step or token limit, by what the calls spent).
    expect(["step_limit", "token_budget"]).toContain(run.done.reason);
    expect(run.done.toolCalls).toBe(run.done.modelCalls - 1);
    expect(run.calls.at(-1)?.inputs.tools).toBeUndefined();
    const last = run.tools.at(-1);
    expect(last).toMatchObject({ name: "get_service", input: getService.args });
    expect(JSON.parse(last?.error ?? "")).toMatchObject({ ok: false, error: "last_call" });
    expect(run.tools.filter((t) => t.name === "get_service" && t.output)).toEqual([]);
  });

  it("text and a tool call: answered, the call refused", async () => {
    const run = await hostile("2. last call writes text and a tool call", (_n, inputs) =>
      offered(inputs)
        ? openAIStep({ calls: [search] })
        : openAIStep({ text: "Con lo que encontré: una tienda en línea.", calls: [getService] }),
    );
    expect(run.done.reason).toBe("answered");
    expect(run.calls.at(-1)?.inputs.tools).toBeUndefined();
    expect(run.text).toMatch(/Con lo que encontré: una tienda en línea\.$/);
    expect(JSON.parse(run.errors.at(-1)?.errorText ?? "")).toMatchObject({ error: "last_call" });
  });

  it("native tool calls after the tool limit: ends as tool_limit", async () => {
    const run = await hostile("2. native tool calls on the last call, after 7 tool calls", (n) =>
      n === 0
        ? openAIStep({ calls: Array.from({ length: 7 }, (_, i) => ({ ...estimate, id: `c${i}` })) })
        : { events: [nativeToolCallsEvent([{ name: "get_service", arguments: { serviceId: "online-store" } }])] },
    );
    expect(run.done).toMatchObject({ reason: "tool_limit", modelCalls: 2, toolCalls: 6 });
  });
});

describe("every call counts, even one that fails or hangs before its first part", () => {
  it("the third call hangs before its first byte", async () => {
    const run = await hostile(
      "3. third call hangs before its first byte",
      (n) => (n < 2 ? openAIStep({ calls: [search] }) : { events: [], end: "hang" }),
      { timeoutMs: 600 },
    );
    expect(run.done).toMatchObject({ reason: "timeout", modelCalls: 3, toolCalls: 2 });
  });

  it("a call hangs in the middle of its text", async () => {
    const run = await hostile(
      "3. second call hangs mid-stream",
      (n) => (n < 1 ? openAIStep({ calls: [search] }) : { events: textChunks("La tienda en línea"), end: "hang" }),
      { timeoutMs: 600 },
    );
    expect(run.done).toMatchObject({ reason: "timeout", modelCalls: 2 });
  });

  it("a connection reset right after the first event", async () => {
    const run = await hostile("3. connection reset after the first event", [
      { events: [chunk({ role: "assistant", content: "" })], end: "error" },
    ]);
    expect(run.done).toMatchObject({ reason: "model_error", modelCalls: 1 });
    expect(run.done.usage.inputTokens).toBeGreaterThan(500);
    expect(run.done.usage.estimated).toBe(true);
  });

  it("a request that fails before any stream", async () => {
    const run = await hostile("3. binding fails before any stream", [{ events: [], run: "reject" }]);
    expect(run.done).toMatchObject({ reason: "model_error", modelCalls: 1 });
    expect(run.done.usage.inputTokens).toBeGreaterThan(500);
  });

  it("a request that never answers and ignores the abort", async () => {
    const run = await hostile("3. binding never answers, ignores abort", [{ events: [], run: "never" }], {
      timeoutMs: 300,
    });
    expect(run.done).toMatchObject({ reason: "timeout", modelCalls: 1 });
  });

  it("a stream that stops sending and ignores nothing but the clock", async () => {
    const run = await hostile("3. first call hangs before its first byte", [{ events: [], end: "hang" }], {
      timeoutMs: 300,
    });
    expect(run.done).toMatchObject({ reason: "timeout", modelCalls: 1 });
  });
});

describe("a believable but high count on the last call never books the run past the budget", () => {
  // Runs of different shapes, so the last call comes at different distances from the budget.
  const shapes = [0, 1, 2, 3].flatMap((pad) => [1, 2, 3].map((perCall) => ({ pad, perCall })));
  it.each(shapes)("$perCall calls a step, $pad words of text: the last call counts 1.99x", async ({ pad, perCall }) => {
    // What the run estimated for the call about to go out, read where the run decides it.
    const estimates: number[] = [];
    const plan = RunBudget.prototype.plan;
    vi.spyOn(RunBudget.prototype, "plan").mockImplementation(function (this: RunBudget, step, estimate) {
      estimates.push(estimate.withoutTools);
      return plan.call(this, step, estimate);
    });
    const calls = [search, getService, estimate];
    const run = await hostile(`5. ${perCall} calls a step, ${pad * 40} words, last call 1.99x`, (n, inputs) =>
      offered(inputs)
        ? openAIStep({
            text: "palabra ".repeat(pad * 40) || undefined,
            calls: calls.slice(0, perCall).map((call, i) => ({ ...call, id: `c${n}-${i}` })),
            usage: null,
          })
        : openAIStep({
            text: "Le recomiendo la tienda en línea.",
            usage: { prompt: Math.floor((estimates.at(-1) ?? 0) * 1.99), completion: 12 },
          }),
    );
    expect(run.done.modelCalls).toBeGreaterThan(1);
  });
});

describe("an error inside a stream that started well is an error, whatever its shape", () => {
  const partly = textChunks("Le recomiendo la tienda en línea, que cuesta");
  it.each<[string, SseEvent]>([
    ["an `event: error` with a JSON error", typedEvent("error", { error: { message: "upstream failed", code: 3043 } })],
    ["an `event: error` with plain text", typedEvent("error", "Internal error")],
    ["an `event:error` with no space and empty data", new RawSse("event:error\ndata:{}\n\n")],
    ["an `event: error` with no data", new RawSse("event: error\n\n")],
    ["{ error: string }", { error: "Internal server error" }],
    [
      "{ error: { message, type, code } }",
      { error: { message: "The server had an error", type: "server_error", code: 500 } },
    ],
    [
      "{ errors: [...], success: false }",
      { errors: [{ message: "AiError: inference failed", code: 3043 }], success: false },
    ],
    ["{ errors: [...] }", { errors: [{ message: "failed" }] }],
    ["{ type: 'error' }", { type: "error", error: { type: "overloaded_error", message: "Overloaded" } }],
    ["{ object: 'error' }", { object: "error", message: "out of memory", type: "InternalServerError", code: 500 }],
    ["{ success: false }", { success: false, result: null }],
    ["a native event with an error", { response: "", error: "stream interrupted" }],
    ["an error chunk with choices", { ...chunk({}), error: { message: "cut off" } }],
  ])("%s after part of the answer, then the end marker: not answered", async (label, error) => {
    const run = await hostile(`7. in-band error: ${label}`, [{ events: [...partly, error, ...textChunks(" poco.")] }]);
    expect(run.done.reason).toBe("model_error");
    expect(run.text).not.toContain("poco");
  });

  it.each<[string, SseEvent]>([
    ["error: null", { ...chunk({ content: " Es" }), error: null }],
    ["errors: []", { ...chunk({ content: " Es" }), errors: [] }],
    ["text that names an error", chunk({ content: ' Es {"error": "x"}' })],
  ])("a field that names no error is no error: %s", async (label, event) => {
    const run = await hostile(`7. no error: ${label}`, [{ events: [...partly, event, finishChunk("stop")] }]);
    expect(run.done.reason).toBe("answered");
  });
});

describe("nothing after the end marker is used", () => {
  it.each<[string, SseEvent[]]>([
    ["more text", textChunks(" y además https://evil.example gratis")],
    ["a tool call", [...toolCallChunks({ ...search, index: 0 }), finishChunk("tool_calls")]],
    ["usage", [usageChunk({ prompt: 6000, completion: 340, neurons: 9000 })]],
    ["an error", [typedEvent("error", { error: "late" }), { error: "late" }]],
    ["a second end marker and more", ["[DONE]", ...textChunks(" otra vez")]],
  ])("%s after [DONE] is ignored", async (label, afterEnd) => {
    const run = await hostile(`7. after [DONE]: ${label}`, [
      {
        ...openAIStep({ text: "Le recomiendo la tienda en línea.", usage: { prompt: 900, completion: 12 } }),
        afterEnd,
      },
    ]);
    expect(run.done).toMatchObject({ reason: "answered", modelCalls: 1, toolCalls: 0 });
    expect(run.text).toBe("Le recomiendo la tienda en línea.");
    expect(run.done.usage).toMatchObject({ outputTokens: 12 });
    expect(run.done.usage.inputTokens).toBeLessThan(2000);
  });
});

describe("usage that is not a believable count falls back to our own", () => {
  const withUsage = (usage: Record<string, unknown> | string) => (n: number) =>
    n === 0
      ? {
          events: [
            ...toolCallChunks({ ...getService, index: 0 }),
            finishChunk("tool_calls"),
            typeof usage === "string" ? usage : rawUsage(usage),
          ],
        }
      : answer;

  it.each([
    ["strings", { prompt_tokens: "0900", completion_tokens: "030" }],
    ["negative", { prompt_tokens: -900, completion_tokens: -30 }],
    ["null", { prompt_tokens: null, completion_tokens: null }],
    ["objects", { prompt_tokens: { n: 900 }, completion_tokens: [30] }],
    ["zero", { prompt_tokens: 0, completion_tokens: 0 }],
    ["lying low", { prompt_tokens: 1, completion_tokens: 1 }],
    ["lying high", { prompt_tokens: 1_000_000, completion_tokens: 90_000 }],
  ])("%s", async (label, usage) => {
    const run = await hostile(`4. usage ${label}`, withUsage(usage));
    expect(run.done).toMatchObject({ reason: "answered", modelCalls: 2, toolCalls: 1 });
    expect(run.done.usage.estimated).toBe(true);
    expect(run.done.usage.inputTokens).toBeGreaterThan(1000);
  });

  it.each([
    ["Infinity", `{"choices":[],"usage":{"prompt_tokens":1e999,"completion_tokens":1e999}}`],
    ["NaN (not JSON)", `{"choices":[],"usage":{"prompt_tokens":NaN,"completion_tokens":NaN}}`],
  ])("%s", async (label, raw) => {
    const run = await hostile(`4. usage ${label}`, withUsage(raw));
    expect(run.done).toMatchObject({ reason: "answered", modelCalls: 2, toolCalls: 1 });
    expect(run.done.usage.estimated).toBe(true);
  });

  it("a model that lies low on every call and always calls tools still stops inside the budget", async () => {
    const big = { name: "search_site", args: { query: "tienda en línea pagos sitio web blog", locale: es } };
    const run = await hostile("4. usage 1/1 on every call, tools every call", (_n, inputs) =>
      openAIStep({
        text: "palabra ".repeat(120),
        calls: offered(inputs) ? [getService, big] : [],
        usage: { prompt: 1, completion: 1 },
      }),
    );
    expect(run.done.usage.estimated).toBe(true);
    expect(run.done.modelCalls).toBeLessThan(5);
    expect(run.done.reason).toBe("answered");
  });
});

describe("reasoning stays on the server and counts", () => {
  it("1,400 tokens of reasoning_content, no usage: cut at the cap, nothing shown", async () => {
    const reasoning = pieces("The user wants an online store for clothes. ".repeat(100), 35);
    const run = await hostile("5. ~1,400 tokens of reasoning_content, no usage", [
      {
        events: [
          ...reasoning.map((piece) => chunk({ reasoning_content: piece })),
          ...textChunks("Le recomiendo la tienda en línea."),
          finishChunk("stop"),
        ],
      },
    ]);
    expect(run.done.usage.outputTokens).toBe(350);
    expect(run.text).toBe("");
    expect(run.done).toMatchObject({ reason: "token_budget", modelCalls: 1 });
  });

  it("a call that writes only reasoning and stops, limits untouched: the model failed to answer", async () => {
    const thinking = pieces("The user wants an online store. ".repeat(8), 12).map((piece) =>
      chunk({ reasoning_content: piece }),
    );
    const first = await hostile("5. first call writes only reasoning", [
      { events: [...thinking, finishChunk("stop"), usageChunk({ prompt: 900, completion: 80 })] },
    ]);
    expect(first.done).toMatchObject({ reason: "model_error", modelCalls: 1 });
    const later = await hostile("5. second call writes only reasoning", (n) =>
      n === 0 ? openAIStep({ calls: [search] }) : { events: [...thinking, finishChunk("stop")] },
    );
    expect(later.done).toMatchObject({ reason: "model_error", modelCalls: 2, toolCalls: 1 });
  });

  it("a call that writes only Gemma's thinking channel in its text and stops: the model failed to answer", async () => {
    // Gemma 4 can put its thinking in the text itself; stripped, nothing was written.
    const thinking = pieces(`<|channel>thought\n${"The user wants an online store. ".repeat(8)}<channel|>`, 12).map(
      (piece) => chunk({ content: piece }),
    );
    const run = await hostile("5. first call writes only a thinking channel", [
      { events: [...thinking, finishChunk("stop"), usageChunk({ prompt: 900, completion: 80 })] },
    ]);
    expect(run.text).toBe("");
    expect(run.done).toMatchObject({ reason: "model_error", modelCalls: 1 });
  });

  it("a last call a limit made writes only reasoning: the run ends on that limit", async () => {
    const run = await hostile("5. the last call writes only reasoning", (n, inputs) =>
      offered(inputs)
        ? openAIStep({ calls: [{ ...getService, id: `s${n}` }], usage: { prompt: 700, completion: 20 } })
        : { events: [chunk({ reasoning_content: "Nothing to add." }), finishChunk("stop")] },
    );
    // The step or the token limit, by what the calls spent: the one that made the last call.
    expect(run.calls.at(-1)?.inputs.tools).toBeUndefined();
    expect(["step_limit", "token_budget"]).toContain(run.done.reason);
    expect(run.done.modelCalls).toBeGreaterThan(2);
  });

  it("some reasoning, then the answer: the answer shows, the reasoning counts", async () => {
    const run = await hostile("5. 40 reasoning deltas then the answer, no usage", [
      {
        events: [
          ...pieces("Think about stores. ".repeat(20), 10).map((piece) => chunk({ reasoning_content: piece })),
          ...textChunks("Le recomiendo la tienda en línea."),
          finishChunk("stop"),
        ],
      },
    ]);
    expect(run.text).toBe("Le recomiendo la tienda en línea.");
    expect(run.done.reason).toBe("answered");
    expect(run.done.usage.outputTokens).toBeGreaterThan(130);
    expect(JSON.stringify(run.chunks)).not.toContain("Think about");
  });
});

describe("thinking in a field the provider does not parse counts like reasoning", () => {
  // ~1,900 tokens of thinking by our count, then a tool call and a provider usage of 45 tokens.
  const thinking = pieces("The user wants an online store for clothes. ".repeat(135), 35);
  const callAfter = [...toolCallChunks(search), finishChunk("tool_calls"), usageChunk({ prompt: 900, completion: 45 })];
  const withThinking =
    (carry: (piece: string) => SseEvent): ReplayScript =>
    (n) =>
      n === 0 ? { events: [...thinking.map(carry), ...callAfter] } : answer;
  const shapes: [string, (piece: string) => SseEvent][] = [
    ["delta.thinking", (piece) => chunk({ thinking: piece } as never)],
    [
      "delta.reasoning beside an empty reasoning_content",
      (piece) => chunk({ reasoning_content: "", reasoning: piece } as never),
    ],
    ["an unknown top-level field", (piece) => ({ ...chunk({}), thoughts: piece })],
    ["a native event's top-level reasoning", (piece) => ({ response: "", reasoning: piece })],
    [
      "a second choice",
      (piece) => ({
        ...chunk({}),
        choices: [
          { index: 0, delta: {} },
          { index: 1, delta: { content: piece } },
        ],
      }),
    ],
    ["reasoning_content as an array", (piece) => chunk({ reasoning_content: [piece] } as never)],
    ["data that is not JSON", (piece) => `thinking: ${piece}`],
  ];

  it.each(shapes)("%s: the call is cut at the cap and booked as if it were reasoning_content", async (name, carry) => {
    const parsed = await hostile(
      "5b. ~1,900 tokens of reasoning_content, then a tool call",
      withThinking((piece) => chunk({ reasoning_content: piece })),
    );
    const run = await hostile(`5b. ~1,900 tokens of thinking in ${name}, then a tool call`, withThinking(carry));
    // The call never reached its tool call: cut at the cap, booked at the cap, the tool never ran.
    expect(parsed.budgets[0]?.tokensUsed).toBeGreaterThanOrEqual(AGENT_LIMITS.maxTokens);
    expect(run.done).toEqual(parsed.done);
    expect(run.budgets).toEqual(parsed.budgets);
    expect(run.outputs).toEqual([]);
    expect(JSON.stringify(run.chunks)).not.toContain("online store for clothes");
  });
});

describe("two tool calls in one response are each run or refused", () => {
  it("native {tool_calls: [a, b]} without index", async () => {
    const run = await hostile("6. two native calls in one event, no index", [
      {
        events: [
          nativeToolCallsEvent([
            { name: "get_service", arguments: { serviceId: "online-store" } },
            { name: "estimate_quote", arguments: { serviceId: "online-store", extraIds: [] } },
          ]),
          nativeUsageEvent({ prompt: 900, completion: 40 }),
        ],
      },
      answer,
    ]);
    expect(run.tools.map((t) => [t.name, t.error])).toEqual([
      ["get_service", undefined],
      ["estimate_quote", undefined],
    ]);
    expect(run.done).toMatchObject({ reason: "answered", toolCalls: 2 });
  });

  it("OpenAI-style calls interleaved by index", async () => {
    const interleaved: ReplayStep = {
      events: [
        chunk({
          tool_calls: [{ index: 0, id: "a", type: "function", function: { name: "get_service", arguments: "" } }],
        }),
        chunk({
          tool_calls: [{ index: 1, id: "b", type: "function", function: { name: "search_site", arguments: "" } }],
        }),
        chunk({ tool_calls: [{ index: 0, function: { arguments: '{"serviceId":' } }] }),
        chunk({ tool_calls: [{ index: 1, function: { arguments: '{"query":"tienda"}' } }] }),
        chunk({ tool_calls: [{ index: 0, function: { arguments: '"online-store"}' } }] }),
        finishChunk("tool_calls"),
        usageChunk({ prompt: 900, completion: 40 }),
      ],
    };
    const run = await hostile("6. two OpenAI-style calls interleaved by index", [interleaved, answer]);
    expect(run.tools.map((t) => [t.name, t.error])).toEqual([
      ["get_service", undefined],
      ["search_site", undefined],
    ]);
    expect(run.done).toMatchObject({ reason: "answered", toolCalls: 2 });
  });

  it("a call whose name never comes is refused on its own", async () => {
    const nameless: ReplayStep = {
      events: [
        ...toolCallChunks({ ...getService, index: 0 }),
        chunk({ tool_calls: [{ index: 1, id: "x", type: "function", function: { arguments: '{"query":"x"}' } }] }),
        finishChunk("tool_calls"),
      ],
    };
    const run = await hostile("6. a second call that never gets a name", [nameless, answer]);
    expect(run.tools.map((t) => t.name)).toEqual(["get_service", ""]);
    expect(run.done).toMatchObject({ reason: "answered", toolCalls: 1 });
  });
});

describe("a run the visitor stops", () => {
  it("ends as client_abort", async () => {
    const run = await hostile(
      "8. visitor stops while the model streams",
      [{ events: textChunks("Busco la tienda"), end: "hang" }],
      { abortAfterMs: 150 },
    );
    expect(run.done).toMatchObject({ reason: "client_abort", modelCalls: 1 });
  });
});

describe("a broken stream", () => {
  it("garbage events between good ones", async () => {
    const run = await hostile("garbage events (not JSON, wrong shapes)", [
      {
        events: [
          "not json",
          "{",
          `{"choices":"x"}`,
          `{"choices":[{"delta":{"content":42,"tool_calls":{"a":1}}}]}`,
          `{"response":{"nested":true}}`,
          `{"tool_calls":[null,7,"x"]}`,
          ...textChunks("Le recomiendo la tienda en línea."),
          finishChunk("stop"),
        ],
      },
    ]);
    expect(run.done).toMatchObject({ reason: "answered", modelCalls: 1, toolCalls: 0 });
  });

  it("unknown tools on every call", async () => {
    const run = await hostile("tool calls with unknown names, every call", (_n, inputs) =>
      offered(inputs) ? openAIStep({ calls: [{ name: "send_email", args: { to: "x@example.com" } }] }) : answer,
    );
    expect(run.done).toMatchObject({ reason: "answered", modelCalls: 5, toolCalls: 0 });
    expect(run.errors.every((e) => JSON.parse(e.errorText).error === "unknown_tool")).toBe(true);
  });

  it("tool calls on every call, forever", async () => {
    let n = 0;
    const run = await hostile("endless tool calls", () => openAIStep({ calls: [{ ...search, id: `s${n++}` }] }));
    expect(["step_limit", "token_budget"]).toContain(run.done.reason);
    expect(run.done.toolCalls).toBe(run.done.modelCalls - 1);
  });

  it("no [DONE] after a finished answer", async () => {
    const run = await hostile("[DONE] missing after finish_reason", [
      { events: [...textChunks("Le recomiendo la tienda."), finishChunk("stop")], end: "truncated" },
    ]);
    expect(run.done).toMatchObject({ reason: "answered", modelCalls: 1 });
  });

  it("cut in the middle of the text, no finish", async () => {
    const run = await hostile("stream cut mid-text, no finish, no [DONE]", [
      { events: textChunks("La tienda en línea incluye catálogo, carr"), end: "truncated" },
    ]);
    expect(run.done).toMatchObject({ reason: "model_error", modelCalls: 1 });
  });

  it("an empty stream", async () => {
    const run = await hostile("empty stream ([DONE] only)", [{ events: [] }]);
    expect(run.done.modelCalls).toBe(1);
    expect(run.text).toBe("");
  });

  it("arguments before the name, twice in one response", async () => {
    const run = await hostile("two calls, arguments before names", [
      {
        events: [
          ...toolCallArgsFirstChunks({ ...search, index: 0 }),
          ...toolCallArgsFirstChunks({ ...getService, index: 1 }),
          finishChunk("tool_calls"),
        ],
      },
      answer,
    ]);
    expect(run.done).toMatchObject({ reason: "answered", toolCalls: 2 });
  });

  it("native text then a reset", async () => {
    const run = await hostile("native text then a connection reset", [
      { events: nativeTextEvents("Reviso el servicio de tienda"), end: "error" },
    ]);
    expect(run.done).toMatchObject({ reason: "model_error", modelCalls: 1 });
    expect(run.summary?.shown).toBe(true);
  });
});
