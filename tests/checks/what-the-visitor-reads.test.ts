import type { UIMessage, UIMessageChunk } from "ai";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { LOCALES, SETTINGS } from "@/content/generated/settings";
import { agentUse } from "@/lib/agent/run-agent";
import { DEFAULT_AGENT_MODEL } from "@/lib/ai/default-models";
import { chatUse } from "@/lib/chat/run-chat";
import { renderedText } from "@/lib/checks/rendered-text";
import type { Locale } from "@/lib/i18n/config";
import { startLabUse } from "@/lib/lab/run-use";
import type { DoneData } from "@/lib/lab/types";
import type { LabUse } from "@/lib/lab/use";
import { createQuota, memoryStore } from "@/lib/quota";
import { serviceIds } from "@/lib/quote/estimate";
import type { ReviewData } from "@/lib/review/output";
import { reviewUse } from "@/lib/review/run-review";
import { readRun, replayModel } from "@/tests/support/agent-run";
import {
  type CallSpec,
  chunk,
  finishChunk,
  type ReplayScript,
  type ReplayStep,
  type SseEvent,
  toolCallChunks,
  usageChunk,
} from "@/tests/support/workers-ai-replay";

// What the visitor reads is what the checks read, in every use (the agent, the assistant, the
// reviewer), for Workers AI streams replayed through the real workers-ai-provider:
// 1. an answer nobody can see (invisible characters only) is no answer: `no_answer`, units back;
// 2. bidi controls never reach the page, and every check reads the text as the page shows it
//    (an amount cut by invisible separators, a URL cut by one, the reviewer's fields);
// 4. a tool call written as text is never run nor shown: `text_tool_call`, units back.
// The studio's languages, currency and services come from its settings.

vi.setConfig({ testTimeout: 60_000 });

const LOCALE: Locale = LOCALES[0];
const TAG = SETTINGS.localeTags[LOCALE];
const CURRENCY: string = SETTINGS.currency;
const SERVICE = serviceIds()[0] ?? "";
const UNITS_PER_DAY = 10;

type UseName = "agent" | "chat" | "review";
const USES: UseName[] = ["agent", "chat", "review"];

const CODE = ["function total(items) {", "  let sum = 0;", "  return sum;", "}"].join("\n");

function labUseOf(name: UseName): LabUse<UIMessage, Record<string, unknown>> {
  const use =
    name === "agent"
      ? agentUse({ goal: SERVICE, locale: LOCALE })
      : name === "chat"
        ? chatUse({ turns: [{ role: "user", text: SERVICE }], locale: LOCALE })
        : reviewUse({ code: CODE, locale: LOCALE });
  return use as unknown as LabUse<UIMessage, Record<string, unknown>>;
}

/** One model call writing `pieces` as its text deltas (and maybe tool calls), then stopping. */
function textStep(pieces: string[], calls: CallSpec[] = []): ReplayStep {
  const events: SseEvent[] = [chunk({ role: "assistant", content: "" })];
  for (const content of pieces) if (content) events.push(chunk({ content }));
  for (const [index, call] of calls.entries()) events.push(...toolCallChunks({ index, ...call }));
  events.push(finishChunk(calls.length ? "tool_calls" : "stop"), usageChunk({ prompt: 900, completion: 40 }));
  return { events };
}

/** The text cut into pieces of `size` characters (one a delta by default). */
const cut = (text: string, size = 1) => text.match(new RegExp(`[\\s\\S]{1,${size}}`, "gu")) ?? [];

type Played = {
  done: DoneData;
  text: string;
  reviews: ReviewData[];
  toolCalls: number;
  /** Units left on the visitor's day once the use settled. */
  unitsUsed: number;
  /** Everything the page was sent that a visitor reads. */
  visible: string;
};

/** Plays `script` as use `name` through the shared path, with a quota of its own. */
async function play(name: UseName, script: ReplayScript): Promise<Played> {
  const quota = createQuota({
    store: memoryStore(),
    salt: "visible-salt-0123456789",
    limits: { burstPerMinute: 0, ipUnitsPerDay: UNITS_PER_DAY },
  });
  const replay = replayModel(script, { streamWindowMs: 0 });
  const request = new Request("http://localhost/api/lab", {
    method: "POST",
    headers: { "cf-connecting-ip": "203.0.113.77" },
  });
  const response = await startLabUse(request, labUseOf(name), {
    quota,
    model: { model: replay.model, name: DEFAULT_AGENT_MODEL },
    recording: null,
  });
  const chunks = parseSse(await response.text());
  const run = readRun(chunks);
  const reviews = chunks.filter((c) => c.type === "data-review").map((c) => (c as { data: ReviewData }).data);
  const reviewFields = reviews.flatMap((r) => [r.summary, ...r.findings.flatMap((f) => [f.title, f.why, f.fix])]);
  const today = await quota.today();
  return {
    done: run.done,
    text: run.text,
    reviews,
    toolCalls: run.done.toolCalls,
    unitsUsed: today.units.used,
    visible: [run.text, ...reviewFields].join("\n"),
  };
}

/** The UI message stream's SSE as the page reads it. */
function parseSse(text: string): UIMessageChunk[] {
  return text
    .split("\n\n")
    .map((event) => event.replace(/^data: /, ""))
    .filter((data) => data && data !== "[DONE]")
    .map((data) => JSON.parse(data));
}

/** A use's answer with `text` in it: the agent and the assistant write it, the reviewer as its summary. */
const answerOf = (use: UseName, text: string) =>
  use === "review" ? JSON.stringify({ summary: text, findings: [] }) : text;

const money = (value: number) =>
  new Intl.NumberFormat(TAG, { style: "currency", currency: CURRENCY, maximumFractionDigits: 0 }).format(value);

const BIDI = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;
const INVISIBLE = /[\u200b\u2060-\u2064\ufeff\u00ad\u3164\u115f\u1160\uffa0\u180e]/;

beforeEach(() => {
  vi.spyOn(console, "log").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
  return () => vi.restoreAllMocks();
});

// --- 1. An answer is what a person can see ---------------------------------------------------------

describe("1. an answer made of characters nobody sees is no answer", () => {
  const invisible: [string, string][] = [
    ["zero-width spaces", "\u200b\u200b\u200b"],
    ["a word joiner and a BOM", "\u2060\ufeff\u2060"],
    ["bidi controls", "\u202e\u2066\u2069\u202c\u200f"],
    ["Hangul fillers", "\u3164\u115f\u1160\uffa0"],
    ["a mix with spaces", " \u200b \u00ad\n\u2063 \u180e "],
  ];
  for (const use of USES) {
    it.each(invisible)(`%s (${use}): no_answer, nothing shown, units back`, async (_label, text) => {
      const played = await play(use, [textStep(cut(answerOf(use, text), 2))]);
      expect(played.done.reason).toBe("no_answer");
      expect(played.visible.replace(/[\s*_]/g, "")).toBe("");
      expect(played.unitsUsed).toBe(0);
    });
  }

  it.each(["agent", "chat"] as const)("invisible characters spelled as references in Markdown (%s)", async (use) => {
    // The page renders the Markdown, so "&#8203;" is a zero-width space there too.
    const played = await play(use, [textStep(cut("&#8203;&#x2060; &ZeroWidthSpace;", 3))]);
    expect(played.done.reason).toBe("no_answer");
    expect(played.unitsUsed).toBe(0);
  });

  it("after a tool call, the agent's invisible answer is no answer, and its units come back", async () => {
    const played = await play("agent", (n) =>
      n === 0 ? textStep([], [{ name: "get_service", args: { serviceId: SERVICE } }]) : textStep(["\u200b", "\u2060"]),
    );
    expect(played.done).toMatchObject({ reason: "no_answer", toolCalls: 1 });
    expect(played.unitsUsed).toBe(0);
  });

  it.each(USES)("a visible answer is still answered, and its units kept (%s)", async (use) => {
    const played = await play(use, [textStep(cut(answerOf(use, "Ok\u200b."), 3))]);
    expect(played.done.reason).toBe("answered");
    expect(played.unitsUsed).toBeGreaterThan(0);
  });
});

// --- 2. Text is checked as it is displayed -----------------------------------------------------------

describe("2. bidi controls never reach the page, and the checks read what it shows", () => {
  for (const use of USES) {
    it(`an override around a figure reaches the page without it, and the check reads that figure (${use})`, async () => {
      // Shown through U+202E, the stored "000.007.7" would read as 7.700.000 on the page.
      const figure = money(7_700_000);
      const reversed = [...figure].reverse().join("");
      const text = `Ok: \u202e${reversed}\u202c. \u2067${figure}\u2069 \u2066x\u2069`;
      const played = await play(use, [textStep(cut(answerOf(use, text), 2))]);
      expect(played.visible).not.toMatch(BIDI);
      expect(played.done.reason).toBe("answered");
      // The figure the page shows, isolates removed, is the one the check flagged.
      expect(played.done.unverifiedAmounts.map((amount) => amount.value)).toContain(7_700_000);
    });

    it(`a figure cut by invisible separators is read as the page shows it (${use})`, async () => {
      const figure = money(7_700_000).replace(/\d/g, (digit) => `${digit}\u2063`);
      const played = await play(use, [textStep(cut(answerOf(use, `Ok: ${figure}`), 3))]);
      expect(played.visible).not.toMatch(INVISIBLE);
      expect(played.done.unverifiedAmounts.map((amount) => amount.value)).toContain(7_700_000);
    });
  }

  it.each(["agent", "chat"] as const)("a URL cut by an invisible character is no URL on the page (%s)", async (use) => {
    const text = "Ok. See ht\u200btps://evil.example/pay and w\u2060ww.evil.example today.";
    const played = await play(use, [textStep(cut(text, 4))]);
    expect(played.text).not.toMatch(/evil\.example/);
    expect(played.text).toMatch(/^Ok\. See/);
  });

  it("the reviewer's findings are read as shown: no bidi control, amounts checked", async () => {
    const figure = money(9_100_000).replace(/\d/g, (digit) => `${digit}\u200b`);
    const review = JSON.stringify({
      summary: "\u202eOk",
      findings: [
        { severity: "low", line: 2, title: "\u2066Sum\u2069", why: `Costs ${figure}`, fix: "\u202aUse\u202c it" },
      ],
    });
    // Written as JSON escapes too: only the parsed fields hold the characters.
    const escaped = review.replace(/[\u200b\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
    for (const json of [review, escaped]) {
      const played = await play("review", [textStep(cut(json, 5))]);
      const last = played.reviews.at(-1);
      expect(last).toMatchObject({ final: true, summary: "Ok", findings: [{ title: "Sum", fix: "Use it" }] });
      expect(played.visible).not.toMatch(BIDI);
      expect(played.visible).not.toMatch(INVISIBLE);
      expect(played.done.unverifiedAmounts.map((amount) => amount.value)).toContain(9_100_000);
    }
  });

  it("joiners stay where a script or an emoji needs them", async () => {
    const text = "Ok 👩\u200d💻 \u0645\u200c\u0627 1\ufe0f\u20e3 a\u200db";
    const played = await play("chat", [textStep(cut(text, 1))]);
    expect(played.text).toBe("Ok 👩\u200d💻 \u0645\u200c\u0627 1\ufe0f\u20e3 ab");
  });
});

// --- 4. A tool call written as text ------------------------------------------------------------------

// --- 3. Every byte the model sends counts -------------------------------------------------------------

describe("3. thinking the provider does not parse counts against the call's cap, in every use", () => {
  // ~1,900 tokens of thinking by our count, then the answer and a provider count of 45 tokens.
  const thinking = cut("The visitor asks about a service; think it through. ".repeat(120), 35);
  const stepWith = (use: UseName, carry: (piece: string) => SseEvent): ReplayStep => {
    const answer = textStep(cut(answerOf(use, "Visible"), 4));
    const [opening, ...rest] = answer.events;
    const events = [opening as SseEvent, ...thinking.map(carry), ...rest];
    events.splice(-1, 1, usageChunk({ prompt: 900, completion: 45 }));
    return { events };
  };
  it.each(USES)("%s: booked as the same thinking in reasoning_content is, and never shown", async (use) => {
    const parsed = await play(use, [stepWith(use, (piece) => chunk({ reasoning_content: piece }))]);
    const hidden = await play(use, [stepWith(use, (piece) => chunk({ thinking: piece } as never))]);
    expect(parsed.done.usage.outputTokens).toBeGreaterThan(200);
    expect(hidden.done).toEqual(parsed.done);
    expect(hidden.unitsUsed).toBe(parsed.unitsUsed);
    expect(hidden.visible).not.toContain("think it through");
  });
});

describe("4. a tool call written as text is never run and never shown", () => {
  const args = JSON.stringify({ serviceId: SERVICE });
  const written: [string, string][] = [
    ["Gemma 4's control tokens", `<|tool_call>call:get_service{serviceId:<|"|>${SERVICE}<|"|>}<tool_call|>`],
    ["Gemma 4's call without its tokens", `call:get_service{serviceId:"${SERVICE}"}`],
    ["a tagged call", `<tool_call>{"name": "get_service", "arguments": ${args}}</tool_call>`],
    ["a tagged call never closed", `<tool_call>{"name": "get_service", "arguments": ${args}`],
    ["FunctionGemma's tokens", `<start_function_call>call:get_service{serviceId:${SERVICE}}<end_function_call>`],
    ["JSON naming a tool", `{"name": "get_service", "arguments": ${args}}`],
    ["JSON with parameters", `{"name":"search_site","parameters":{"query":"${SERVICE}"}}`],
    ["JSON in a code fence", `\`\`\`json\n{"name": "get_service", "arguments": ${args}}\n\`\`\``],
    ["a list of calls", `[{"name": "get_service", "arguments": ${args}}]`],
    [
      "an OpenAI-style call",
      `{"tool_calls": [{"type": "function", "function": {"name": "get_service", "arguments": "{}"}}]}`,
    ],
    ["Mistral's marker", `[TOOL_CALLS][{"name": "get_service", "arguments": ${args}}]`],
    ["Llama's python tag", `<|python_tag|>get_service.call(serviceId="${SERVICE}")`],
  ];
  const MARKUP = /tool_call|function_call|python_tag|TOOL_CALLS|get_service|search_site|<\||\|>|"name"|call:/;

  for (const use of ["agent", "chat"] as const) {
    it.each(written)(`%s (${use}): text_tool_call, nothing run, no markup, units back`, async (_label, call) => {
      for (const size of [1, 7, 1000]) {
        const played = await play(use, [textStep(cut(call, size))]);
        expect(played.done.reason, `pieces of ${size}`).toBe("text_tool_call");
        expect(played.toolCalls).toBe(0);
        expect(played.text).not.toMatch(MARKUP);
        expect(played.unitsUsed).toBe(0);
      }
    });
  }

  it("words around a written call stay, and the run still says what happened", async () => {
    const played = await play("agent", [
      textStep(cut(`Let me check that. <|tool_call>call:get_service{serviceId:<|"|>${SERVICE}<|"|>}<tool_call|>`, 5)),
    ]);
    expect(played.text).toBe("Let me check that. ");
    expect(played.done.reason).toBe("text_tool_call");
  });

  it("after real tool calls, a last call written as text ends the agent's run as text_tool_call", async () => {
    const played = await play("agent", (n) =>
      n === 0
        ? textStep([], [{ name: "get_service", args: { serviceId: SERVICE } }])
        : textStep(cut(`{"name": "estimate_quote", "arguments": {"serviceId": "${SERVICE}"}}`, 6)),
    );
    expect(played.done).toMatchObject({ reason: "text_tool_call", toolCalls: 1 });
    expect(played.text).not.toMatch(MARKUP);
    expect(played.unitsUsed).toBe(0);
  });

  it.each([
    ["braces in prose", "Ok. Our plans {basic, full} fit; call: we reply [fast]."],
    ["JSON that names no tool", 'Ok. Send {"name": "Ana Pérez"} in the form.'],
    ["a code fence of something else", "Ok.\n```\nnpm run dev\n```"],
  ])("an answer with %s is an answer", async (_label, text) => {
    const played = await play("chat", [textStep(cut(text, 3))]);
    expect(played.done.reason).toBe("answered");
    expect(played.text.replace(/\\/g, "")).toContain(text.slice(0, 8));
  });
});

describe("2. the one reading every check makes", () => {
  it.each([
    ["an invisible separator", "7\u20637\u2063000"],
    ["an override", "\u202e7700\u202c0"],
    ["an isolate", "77\u2066000\u2069"],
    ["a soft hyphen", "77\u00ad000"],
  ])("renderedText reads a plain figure with %s as the page shows it", (_label, text) => {
    expect(renderedText(text)).toBe("77000");
  });

  it.each([
    ["emphasis", "**7\u20637\u2063000**"],
    ["a character reference that spells an invisible separator", "7&#x2063;7&#8203;000"],
    ["a named reference to a zero-width space", "7&ZeroWidthSpace;7000"],
  ])("renderedText reads a Markdown figure cut by %s as the page shows it", (_label, text) => {
    expect(renderedText(text)).toBe("77000");
  });

  it.each([
    ["an inline tag's attribute", `Precio <span title="${money(9_999_999)}">final</span>`, "Precio final"],
    ["a block of raw HTML", `<div>\n${money(9_999_999)}\n</div>\n\nPrecio final`, "\nPrecio final"],
    ["a comment", `Precio <!-- ${money(9_999_999)} --> final`, "Precio  final"],
  ])("renderedText reads no figure in %s, which the page never shows", (_label, text, shown) => {
    expect(renderedText(text)).toBe(shown);
  });
});
