import { expect, type Page, test } from "@playwright/test";
import { GOAL_MAX_LENGTH } from "@/lib/agent/limits";
import { getDictionary } from "@/lib/i18n/dictionary";
import { fill } from "@/lib/i18n/fill";
import { groupDigits } from "@/lib/i18n/plural";
import { REVIEW_LANGUAGES, REVIEW_LIMITS } from "@/lib/review/limits";
import type { LAB_PAGES } from "@/lib/site/nav";
import { paths } from "@/lib/site/paths";
import { holdRequests } from "./hold-requests";
import { DEFAULT_LOCALE } from "./studio";

// A slow phone shows a Lab console seconds before its script runs, and a visitor may type in that
// time. What they typed stays, in the box and in the console: its counter, and the Run or Send it
// enables. (React hydrates a controlled field at its empty state, and the render after hydration
// wrote that over the text.) The page's own behaviour, the same on both runtimes: on the Worker
// (`@client`, playwright.config.ts).

const locale = DEFAULT_LOCALE;
const dict = getDictionary(locale);
const TYPED = "typed while the page was still loading";

/**
 * Opens a Lab page with its script held back, types into `box` (and does `more`), then lets the
 * script run.
 */
async function typeBeforeScript(page: Page, use: keyof typeof LAB_PAGES, box: string, more?: () => Promise<void>) {
  const scripts = await holdRequests(page, "**/_next/static/chunks/**/*.js");
  await page.goto(paths.labPage(locale, use), { waitUntil: "domcontentloaded" });
  const field = page.getByRole("textbox", { name: box });
  await field.click();
  await page.keyboard.type(TYPED);
  await expect(field).toHaveValue(TYPED);
  await more?.();
  scripts.release();
  return field;
}

test("the agent keeps a goal typed before the page's script ran @client", async ({ page }) => {
  const copy = dict.agent.console;
  const field = await typeBeforeScript(page, "agent", copy.goal);
  await expect(page.getByTestId("agent-run")).toBeEnabled();
  await expect(page.getByTestId("agent-goal-count")).toHaveText(
    fill(copy.counter, { count: TYPED.length, max: GOAL_MAX_LENGTH }),
  );
  await expect(field).toHaveValue(TYPED);
});

test("the assistant keeps a question typed before the page's script ran @client", async ({ page }) => {
  const field = await typeBeforeScript(page, "assistant", dict.assistant.question);
  // Send is enabled once the console has hydrated with a question in its state.
  await expect(page.getByTestId("chat-send")).toBeEnabled();
  await expect(field).toHaveValue(TYPED);
});

test("the reviewer keeps code and a language given before the page's script ran @client", async ({ page }) => {
  const copy = dict.reviewer;
  const language = REVIEW_LANGUAGES.find((l) => l !== "other") ?? "other";
  const languageBox = page.getByRole("combobox", { name: copy.language });
  const field = await typeBeforeScript(page, "reviewer", copy.code, async () => {
    await languageBox.selectOption(language);
  });
  await expect(page.getByTestId("review-run")).toBeEnabled();
  await expect(page.getByTestId("review-counter")).toHaveText(
    fill(copy.counter, { count: TYPED.length, max: groupDigits(REVIEW_LIMITS.maxCodeChars, locale) }),
  );
  await expect(field).toHaveValue(TYPED);
  await expect(languageBox).toHaveValue(language);
});
