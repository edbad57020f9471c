import { expect, type Route } from "@playwright/test";
import { SITE } from "@/lib/content/site";
import { expectRightOnPhone, PHONE, test } from "./checks";
import { holdRequests } from "./hold-requests";
import { LabAgentPage, visitorHeaders } from "./pages/lab-agent-page";
import { LabAssistantPage } from "./pages/lab-assistant-page";
import { LabReviewerPage } from "./pages/lab-reviewer-page";
import { DEFAULT_LOCALE } from "./studio";

const locale = DEFAULT_LOCALE;

// Guards every state of the Lab, on the Worker (`@page-checks`: the same build as on next start),
// on a 360 px phone: no axe violation of WCAG 2.2 AA and nothing wider than the screen, for the
// agent (empty, waiting, streaming, answered, stopped, a refused step, quota exceeded, quota
// unavailable), the assistant (empty, answered) and the reviewer (empty, results, a long line).
// One browser page per use, its states in sequence.

test.use({ viewport: PHONE });

/** The run's stream with get_service's result replaced by a refusal, as the route sends one. */
async function refuseGetService(route: Route, ip: string) {
  const response = await route.fetch({ headers: { ...route.request().headers(), ...visitorHeaders(ip) } });
  let callId = "";
  const body = (await response.text())
    .split("\n")
    .map((line) => {
      if (!line.startsWith("data: {")) return line;
      const part = JSON.parse(line.slice("data: ".length)) as { type: string; toolCallId?: string; toolName?: string };
      if (part.type === "tool-input-available" && part.toolName === "get_service") callId = part.toolCallId ?? "";
      if (part.type !== "tool-output-available" || !callId || part.toolCallId !== callId) return line;
      const errorText = JSON.stringify({ ok: false, error: "invalid_arguments", detail: "serviceId: not an id" });
      return `data: ${JSON.stringify({ type: "tool-output-error", toolCallId: callId, errorText })}`;
    })
    .join("\n");
  expect(callId, "the run called get_service").not.toBe("");
  await route.fulfill({ response, body });
}

test("the agent, state by state", { tag: "@page-checks" }, async ({ page }) => {
  test.slow();
  const agent = new LabAgentPage(page, locale);
  // The second run stays in flight after its plan until Stop (below).
  await agent.holdRun(2);
  await agent.open();
  await expectRightOnPhone(page, "agent: empty");

  // Waiting: the request is out and nothing has come back.
  // Its `remove()` takes off only the hold: the page object's route (this page's IP) stays, so the
  // next run doesn't share 127.0.0.1's burst limit with every other test running at the time.
  const request = await holdRequests(page, "**/api/agent");
  await agent.useExample(1);
  await agent.start();
  await expect(agent.stop).toBeEnabled();
  await expectRightOnPhone(page, "agent: waiting for the first step");
  request.release();
  await expect(agent.tools.first()).toBeVisible();
  await expectRightOnPhone(page, "agent: streaming");
  await agent.finished();
  await expect(agent.nextStep).toBeVisible();
  await expectRightOnPhone(page, "agent: answered");
  await request.remove();

  // Stopped mid-run (held after its plan).
  await agent.start();
  await expect(agent.steps.first()).toBeVisible();
  await agent.stop.click();
  await expect(agent.notice).toContainText(agent.copy.stopped);
  await expectRightOnPhone(page, "agent: stopped");

  // A refused step: the route's refusal for bad arguments, and the run goes on.
  const refuse = (route: Route) => refuseGetService(route, agent.ip);
  await page.route("**/api/agent", refuse);
  // The studio's first example goal names a need one of its services meets: the run calls get_service.
  await agent.useExample(0);
  await agent.start();
  await agent.finished();
  await expect(page.getByTestId("agent-refusal")).toBeVisible();
  await expectRightOnPhone(page, "agent: a refused step");
  await page.unroute("**/api/agent", refuse);

  // Refused before it starts: the quota is used up, then the quota store can't be reached.
  const resetAt = new Date(Date.now() + 3_600_000).toISOString();
  const usedUp = (route: Route) =>
    route.fulfill({
      status: 429,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "quota_exceeded", message: "used up", resetAt, limit: "ip" } }),
    });
  await page.route("**/api/agent", usedUp);
  await agent.run.click();
  await expect(agent.notice).toHaveAttribute("data-problem", "quota");
  await expectRightOnPhone(page, "agent: quota exceeded");
  await page.unroute("**/api/agent", usedUp);
  await page.route("**/api/agent", (route) =>
    route.fulfill({ status: 503, contentType: "application/json", body: '{"error":{"code":"quota_unavailable"}}' }),
  );
  await agent.run.click();
  await expect(agent.notice).toHaveAttribute("data-problem", "unavailable");
  await expectRightOnPhone(page, "agent: quota unavailable");
});

test("the assistant: empty, then a conversation", { tag: "@page-checks" }, async ({ page }) => {
  const chat = await new LabAssistantPage(page, locale).open();
  await expectRightOnPhone(page, "assistant: empty");
  const [first, second] = SITE.services;
  await chat.ask(`${first?.text[locale].name}?`);
  await chat.answered(0);
  await chat.ask(`${(second ?? first)?.text[locale].name}?`);
  await chat.answered(1);
  await expectRightOnPhone(page, "assistant: two answers");
});

test("the reviewer: empty, a review, and a line longer than the screen", { tag: "@page-checks" }, async ({ page }) => {
  const reviewer = await new LabReviewerPage(page, locale).open();
  await expectRightOnPhone(page, "reviewer: empty");
  await reviewer.review(
    [
      'const apiKey = "sk_live_1234567890abcdef";',
      `const query = "SELECT * FROM orders WHERE customer = '" + name + "' AND status = 'open' ORDER BY created_at DESC LIMIT 50";`,
      "function show(el, html) {",
      "  el.innerHTML = html;",
      '  if (html == null) console.log("empty");',
      "}",
    ].join("\n"),
  );
  await expect(reviewer.findings.first()).toBeVisible();
  await expectRightOnPhone(page, "reviewer: results");
});
