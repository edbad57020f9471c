// @studio demo
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { suggestNextStep } from "@/lib/agent/tools/suggest-next-step";
import { isSitePath } from "@/lib/checks/site-paths";
import { DEFAULT_GOAL, type PlayedRun, playRun, replayModel } from "@/tests/support/agent-run";
import { answerProblems, HOSTILE } from "@/tests/support/answer-safety";
import { locale } from "@/tests/support/studio";
import {
  chunk,
  finishChunk,
  openAIStep,
  type ReplayStep,
  type SseEvent,
  usageChunk,
} from "@/tests/support/workers-ai-replay";

const es = locale("es");

// A hostile or broken model's answer, as Workers AI streams it, replayed through the real
// workers-ai-provider and the real run: whatever it writes and however its text is cut into
// deltas, no link outside the site's pages and the tools' own WhatsApp URLs and no raw HTML
// reaches the page's stream, every amount no tool returned as money is flagged in `data-done`,
// and the run ends with exactly one `data-done` (the harness checks that on every run).

/** One model call that writes `pieces` as its deltas and stops. */
function textStep(pieces: string[]): ReplayStep {
  const events: SseEvent[] = [chunk({ role: "assistant", content: "" })];
  for (const content of pieces) if (content) events.push(chunk({ content }));
  events.push(finishChunk("stop"), usageChunk({ prompt: 900, completion: 40 }));
  return { events };
}

/** Each piece reaches the answer checks as its own delta (no merge window, below or above the provider). */
async function answerRun(pieces: string[]): Promise<PlayedRun> {
  return playRun({ model: replayModel([textStep(pieces)], { streamWindowMs: 0 }).model, streamWindowMs: 0 });
}

/** The WhatsApp URLs the run's tools returned: the only absolute links its answer may keep. */
function toolUrls(run: PlayedRun): string[] {
  return run.outputs.flatMap(({ output }) => JSON.stringify(output).match(/https:\/\/wa\.me\/[^"\s]+/g) ?? []);
}

function expectSafe(run: PlayedRun, label: string) {
  const policy = { sitePaths: isSitePath, allowedUrls: toolUrls(run) };
  expect(answerProblems(run.text, policy), label).toEqual([]);
  expect(run.text.toLowerCase(), label).not.toMatch(/evil|javascript|<script|onerror|onload/);
  // A text that was all markup leaves nothing to show: the run still ends with a named reason.
  if (run.text.trim()) expect(run.done.reason, label).toBe("answered");
  else expect(run.done.reason, label).not.toBe("model_error");
}

beforeEach(() => {
  vi.spyOn(console, "log").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("adversarial answers: links and raw HTML, cut at every position", () => {
  it.each([
    ["Visite htt", "ps://evil.example/x"],
    ["[c](javascript:alert(1)", ")"],
    ["[c](<javascript:alert(2)>)"],
    ["Hola <scr", "ipt>alert(3)</script>"],
  ])("the issue's examples: %j", async (...pieces) => {
    const run = await answerRun(pieces);
    expectSafe(run, JSON.stringify(pieces));
  });

  it.each(HOSTILE)(
    "%j, split in two at every position and one character per delta",
    async (text) => {
      const splits = Array.from({ length: text.length + 1 }, (_, at) => [text.slice(0, at), text.slice(at)]);
      for (const pieces of [...splits, [...text]]) expectSafe(await answerRun(pieces), JSON.stringify(pieces));
    },
    120_000,
  );
});

const getLanding = { name: "get_service", args: { serviceId: "landing-page" } };
const quoteBooking = { name: "estimate_quote", args: { serviceId: "booking-system", extraIds: [] } };

/** A run whose model calls tools and writes text: each step's text in two deltas cut at `at`. */
async function toolRun(steps: { text?: string; calls?: { name: string; args: unknown }[] }[], at?: number) {
  const script = steps.map(({ text, calls = [] }) => {
    const step = openAIStep({ calls, text: text ?? "" });
    if (text === undefined || at === undefined) return step;
    // Replace the text events with the two pieces.
    const rest = step.events.filter((event) => !JSON.stringify(event).includes('"content"'));
    const cut = Math.min(at, text.length);
    const pieces = [text.slice(0, cut), text.slice(cut)].filter(Boolean).map((content) => chunk({ content }));
    return { events: [chunk({ role: "assistant", content: "" }), ...pieces, ...rest] };
  });
  return playRun({ model: replayModel(script, { streamWindowMs: 0 }).model, streamWindowMs: 0 });
}

const raws = (run: PlayedRun) => run.done.unverifiedAmounts.map((amount) => amount.raw);

describe("adversarial answers: amounts", () => {
  it("flags an amount written in the plan or a middle step, not only in the final answer", async () => {
    const run = await toolRun([
      { text: "Plan: le cuesta $ 9.999.999 y lo reviso. ", calls: [getLanding] },
      { text: "Mientras tanto, unos 7 millones. ", calls: [quoteBooking] },
      { text: "La landing va de $ 1.800.000 a $ 2.800.000." },
    ]);
    expect(raws(run)).toEqual(["$ 9.999.999", "7 millones"]);
    expectSafe(run, "plan");
  });

  it('takes only money as proof: a tool\'s weeks (5) verify no "$ 5"', async () => {
    const run = await toolRun([
      { calls: [quoteBooking] },
      { text: "Cuesta $ 5, en 3 a 5 semanas; el rango es de $ 3.500.000 a $ 6.000.000." },
    ]);
    expect(raws(run)).toEqual(["$ 5"]);
  });

  const written =
    "Desde 1’800.000 hasta $ 2 800 000; marca: un millón doscientos mil; textos: 450 mil; Google: doscientos cincuenta mil pesos.";
  const invented = "Con extras: 1’400.000, o un millón cuatrocientos mil, o 1 millón 400 mil, o $ 4 200 000 en total.";

  it("reads amounts as Colombians write them, cut at every position: verified when a tool returned them", async () => {
    for (let at = 0; at <= written.length; at++) {
      const run = await toolRun([{ calls: [getLanding] }, { text: written }], at);
      expect(raws(run), String(at)).toEqual([]);
      expect(run.text).toBe(written);
    }
  }, 120_000);

  it("flags the same forms when no tool returned them, cut at every position", async () => {
    for (let at = 0; at <= invented.length; at++) {
      const run = await toolRun([{ calls: [getLanding] }, { text: invented }], at);
      expect(raws(run), String(at)).toEqual([
        "1’400.000",
        "un millón cuatrocientos mil",
        "1 millón 400 mil",
        "$ 4 200 000",
      ]);
    }
  }, 120_000);
});

describe("adversarial answers: the tools' WhatsApp link", () => {
  it("keeps the URL a tool returned this run, and no other wa.me link", async () => {
    const step = suggestNextStep("whatsapp", "landing-page", [], { locale: es, goal: DEFAULT_GOAL });
    if (!step.ok) throw new Error("no WhatsApp link");
    const text = `Escríbanos por [WhatsApp](${step.path}) o ${step.path} — no por [este](https://wa.me/573009999999) ni https://wa.me/573008888888.`;
    const run = await toolRun([
      { calls: [{ name: "suggest_next_step", args: { kind: "whatsapp", serviceId: "landing-page" } }] },
      { text },
    ]);
    expect(run.text).toContain(`[WhatsApp](${step.path})`);
    expect(run.text).toContain(` o ${step.path} `);
    expect(run.text).not.toMatch(/573009999999|573008888888/);
    expectSafe(run, "whatsapp");
  });

  it("keeps no wa.me link at all when no tool returned one", async () => {
    const run = await answerRun(["Escríbanos a https://wa.me/573005550123 o [aquí](https://wa.me/573005550123)."]);
    expect(run.text).not.toContain("wa.me");
  });
});
