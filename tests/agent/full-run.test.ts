// @studio demo us mx ch it de br ja
import { beforeAll, describe, expect, it, vi } from "vitest";
import { AGENT_LIMITS, GOAL_MAX_LENGTH } from "@/lib/agent/limits";
import { createOfflinePlanner } from "@/lib/agent/offline-planner";
import { findAmounts } from "@/lib/checks/amounts";
import { LOCALES, type Locale } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { estimateTokens } from "@/lib/text/tokens";
import { BR_FIT_GOALS } from "@/tests/fixtures/studios/br.fit-goals";
import { CH_FIT_GOALS } from "@/tests/fixtures/studios/ch.fit-goals";
import { DE_FIT_GOALS } from "@/tests/fixtures/studios/de.fit-goals";
import { DEMO_FIT_GOALS } from "@/tests/fixtures/studios/demo.fit-goals";
import { DEMO_RUN_GOALS } from "@/tests/fixtures/studios/demo.run-goals";
import { IT_FIT_GOALS } from "@/tests/fixtures/studios/it.fit-goals";
import { JA_FIT_GOALS } from "@/tests/fixtures/studios/ja.fit-goals";
import { MX_FIT_GOALS } from "@/tests/fixtures/studios/mx.fit-goals";
import { US_FIT_GOALS } from "@/tests/fixtures/studios/us.fit-goals";
import { type PlayedRun, playRun } from "@/tests/support/agent-run";
import type { FitTable, RunTable } from "@/tests/support/fit-table";
import { STUDIO, locale as studioLocale } from "@/tests/support/studio";

// Guards the Lab's core loop end to end: every goal of the studio's fit table, in each of its
// languages, and the goals only a whole run reads (two needs, another language than the page's),
// played by the offline planner through the real loop, tools, limits and checks. A goal the
// studio serves ends with the calculator's price for its service and a next step; one it doesn't
// serve ends with the contact step and no amount. Each fixture runs in its own project.

const FIT: Record<string, FitTable> = {
  demo: DEMO_FIT_GOALS,
  us: US_FIT_GOALS,
  mx: MX_FIT_GOALS,
  ch: CH_FIT_GOALS,
  it: IT_FIT_GOALS,
  de: DE_FIT_GOALS,
  br: BR_FIT_GOALS,
  ja: JA_FIT_GOALS,
};
const RUN: Record<string, RunTable> = { demo: DEMO_RUN_GOALS };

beforeAll(() => {
  // One log line per run for Workers Logs; hundreds here.
  vi.spyOn(console, "log").mockImplementation(() => {});
});

function play(goal: string, locale: Locale): Promise<PlayedRun> {
  return playRun({
    goal,
    locale,
    model: createOfflinePlanner({ locale, chunkDelayMs: 0 }),
    modelName: "offline-planner",
    estimatedUsage: true,
  });
}

type Step = { kind: string; path: string };

/** The next step the page shows: the tool's, or the run's own contact step. */
function nextStepOf(run: PlayedRun): Step | undefined {
  const tool = run.tools.find((part) => part.name === "suggest_next_step" && (part.output as { ok?: boolean })?.ok);
  if (tool) return tool.output as Step;
  const data = run.chunks.find((chunk) => chunk.type === "data-next-step") as { data: Step } | undefined;
  return data?.data;
}

function expectPriced(run: PlayedRun, serviceId: string): void {
  const estimate = run.tools.find((part) => part.name === "estimate_quote");
  expect(estimate?.input, "priced its service").toMatchObject({ serviceId });
  expect((estimate?.output as { ok?: boolean })?.ok).toBe(true);
  expect(nextStepOf(run), "a next step").toBeDefined();
  expect(run.done).toMatchObject({ reason: "answered", unverifiedAmounts: [] });
  expect(run.done.usage.inputTokens + run.done.usage.outputTokens).toBeLessThanOrEqual(AGENT_LIMITS.tokenBudget);
}

function expectContact(run: PlayedRun): void {
  expect(
    run.tools.some((part) => part.name === "estimate_quote"),
    "no price",
  ).toBe(false);
  expect(nextStepOf(run)?.kind).toBe("contact");
  expect(findAmounts(run.text)).toEqual([]);
  expect(run.done.reason).toBe("answered");
}

const table = FIT[STUDIO.name] ?? {};

describe.each(Object.entries(table))(`the ${STUDIO.name} studio's goals in %s, played whole`, (code, goals) => {
  it.each(goals)("%j", async (goal, serviceId) => {
    const run = await play(goal, studioLocale(code));
    if (serviceId) expectPriced(run, serviceId);
    else expectContact(run);
  });
});

describe.each(LOCALES)(`the ${STUDIO.name} studio's example goals in %s`, (code) => {
  // The Lab's first two examples name needs the studio serves: each takes the four tools' path, one
  // tool a model call, then the answer, as the e2e specs expect of every studio, in any script.
  const served = getDictionary(code).agent.console.exampleGoals.slice(0, 2);
  it.each(served)("%j calls the four tools", async (goal) => {
    const run = await play(goal, code);
    expect(run.tools.map((part) => part.name)).toEqual([
      "search_site",
      "get_service",
      "estimate_quote",
      "suggest_next_step",
    ]);
    expect(run.done.modelCalls).toBe(AGENT_LIMITS.maxSteps);
  });
});

describe.runIf(RUN[STUDIO.name])(`the ${STUDIO.name} studio's goals that only a whole run reads`, () => {
  it.each(RUN[STUDIO.name] ?? [])("$locale: $goal", async ({ locale, goal, serviceId, alsoId }) => {
    const run = await play(goal, studioLocale(locale));
    if (!serviceId) return expectContact(run);
    expectPriced(run, serviceId);
    // The second need is said, by its page, and not priced.
    const estimates = run.tools.filter((part) => part.name === "estimate_quote");
    expect(estimates).toHaveLength(1);
    if (alsoId) {
      const search = run.tools[0]?.output as { results?: { path: string }[] } | undefined;
      const found = (search?.results ?? []).map((result) => result.path);
      expect(found.some((path) => run.text.includes(`](${path})`))).toBe(true);
    }
  });
});

describe.each(Object.entries(table))(`the ${STUDIO.name} studio's longest goal in %s`, (code, goals) => {
  // The most a visitor may write: a served goal said again and again up to the goal's limit. Every
  // call re-sends it, so it is the run's worst case for the budget; it still reaches its price.
  const served = goals.find(([, serviceId]) => serviceId !== null);
  it.runIf(served)(`${GOAL_MAX_LENGTH} characters still reach the price and a next step`, async () => {
    const [goal, serviceId] = served ?? ["", null];
    let long = goal;
    while (`${long} ${goal}`.length <= GOAL_MAX_LENGTH) long = `${long} ${goal}`;
    long = `${long} ${goal}`.slice(0, GOAL_MAX_LENGTH);
    const run = await play(long, studioLocale(code));
    expectPriced(run, serviceId ?? "");
    // The budget was sized for the limit in Latin text, about 3 characters a token: there the run
    // makes all its calls. Kana and kanji cost a token a character (lib/text/tokens.ts), so 500 of
    // them leave room for one call less: the answer then carries the run's own next step.
    const latinCost = estimateTokens("x".repeat(GOAL_MAX_LENGTH));
    const calls = estimateTokens(long) <= 1.5 * latinCost ? AGENT_LIMITS.maxSteps : AGENT_LIMITS.maxSteps - 1;
    expect(run.done.modelCalls).toBeGreaterThanOrEqual(calls);
  });
});
