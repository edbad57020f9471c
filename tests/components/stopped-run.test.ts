// @studio demo
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BudgetMeter } from "@/components/agent/budget-meter";
import type { ViewContext } from "@/components/agent/copy";
import { readRun } from "@/components/agent/read-run";
import { RunNotice } from "@/components/agent/run-notice";
import { AGENT_RUN_UNITS } from "@/lib/agent/limits";
import type { AgentUIMessage } from "@/lib/agent/types";
import { getDictionary } from "@/lib/i18n/dictionary";
import { locale } from "@/tests/support/studio";

const en = locale("en");

// Guards what a stopped run's panel says (no `data-done` arrives): the model calls the page saw
// start, the tokens row agreeing with the bar, and why a stopped run still costs its units.

const copy = getDictionary(en).agent.console;
const view: ViewContext = { copy, locale: en, names: {}, active: false };

/** A run stopped while its second model call streamed: its plan, one search, then a cut call. */
const stopped = {
  id: "m",
  role: "assistant",
  parts: [
    { type: "step-start" },
    { type: "text", text: "I'll search the site.", state: "done" },
    {
      type: "tool-search_site",
      toolCallId: "c1",
      state: "output-available",
      input: { query: "bakery", locale: en },
      output: { ok: true, results: [] },
    },
    { type: "step-start" },
    { type: "tool-get_service", toolCallId: "c2", state: "input-streaming", input: {} },
  ],
} as unknown as AgentUIMessage;

function meter(budget: Parameters<typeof BudgetMeter>[0]["budget"]) {
  const run = readRun(stopped);
  const html = renderToStaticMarkup(
    createElement(BudgetMeter, { budget, done: null, seen: run.seen, model: null, unitsLeft: 18, stopped: true, view }),
  );
  const value = (id: string) =>
    new RegExp(`data-testid="agent-meter-${id}"[^>]*>(?:<label[^>]*>[^<]*</label><span[^>]*>)?([^<]*)`).exec(html)?.[1];
  return { html, value };
}

describe("a stopped run's panel", () => {
  it("counts the model and tool calls the page saw start, even before their data-budget", () => {
    const { value } = meter(null);
    expect(value("model-calls")).toBe("2 of 5");
    expect(value("tool-calls")).toBe("2 of 6");
  });

  it("shows the tokens counted so far in the row beside the bar, the same number", () => {
    const { value } = meter({ modelCalls: 1, toolCalls: 1, tokensUsed: 3933, tokenBudget: 7000 });
    expect(value("tokens")).toBe("3,933 of 7,000");
    expect(value("usage")).toBe(copy.meter.usageStopped.replace("{tokens}", "3,933"));
    expect(value("model-calls")).toBe("2 of 5");
  });

  it("says why a stopped run still costs its units", () => {
    const html = renderToStaticMarkup(
      createElement(RunNotice, { problem: null, stopped: true, onRetry: () => {}, view }),
    );
    expect(html).toContain(copy.stopped);
    expect(html).toContain(copy.stoppedCost.replace("{units}", String(AGENT_RUN_UNITS)));
  });
});
