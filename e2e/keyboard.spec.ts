import { expect, type Locator, type Page, test } from "@playwright/test";
import { SITE } from "@/lib/content/site";
import { paths } from "@/lib/site/paths";
import { LabAgentPage } from "./pages/lab-agent-page";
import { LabAssistantPage } from "./pages/lab-assistant-page";
import { LabReviewerPage } from "./pages/lab-reviewer-page";
import { DEFAULT_LOCALE, literal } from "./studio";

const locale = DEFAULT_LOCALE;

// Guards the Lab for someone with only a keyboard, on the Worker (`@page-checks`: the same build
// as on next start, where the Lab's routes have their own specs): a whole agent run (goal, Run,
// the answer, its next step), a conversation with the assistant and a review (code, Review, a
// finding's line) are done with Tab, typing and Enter alone. When the run or the review ends,
// focus goes to its answer; the regions that stream say what happens politely (aria-live).

/** Presses Tab until `target` has focus, as a visitor would, and fails if it never gets there. */
async function tabTo(page: Page, target: Locator, most = 60) {
  for (let presses = 0; presses < most; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

test("a whole agent run by keyboard: goal, Run, the answer, and its next step", { tag: "@page-checks" }, async ({
  page,
}) => {
  const agent = await new LabAgentPage(page, locale).open();
  await tabTo(page, agent.goal);
  await page.keyboard.type(agent.copy.exampleGoals[0] ?? "");
  await tabTo(page, agent.run);
  await page.keyboard.press("Enter");
  await expect(agent.stop).toBeFocused();

  await agent.finished();
  // The run ended by itself: focus is on the answer, and the status line said so, politely.
  await expect(agent.answer.getByRole("heading", { name: agent.copy.answer })).toBeFocused();
  const status = page.locator('[role="status"][aria-live="polite"]').filter({ hasText: agent.copy.announce.answer });
  await expect(status).toHaveCount(1);
  await expect(page.getByTestId("agent-step").first().locator("xpath=..")).toHaveAttribute("aria-busy", "false");

  await tabTo(page, agent.nextStep, 10);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`${literal(paths.quote(locale))}\\?service=`));
});

test("a conversation by keyboard: Enter sends, focus stays to ask the next", { tag: "@page-checks" }, async ({
  page,
}) => {
  const [first, second] = SITE.services;
  const chat = await new LabAssistantPage(page, locale).open();
  await expect(page.getByTestId("chat-log")).toHaveAttribute("aria-live", "polite");
  await tabTo(page, chat.question);
  await page.keyboard.type(`${first?.text[locale].name}?`);
  await page.keyboard.press("Enter");
  await chat.answered(0);
  await expect(chat.question).toBeFocused();
  await page.keyboard.type(`${(second ?? first)?.text[locale].name}?`);
  await page.keyboard.press("Enter");
  await expect(await chat.answered(1)).not.toBeEmpty();
  await expect(chat.question).toBeFocused();
});

test("a review by keyboard: code, Review, then from the summary to a finding's line", { tag: "@page-checks" }, async ({
  page,
}) => {
  const reviewer = await new LabReviewerPage(page, locale).open();
  await tabTo(page, reviewer.code);
  await page.keyboard.type('const token = "sk_live_abcdef1234567890";\nel.innerHTML = html;');
  await tabTo(page, reviewer.run, 5);
  await page.keyboard.press("Enter");
  await expect(reviewer.model).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("review-result")).toHaveAttribute("aria-live", "polite");
  await expect(page.getByRole("heading", { name: reviewer.copy.summary })).toBeFocused();

  const jump = reviewer.findings.first().getByTestId("review-line-link");
  await tabTo(page, jump, 5);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#code-line-\d+$/);
  const line = page.locator(new URL(page.url()).hash);
  await expect(line).toBeInViewport();
  await expect(line).toBeFocused();
});
