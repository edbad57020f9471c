// @studio demo
import { describe, expect, it } from "vitest";
import { agentRequestSchema } from "@/app/api/agent/schema";
import { readRun } from "@/components/agent/read-run";
import { formatCount } from "@/components/lab/copy";
import { LabRequestError, problemFromError, problemMessage, problemOf } from "@/components/lab/run-problems";
import { GOAL_MAX_LENGTH } from "@/lib/agent/limits";
import type { AgentUIMessage } from "@/lib/agent/types";
import { safeLink } from "@/lib/checks/links";
import { getDictionary } from "@/lib/i18n/dictionary";
import { locale } from "@/tests/support/studio";

const es = locale("es");
const en = locale("en");

// Guards the Lab console's own logic: which links it renders, how it explains a refused request,
// and how it splits a streamed message into plan, steps and answer.

describe("the goal's limit", () => {
  it("is the route's: the box's 500 characters pass, one more is a 400", () => {
    expect(agentRequestSchema.safeParse({ goal: "x".repeat(GOAL_MAX_LENGTH), locale: es }).success).toBe(true);
    expect(agentRequestSchema.safeParse({ goal: "x".repeat(GOAL_MAX_LENGTH + 1), locale: es }).success).toBe(false);
  });
});

describe("safeLink", () => {
  it("keeps site paths and the studio's WhatsApp, nothing else", () => {
    expect(safeLink("/es/quote?service=landing-page#x")).toEqual({
      kind: "site",
      href: "/es/quote?service=landing-page#x",
    });
    expect(safeLink("https://wa.me/573001234567?text=Hola")?.kind).toBe("whatsapp");
    for (const href of [
      "//evil.example/x",
      "/\\evil.example/x",
      "/es/\nquote",
      "https://evil.example/es/quote",
      "http://wa.me/573001234567",
      "https://wa.me.evil.example/1",
      "https://user@wa.me/1",
      "javascript:alert(1)",
      "data:text/html,hi",
      "es/quote",
      "",
      undefined,
    ]) {
      expect(safeLink(href), String(href)).toBeNull();
    }
  });
});

describe("a refused request in plain words", () => {
  const copy = getDictionary(en).agent.console;
  const now = new Date("2026-03-10T15:00:00Z");

  async function quota(body: unknown, headers: Record<string, string> = {}) {
    return problemOf(new Response(JSON.stringify(body), { status: 429, headers }), now.getTime());
  }

  it("says when the daily quota comes back, in the visitor's time zone", async () => {
    const problem = await quota({
      error: { code: "quota_exceeded", message: "…", resetAt: "2026-03-11T00:00:00.000Z", limit: "ip" },
    });
    expect(problem).toEqual({ kind: "quota", limit: "ip", resetAt: "2026-03-11T00:00:00.000Z" });
    // UTC midnight is 7 PM the same day in Bogotá, and the next day in Madrid.
    expect(problemMessage(problem, copy, en, now, "America/Bogota")).toBe(
      "You have used today's runs from this connection. They come back at 7:00 PM (your time).",
    );
    expect(problemMessage(problem, copy, en, now, "Europe/Madrid")).toMatch(
      /^You have used today's runs from this connection\. They come back on Wednesday, March 11 at 1:00 AM \(your time\)\.$/,
    );
    // A visitor whose clock is UTC reads one time, not "UTC (your time)".
    expect(problemMessage(problem, copy, en, now, "UTC")).toBe(
      "You have used today's runs from this connection. They come back on Wednesday, March 11 at 12:00 AM (your time).",
    );
    const spanish = getDictionary(es).agent.console;
    expect(problemMessage(problem, spanish, es, now, "America/Bogota")).toMatch(
      /^Ya usó las ejecuciones de hoy .* Vuelven a las 7:00/,
    );
  });

  it("tells the site's limit and the burst limit apart", async () => {
    const site = await quota({ error: { resetAt: "2026-03-11T00:00:00.000Z", limit: "site" } });
    expect(problemMessage(site, copy, en, now, "America/Bogota")).toMatch(
      /^The Lab has used today's quota for all visitors/,
    );
    const burst = await quota({ error: { resetAt: "2026-03-10T15:00:42.000Z", limit: "burst" } });
    expect(problemMessage(burst, copy, en, now)).toBe("Too many runs in one minute. Try again in 42 seconds.");
  });

  it("falls back on Retry-After when the body has no reset time", async () => {
    const problem = await quota({ error: { code: "quota_exceeded" } }, { "Retry-After": "90" });
    expect(problem).toEqual({ kind: "quota", limit: "ip", resetAt: "2026-03-10T15:01:30.000Z" });
  });

  async function paused(body: unknown, headers: Record<string, string> = {}) {
    return problemOf(new Response(JSON.stringify(body), { status: 503, headers }), now.getTime());
  }

  it("says the model's day is over and when it comes back, not a generic failure", async () => {
    const problem = await paused({
      error: {
        code: "model_unavailable",
        message: "…",
        reason: "allocation_exhausted",
        resetAt: "2026-03-11T00:00:00.000Z",
      },
    });
    expect(problem).toEqual({ kind: "paused", reason: "allocation_exhausted", resetAt: "2026-03-11T00:00:00.000Z" });
    // Every console (agent, assistant, reviewer) reads its refused requests through these two.
    expect(problemFromError(new LabRequestError(problem))).toEqual(problem);
    expect(problemMessage(problem, copy, en, now, "America/Bogota")).toBe(
      "The Lab's model has used up today's allocation: it comes back at 7:00 PM (your time). Nothing was taken from your runs.",
    );
    const spanish = getDictionary(es).agent.console;
    expect(problemMessage(problem, spanish, es, now, "America/Bogota")).toMatch(
      /^El modelo del Lab agotó su asignación de hoy: vuelve a las 7:00/,
    );
    for (const message of [problemMessage(problem, copy, en, now), problemMessage(problem, spanish, es, now)]) {
      expect(message).not.toBe(copy.errors.unavailable);
      expect(message).not.toBe(spanish.errors.unavailable);
    }
  });

  it("says a rate-limited or overloaded model is busy, until Retry-After without a reset time", async () => {
    const busy = await paused(
      { error: { code: "model_unavailable", reason: "rate_limited" } },
      { "Retry-After": "90" },
    );
    expect(busy).toEqual({ kind: "paused", reason: "rate_limited", resetAt: "2026-03-10T15:01:30.000Z" });
    expect(problemMessage(busy, copy, en, now, "UTC")).toBe(
      "The Lab's model is busy right now: try again at 3:01 PM (your time). Nothing was taken from your runs.",
    );
    const odd = await paused({ error: { code: "model_unavailable", reason: "<b>", resetAt: "soon" } });
    expect(odd).toEqual({ kind: "paused", reason: "overloaded", resetAt: "2026-03-10T15:01:00.000Z" });
  });

  it("asks to try later on 503, and offers a retry when the connection drops", async () => {
    const unavailable = await problemOf(new Response('{"error":{"code":"quota_unavailable"}}', { status: 503 }));
    expect(problemMessage(unavailable, copy, en)).toBe(copy.errors.unavailable);
    expect(problemFromError(new LabRequestError(unavailable))).toEqual({ kind: "unavailable" });
    expect(problemFromError(new TypeError("Failed to fetch"))).toEqual({ kind: "network" });
    expect(problemFromError(new Error("model_error"))).toEqual({ kind: "model" });
  });
});

describe("readRun", () => {
  const text = (value: string) => ({ type: "text" as const, text: value, state: "done" as const });
  const search = {
    type: "tool-search_site" as const,
    toolCallId: "c1",
    state: "output-available" as const,
    input: { query: "bakery" },
    output: { ok: true as const, results: [] },
  };
  const message = (parts: unknown[]) => ({ id: "m", role: "assistant", parts }) as AgentUIMessage;

  it("reads the first call's text as the plan, later text before a tool as a note, the last as the answer", () => {
    const run = readRun(
      message([
        { type: "step-start" },
        text("Plan."),
        search,
        { type: "step-start" },
        text("Checking once more."),
        { ...search, toolCallId: "c2" },
        { type: "step-start" },
        text("The answer."),
        { type: "data-done", data: {} },
      ]),
    );
    expect(run.steps.map((step) => step.kind)).toEqual(["plan", "tool", "note", "tool"]);
    expect(run.answer).toBe("The answer.");
  });

  it("shows a first call's text as the plan while it streams or after a stop, as the answer if the run ended so", () => {
    const parts = [{ type: "step-start" }, text("All I can say is this.")];
    expect(readRun(message(parts))).toMatchObject({ steps: [{ kind: "plan" }], answer: "" });
    const done = { type: "data-done", data: { reason: "answered" } };
    expect(readRun(message([...parts, done]))).toMatchObject({ steps: [], answer: "All I can say is this." });
  });
});

describe("formatCount", () => {
  it("groups thousands as each locale writes them", () => {
    expect(formatCount(7000, en)).toBe("7,000");
    expect(formatCount(7000, es)).toBe("7.000");
    expect(formatCount(1234567, es)).toBe("1.234.567");
    expect(formatCount(42, en)).toBe("42");
  });
});
