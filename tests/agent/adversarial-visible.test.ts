// @studio demo
import { writeFileSync } from "node:fs";
import type { UIMessageChunk } from "ai";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { LOCALES, SETTINGS } from "@/content/generated/settings";
import { AGENT_LIMITS } from "@/lib/agent/limits";
import { DEFAULT_AGENT_MODEL } from "@/lib/ai/default-models";
import { CHAT_LIMITS } from "@/lib/chat/limits";
import { chatUse } from "@/lib/chat/run-chat";
import type { Locale } from "@/lib/i18n/config";
import { streamLabUse } from "@/lib/lab/run-use";
import type { DoneData } from "@/lib/lab/types";
import { estimateQuote, serviceIds } from "@/lib/quote/estimate";
import { REVIEW_LIMITS } from "@/lib/review/limits";
import type { ReviewData } from "@/lib/review/output";
import { reviewUse } from "@/lib/review/run-review";
import { playRun, readRun, replayModel, type ToolPart } from "@/tests/support/agent-run";
import { gemmaTokens } from "@/tests/support/gemma-tokenizer";
import { SCRIPT_TEXTS } from "@/tests/support/script-texts";
import { readChunks } from "@/tests/support/scripted-model";
import {
  type CallSpec,
  chunk,
  finishChunk,
  openAIStep,
  type ReplayScript,
  type ReplayStep,
  type SseEvent,
  toolCallChunks,
  usageChunk,
} from "@/tests/support/workers-ai-replay";

// What the visitor sees is only what the checks allow: hostile Workers AI streams replayed through
// the real workers-ai-provider (fake `AI` binding) into each Lab use (the agent, the assistant, the
// reviewer), one group for each thing a model tried to get onto the page: its thoughts, more tokens
// than a call may write (in any script), amounts in another currency, amounts spelled so the check
// misread them, and structured drafts past their schema. The studio's languages and currency come
// from its settings; nothing here names the demo studio's.

// Each case replays whole runs through the real provider, some hundreds of times: on a loaded machine
// one takes seconds. No case depends on timing.
vi.setConfig({ testTimeout: 120_000 });

const LOCALE: Locale = LOCALES[0];
const CURRENCY: string = SETTINGS.currency;
/** A currency that is not the studio's. */
const OTHER = CURRENCY === "USD" ? "EUR" : "USD";
const SERVICE = serviceIds()[0] ?? "";
/** A price a tool returns (the service's lowest): the only money that verifies an amount. */
const PRICE = estimateQuote({ serviceId: SERVICE, extraIds: [] }).price.min;
const TAGS = LOCALES.map((locale) => SETTINGS.localeTags[locale]);

type UseName = "agent" | "chat" | "review";
const USES: UseName[] = ["agent", "chat", "review"];

/** What reached the page's stream, read the way the page reads it. */
type Shown = {
  chunks: UIMessageChunk[];
  done: DoneData;
  /** Text parts, joined. */
  text: string;
  /** Tool parts as the timeline shows them, and every streamed piece of their arguments. */
  tools: ToolPart[];
  toolDeltas: string;
  /** Every `data-review` draft, the last one as the page keeps it. */
  reviews: ReviewData[];
  /** Everything the visitor can read: the text, the tools' arguments and the review's fields. */
  visible: string;
};

/** One model call writing `pieces` as its text deltas, then stopping. */
function textStep(pieces: string[], calls: CallSpec[] = []): ReplayStep {
  const events: SseEvent[] = [chunk({ role: "assistant", content: "" })];
  for (const content of pieces) if (content) events.push(chunk({ content }));
  for (const [index, call] of calls.entries()) events.push(...toolCallChunks({ index, ...call }));
  events.push(finishChunk(calls.length ? "tool_calls" : "stop"), usageChunk({ prompt: 900, completion: 40 }));
  return { events };
}

const CODE = [
  "function total(items) {",
  "  let sum = 0;",
  "  for (var i = 0; i <= items.length; i++) sum += items[i].price;",
  "  return sum;",
  "}",
].join("\n");

function reviewFields(review: ReviewData | undefined): string {
  if (!review) return "";
  return [review.summary, ...review.findings.flatMap((f) => [f.title ?? "", f.why ?? "", f.fix ?? ""])].join("\n");
}

async function play(use: UseName, script: ReplayScript, { code = CODE }: { code?: string } = {}): Promise<Shown> {
  const replay = replayModel(script, { streamWindowMs: 0 });
  const model = { model: replay.model, name: DEFAULT_AGENT_MODEL };
  let chunks: UIMessageChunk[];
  if (use === "agent") {
    chunks = (await playRun({ model: replay.model, streamWindowMs: 0, locale: LOCALE, goal: SERVICE })).chunks;
  } else {
    const lab =
      use === "chat"
        ? chatUse({ turns: [{ role: "user", text: SERVICE }], locale: LOCALE })
        : reviewUse({ code, locale: LOCALE });
    chunks = await readChunks(streamLabUse(lab as never, { model, streamWindowMs: 0 }));
  }
  const run = readRun(chunks);
  const toolDeltas = chunks
    .filter((c): c is Extract<UIMessageChunk, { type: "tool-input-delta" }> => c.type === "tool-input-delta")
    .map((c) => c.inputTextDelta)
    .join("");
  const reviews = chunks.filter((c) => c.type === "data-review").map((c) => (c as { data: ReviewData }).data);
  const visible = [
    run.text,
    toolDeltas,
    ...run.tools.map((t) => JSON.stringify(t.input ?? null)),
    ...reviews.map(reviewFields),
  ].join("\n");
  return { chunks, done: run.done, text: run.text, tools: run.tools, toolDeltas, reviews, visible };
}

/** A use's answer with `text` in it: the agent and the assistant write it, the reviewer as its summary. */
function answerOf(use: UseName, text: string): string {
  return use === "review" ? JSON.stringify({ summary: text, findings: [] }) : text;
}

/** `text` cut in two at every position within `reach` characters of each of `marks`, plus one character a delta. */
function splitsAround(text: string, marks: string[], reach = 2): string[][] {
  const cuts = new Set<number>();
  for (const mark of marks) {
    for (let at = text.indexOf(mark); at !== -1; at = text.indexOf(mark, at + 1)) {
      for (let k = at - reach; k <= at + mark.length + reach; k++) if (k > 0 && k < text.length) cuts.add(k);
    }
  }
  return [...[...cuts].map((k) => [text.slice(0, k), text.slice(k)]), [...text]];
}

type Row = { group: string; case: string; use: UseName; reason: string; outputTokens: number; shown: string };
const rows: Row[] = [];
function note(group: string, label: string, use: UseName, shown: Shown, what: string) {
  rows.push({
    group,
    case: label,
    use,
    reason: shown.done.reason,
    outputTokens: shown.done.usage.outputTokens,
    shown: what.replace(/\s+/g, " ").slice(0, 160),
  });
}

beforeEach(() => {
  vi.spyOn(console, "log").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
  return () => vi.restoreAllMocks();
});
// Set ADVERSARIAL_VISIBLE_RESULTS to a file to keep what each case got onto the page.
afterAll(() => {
  const file = process.env.ADVERSARIAL_VISIBLE_RESULTS;
  if (file) writeFileSync(file, `${JSON.stringify(rows, null, 2)}\n`);
});

const money = (value: number, currency: string, tag: string, display: "symbol" | "code" | "name" = "symbol") =>
  new Intl.NumberFormat(tag, { style: "currency", currency, currencyDisplay: display, maximumFractionDigits: 0 })
    .format(value)
    .replace(/\s/g, " ");

// --- 1. Thoughts ------------------------------------------------------------------------------------

const OPEN = "<|channel>thought\n";
const CLOSE = "<channel|>";
/** A thought longer than any look-ahead, with an amount and a count in it that no tool returned. */
const THOUGHT = `The visitor wants a site. I could say ${money(7_700_000, CURRENCY, TAGS[0] ?? "en")} and 14 findings. ${"Let me weigh the pages, the blog and the time it takes. ".repeat(12)}`;
const LEAKS = /visitor wants|weigh the pages|7[.,\s]?700[.,\s]?000/;

describe("1. a thought never reaches the visitor", () => {
  const cases: [string, (answer: (text: string) => string) => string][] = [
    ["a thought longer than the look-ahead, at the start", (a) => `${OPEN}${THOUGHT}${CLOSE}${a("Ok.")}`],
    ["a thought that opens after the first sentence", (a) => a(`Ok. ${OPEN}${THOUGHT}${CLOSE} Bien.`)],
    [
      "nested markers",
      (a) => `${OPEN}${THOUGHT.slice(0, 80)}${OPEN}${THOUGHT}${CLOSE} weigh the pages ${CLOSE}${a("Ok.")}`,
    ],
    ["repeated thoughts", (a) => `${OPEN}${THOUGHT}${CLOSE}${a(`Ok. ${OPEN}${THOUGHT}${CLOSE}Bien.`)}`],
    ["a thought that never closes", (a) => a(`Ok. ${OPEN}${THOUGHT}`)],
  ];

  for (const use of USES) {
    it.each(cases)(
      `%s, cut around each marker and one character a delta (${use})`,
      async (label, write) => {
        // The reviewer's thought sits outside its JSON (a thought inside a JSON string would be its text).
        const text = write((inner) => answerOf(use, inner));
        for (const pieces of splitsAround(text, ["<|channel>", CLOSE])) {
          const shown = await play(use, [textStep(pieces)]);
          if (pieces.length === 2 && pieces[0]?.length === 1) note("thoughts", label, use, shown, shown.visible);
          expect(shown.visible, JSON.stringify(pieces.slice(0, 2))).not.toMatch(LEAKS);
          expect(shown.visible).not.toMatch(/<\|?channel|channel\|>/);
          expect(shown.done.unverifiedAmounts).toEqual([]);
          if (use !== "review") expect(shown.text).toMatch(/^Ok\./);
        }
      },
      240_000,
    );
  }

  it("a thought on the next call of the agent, after a tool call", async () => {
    const shown = await play("agent", (n, inputs) =>
      n === 0 && (inputs.tools?.length ?? 0) > 0
        ? textStep([OPEN, THOUGHT, CLOSE], [{ name: "get_service", args: { serviceId: SERVICE } }])
        : textStep([OPEN, THOUGHT.slice(0, 200), OPEN, THOUGHT.slice(200), CLOSE, CLOSE, "Ok."]),
    );
    note("thoughts", "on the next call, nested", "agent", shown, shown.visible);
    expect(shown.visible).not.toMatch(LEAKS);
    expect(shown.text).toBe("Ok.");
    expect(shown.done).toMatchObject({ reason: "answered", toolCalls: 1, unverifiedAmounts: [] });
  });

  it.each([
    ["in a JSON string", `{"query":"${OPEN.replace("\n", "\\n")}${THOUGHT}${CLOSE}${SERVICE}"}`],
    ["escaped in a JSON string", `{"query":"\\u003c|channel>thought\\n${THOUGHT}\\u003cchannel|>${SERVICE}"}`],
    ["never closed", `{"query":"${SERVICE} ${OPEN.replace("\n", "\\n")}${THOUGHT}"}`],
  ])("a thought in a tool's arguments (%s) is neither run nor shown", async (label, args) => {
    const shown = await play("agent", (n) =>
      n === 0 ? textStep([], [{ name: "search_site", args, size: 11 }]) : textStep(["Ok."]),
    );
    note(
      "thoughts",
      `tool arguments: ${label}`,
      "agent",
      shown,
      [shown.toolDeltas, ...shown.tools.map((t) => JSON.stringify(t.input))].join(" | "),
    );
    expect(shown.visible).not.toMatch(LEAKS);
    expect(shown.visible).not.toMatch(/channel/);
    const [tool] = shown.tools;
    // Run with what is left of its arguments, or refused with a detail.
    if (tool?.error) expect(JSON.parse(tool.error)).toMatchObject({ ok: false });
    else expect(tool?.input).toEqual({ query: SERVICE });
  });

  it("a long thought before the reviewer's JSON puts nothing into data-done", async () => {
    const json = JSON.stringify({
      summary: "The loop reads one item past the end.",
      findings: [{ severity: "high", line: 3, title: "Off by one", why: "i <= length", fix: "Use i < length" }],
    });
    for (const pieces of splitsAround(`${OPEN}${THOUGHT}${CLOSE}${json}`, ["<|channel>", CLOSE])) {
      const shown = await play("review", [textStep(pieces)]);
      expect(shown.done).toMatchObject({ reason: "answered", unverifiedAmounts: [] });
      expect(shown.reviews.at(-1)).toMatchObject({ final: true, findings: [{ line: 3 }] });
    }
  }, 120_000);
});

// --- 2. The per-call cap in any script ---------------------------------------------------------------

describe("2. no call puts more than its cap of Gemma tokens on the page, in any script", () => {
  const caps: Record<UseName, number> = {
    agent: AGENT_LIMITS.maxTokens,
    chat: CHAT_LIMITS.maxOutputTokens,
    review: REVIEW_LIMITS.maxOutputTokens,
  };
  // The scripts a count of characters a token undercounts most, and the worst case of each kind.
  const scripts = [
    "chinese",
    "japanese",
    "korean",
    "thai",
    "arabic",
    "emoji",
    "combining marks",
    "rare characters between spaces",
  ];
  for (const use of USES) {
    it.each(scripts.map((label) => [label, SCRIPT_TEXTS[label] ?? ""]))(
      `%s, one character an event (${use})`,
      async (label, prose) => {
        const long = prose.repeat(Math.ceil(3000 / prose.length));
        // The reviewer writes it into its findings: eight of them hold far more than its cap.
        const text =
          use === "review"
            ? JSON.stringify({
                summary: long.slice(0, 100),
                findings: Array.from({ length: 8 }, (_, k) => ({
                  severity: "low",
                  line: 1,
                  title: long.slice(k, k + 60),
                  why: long.slice(k, k + 380),
                  fix: long.slice(k + 1, k + 380),
                })),
              })
            : long;
        const shown = await play(use, [textStep([...text])]);
        const onPage = use === "review" ? reviewFields(shown.reviews.at(-1)) : shown.text;
        const tokens = gemmaTokens(onPage);
        note("caps", label, use, shown, `${tokens} Gemma tokens shown, ${[...onPage].length} characters`);
        expect(tokens).toBeLessThanOrEqual(caps[use]);
        // What was booked is never less than what the visitor got.
        expect(shown.done.usage.outputTokens).toBeGreaterThanOrEqual(tokens);
        expect(shown.done.usage.outputTokens).toBeLessThanOrEqual(caps[use]);
      },
      60_000,
    );
  }
});

// --- 3. Amounts by value and currency ----------------------------------------------------------------

/** The use's model step that writes `text` after what the use needs to have the price in hand. */
function withPrice(use: UseName, text: string): ReplayScript {
  if (use !== "agent") return [textStep([answerOf(use, text)])];
  return (n, inputs) =>
    n === 0 && (inputs.tools?.length ?? 0) > 0
      ? openAIStep({ calls: [{ name: "estimate_quote", args: { serviceId: SERVICE, extraIds: [] } }] })
      : textStep([text]);
}

describe("3. an amount is verified by its value and its currency", () => {
  // The reviewer's facts are the code: the price written in it, in the studio's currency.
  const priced = (tag: string) => `${CODE}\nconst label = "${money(PRICE, CURRENCY, tag)}";`;
  for (const use of USES) {
    it.each(TAGS)(`the price in another currency, in %s, is unverified (${use})`, async (tag) => {
      const honest = money(PRICE, CURRENCY, tag);
      // A bare "$" names no currency (the studio's may write it too): only forms that name the other one.
      const others = (["code", "symbol", "name"] as const)
        .map((display) => money(PRICE, OTHER, tag, display))
        .filter((written) => !/(^|[^A-Za-z])\$/.test(written));
      const text = `${honest}. ${others.join(". ")}.`;
      const shown = await play(use, withPrice(use, text), { code: priced(tag) });
      const flagged = shown.done.unverifiedAmounts;
      note(
        "currency",
        `${tag}: ${others.join(" / ")}`,
        use,
        shown,
        `flagged: ${flagged.map((a) => a.raw).join(" | ")}`,
      );
      expect(flagged.map((a) => a.raw)).not.toContain(honest);
      for (const other of others) {
        expect(
          flagged.some((a) => a.value === PRICE && other.includes(a.raw)),
          other,
        ).toBe(true);
      }
    });

    it(`thousands and millions spelled in English and Spanish read as money (${use})`, async () => {
      const text = "5 grand, 50k, 1.7 million dollars, 300 mil, 2,9 millones de dólares";
      const shown = await play(use, withPrice(use, text));
      const values = shown.done.unverifiedAmounts.map((a) => a.value);
      note("currency", "spelled thousands and millions", use, shown, `flagged values: ${values.join(", ")}`);
      expect(values).toEqual([5000, 50_000, 1_700_000, 300_000, 2_900_000]);
    });
  }
});

// --- 4. Amounts as rendered --------------------------------------------------------------------------

describe("4. amounts are read as the page renders them", () => {
  const word = SETTINGS.currencyMarks.symbols[0] ?? CURRENCY;
  const shapes: [string, string, { value: number; raw: string }][] = [
    ["character references", `5&#46;500&#46;000 ${word}`, { value: 5_500_000, raw: `5.500.000 ${word}` }],
    ["hex and named references", "&#x24;7&period;700&#x2E;000", { value: 7_700_000, raw: "$7.700.000" }],
    ["backslash escapes", "\\$7\\.700\\.000", { value: 7_700_000, raw: "$7.700.000" }],
  ];
  for (const use of ["agent", "chat"] as const) {
    it.each(shapes)(
      `%s, cut at every position (${use})`,
      async (label, written, expected) => {
        const text = `Ok: ${written}.`;
        for (let at = 1; at <= text.length; at++) {
          const shown = await play(use, [textStep([text.slice(0, at), text.slice(at)])]);
          if (at === 1) note("rendered", label, use, shown, `flagged: ${JSON.stringify(shown.done.unverifiedAmounts)}`);
          // One amount, shown in the warning as the visitor reads it.
          expect(
            shown.done.unverifiedAmounts.map(({ value, raw }) => ({ value, raw })),
            `cut at ${at}`,
          ).toEqual([expected]);
        }
      },
      120_000,
    );
  }

  it("the reviewer's fields are read as the page shows them (plain text, JSON escapes resolved)", async () => {
    const summary = `Costs ${money(7_700_000, CURRENCY, TAGS[0] ?? "en")}, see &#36;5.`;
    const json = JSON.stringify({ summary, findings: [] }).replace(/\$/g, "\\u0024");
    const shown = await play("review", [textStep([json])]);
    const raws = shown.done.unverifiedAmounts.map((a) => a.raw);
    note("rendered", "JSON escapes in the review", "review", shown, `flagged: ${raws.join(" | ")}`);
    expect(shown.reviews.at(-1)?.summary).toBe(summary);
    expect(raws).toEqual([money(7_700_000, CURRENCY, TAGS[0] ?? "en")]);
  });
});

// --- 5. Drafts within the schema ---------------------------------------------------------------------

describe("5. a streamed draft never exceeds its schema", () => {
  const over = JSON.stringify({
    summary: "S".repeat(1015),
    findings: Array.from({ length: 9 }, (_, k) => ({
      severity: "low",
      line: 1 + (k % 5),
      title: "T".repeat(k === 0 ? 420 : 3),
      why: "W",
      fix: "F",
    })),
  });

  it("the reviewer's drafts: at most 8 findings, a 300-character summary, 120-character titles", async () => {
    const shown = await play("review", [textStep(over.match(/[\s\S]{1,7}/g) ?? [])]);
    const most = (pick: (r: ReviewData) => number) => Math.max(0, ...shown.reviews.map(pick));
    const findings = most((r) => r.findings.length);
    const summary = most((r) => r.summary.length);
    const title = most((r) => Math.max(0, ...r.findings.map((f) => f.title?.length ?? 0)));
    note(
      "drafts",
      "9 findings, 1,015-character summary, 420-character title",
      "review",
      shown,
      `drafts: ${shown.reviews.length}, most findings ${findings}, longest summary ${summary}, longest title ${title}; last: ${JSON.stringify(shown.reviews.at(-1)).slice(0, 60)}`,
    );
    expect(findings).toBeLessThanOrEqual(REVIEW_LIMITS.maxFindings);
    expect(summary).toBeLessThanOrEqual(300);
    expect(title).toBeLessThanOrEqual(120);
    // It fails its schema at the end: nothing it invented stays on the page.
    expect(shown.done.reason).toBe("model_error");
    expect(shown.reviews.at(-1)).toMatchObject({ summary: "", findings: [] });
    expect(shown.done.unverifiedAmounts).toEqual([]);
  });

  it("a tool's arguments reach the page only whole: no draft past their schema, and refused", async () => {
    const query = "tienda ".repeat(60);
    const shown = await play("agent", (n) =>
      n === 0 ? textStep([], [{ name: "search_site", args: { query }, size: 5 }]) : textStep(["Ok."]),
    );
    const drafts = shown.chunks.filter((c) => c.type === "tool-input-delta").length;
    note(
      "drafts",
      "a 420-character query (the schema allows 200)",
      "agent",
      shown,
      `argument drafts streamed: ${drafts}`,
    );
    expect(drafts).toBeLessThanOrEqual(1);
    expect(shown.tools[0]?.error).toBeDefined();
  });

  it("the assistant has no structured output: its text is capped like any call's", async () => {
    const shown = await play("chat", [textStep(["Ok. ", "palabra ".repeat(800)])]);
    note("drafts", "chat text past its cap", "chat", shown, `${shown.text.length} characters`);
    expect(shown.done.usage.outputTokens).toBeLessThanOrEqual(CHAT_LIMITS.maxOutputTokens);
  });
});
