import { expect, type Page, type TestInfo } from "@playwright/test";
import { getDictionary } from "@/lib/i18n/dictionary";
import { paths } from "@/lib/site/paths";
import { expectAccessible, expectFitsWidth, PHONE, test } from "./checks";
import { ContactPage, InboxPage } from "./pages/contact-page";
import { LabAgentPage, visitorHeaders, visitorIp } from "./pages/lab-agent-page";
import { StudioLabPage } from "./pages/studio-lab-page";
import { attachScreen } from "./screens";
import { DEFAULT_LOCALE } from "./studio";

// Guards the studio's view of its Lab, on both runtimes: an agent run is listed at
// /<locale>/inbox/lab behind the inbox's key; its page replays the plan, the tool steps and the
// answer the visitor read; the contact message from that run and the run point at each other;
// the gaps list its goal; without the key nothing of a record is served, as HTML or as data.

// The local preview's key (wrangler.toml [env.local], playwright.config.ts): not a secret.
const INBOX_KEY = "local-preview-inbox-key-not-a-secret";
// The studio's first language: the tests take the studio's languages from its settings.
const LOCALE = DEFAULT_LOCALE;
const RUN_PAGE = new RegExp(`^/${LOCALE}/inbox/lab/[A-Za-z0-9_-]{22}$`);

/** axe and its screenshot at 1280 px, then at 360 px with nothing wider than the screen; back to 1280. */
async function atBothWidths(page: Page, info: TestInfo, state: string, screen: string) {
  await expectAccessible(page, state);
  await attachScreen(page, info, `${screen}-1280`);
  await page.setViewportSize(PHONE);
  await expectFitsWidth(page, `${state} at 360 px`);
  await expectAccessible(page, `${state} at 360 px`);
  await attachScreen(page, info, `${screen}-360`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders(visitorHeaders(visitorIp()));
});

test("agent run → listed for the studio → replayed → its contact → the inbox and the run link each other", async ({
  page,
}, info) => {
  // A run, a sent message, six axe checks and six screenshots: more than 30 s on a busy machine.
  test.slow();
  const marker = `ref${info.project.name}${Date.now()}`;
  const agent = await new LabAgentPage(page, LOCALE).open();
  // The example that fits no service: the offline planner suggests writing to the studio.
  const goal = `${agent.copy.exampleGoals[2]} ${marker}`;
  await agent.start(goal);
  await agent.finished();
  const answer = ((await agent.answer.locator(".prose").textContent()) ?? "").trim();
  const tools = await agent.toolOrder();
  const plan = ((await page.locator('[data-testid="agent-step"][data-kind="plan"]').textContent()) ?? "").trim();
  await expect(agent.nextStep).toHaveAttribute("href", new RegExp(`^${paths.contact(LOCALE)}\\?`));
  await agent.nextStep.click();
  const contact = new ContactPage(page, LOCALE);
  await contact.send({ name: "Studio View", email: "view@example.com", message: `From the Lab. ${marker}` });

  const studio = await new StudioLabPage(page, LOCALE).open(INBOX_KEY);
  await studio.search(marker);
  await expect(studio.uses).toHaveCount(1);
  await expect(studio.use(marker)).toContainText(studio.copy.flags.led);
  await atBothWidths(page, info, "the studio's list", "lab-list");

  await studio.openUse(marker);
  await expect(page).toHaveURL((url) => RUN_PAGE.test(url.pathname));
  const runPath = new URL(page.url()).pathname;
  await expect(page.getByTestId("lab-run-words")).toHaveText(goal);
  // The visitor's own views: the same tool cards in the same order, the same answer.
  await expect(studio.replay.getByTestId("agent-tool")).toHaveCount(tools.length);
  expect(
    await studio.replay.getByTestId("agent-tool").evaluateAll((cards) => cards.map((c) => c.getAttribute("data-tool"))),
  ).toEqual(tools);
  await expect(studio.replay.locator('[data-testid="agent-step"][data-kind="plan"]')).toHaveText(plan);
  await expect(studio.replay.getByTestId("agent-answer").locator(".prose")).toHaveText(answer);
  await expect(studio.facts.getByTestId("lab-run-model")).not.toHaveText("—");
  await expect(studio.lead).toContainText(`From the Lab. ${marker}`);
  await atBothWidths(page, info, "a run's page", "lab-run");

  // The run → its message in the inbox → back to the run.
  await studio.lead.getByTestId("lab-run-lead-link").click();
  await expect(page).toHaveURL(new RegExp(`/${LOCALE}/inbox#lead-`));
  const lead = new InboxPage(page, LOCALE).lead(marker);
  await expect(lead).toBeVisible();
  await lead.getByTestId("inbox-lead-run").click();
  await expect(page).toHaveURL((url) => url.pathname === runPath);

  // A goal that fit no service is a gap: its words' groups link to the run.
  await studio.openGaps();
  await expect(page.getByTestId("lab-gap").locator(`a[href="${runPath}"]`).first()).toBeVisible();
  await atBothWidths(page, info, "the gaps", "lab-gaps");
});

test("without the inbox's session nothing of a record is served, as a page or as data", async ({ page, request }) => {
  const marker = `nokey${Date.now()}`;
  const agent = await new LabAgentPage(page, LOCALE).open();
  const goal = `${agent.copy.exampleGoals[0]} ${marker}`;
  await agent.start(goal);
  await agent.finished();
  // The studio finds the run's address; a visitor without the session then asks for it.
  const studio = await new StudioLabPage(page, LOCALE).open(INBOX_KEY);
  await studio.search(marker);
  await studio.openUse(marker);
  const runPath = new URL(page.url()).pathname;

  const inbox = getDictionary(LOCALE).inbox;
  // A search for the goal's words (not the marker: a page may echo its own address) would list it.
  const words = encodeURIComponent(goal.split(/\s+/).slice(0, 3).join(" "));
  for (const path of [studio.listPath, `${studio.listPath}?q=${words}`, runPath, `${studio.listPath}/gaps`]) {
    const asked: Record<string, string>[] = [{}, { RSC: "1" }, { RSC: "1", "Next-Router-Prefetch": "1" }];
    for (const headers of asked) {
      // Followed: an RSC request without its cache-busting parameter is first redirected to it.
      const response = await request.get(path, { headers });
      const body = await response.text();
      expect(body, `${path} ${JSON.stringify(headers)}`).not.toContain(marker);
      expect(response.headers()["cache-control"] ?? "", path).toMatch(/no-store/);
      if (!("RSC" in headers)) expect(body).toContain(inbox.secret);
    }
  }
  // An id of another shape is a 404; so is a well-formed id nobody kept, behind the door.
  expect((await request.get(`${studio.listPath}/not-a-run-id`)).status()).toBe(404);
  const robots = await request.get(studio.listPath);
  expect(await robots.text()).toMatch(/<meta name="robots" content="noindex, nofollow"/);
});
