import { expect, type Page, test } from "@playwright/test";
import { GOAL_MAX_LENGTH } from "@/lib/agent/limits";
import { getDictionary } from "@/lib/i18n/dictionary";
import { fill } from "@/lib/i18n/fill";
import { paths } from "@/lib/site/paths";
import { DEFAULT_LOCALE } from "./studio";

// A Lab console hydrates when the visitor reaches for it (`HydrateOnIntent`), not with the page:
// until then it is the server's HTML. A first click on it, with nothing before it, still works:
// React hydrates the console first, then hands it the click. The page's own behaviour, the same
// on both runtimes: on the Worker (`@client`, playwright.config.ts).

const locale = DEFAULT_LOCALE;
const copy = getDictionary(locale).agent.console;

const hydrated = (page: Page) =>
  page.evaluate(() => {
    const box = document.querySelector("main textarea");
    return box !== null && Object.keys(box).some((key) => key.startsWith("__reactProps"));
  });

test("a Lab console is the server's HTML until reached for, and a first click on it works @client", async ({
  page,
}) => {
  await page.goto(paths.labPage(locale, "agent"));
  await page.waitForLoadState("networkidle");
  expect(await hydrated(page)).toBe(false);
  await expect(page.getByTestId("agent-run")).toBeDisabled();

  const example = copy.exampleGoals[0] ?? "";
  await page.getByRole("button", { name: example }).click();
  await expect(page.getByRole("textbox", { name: copy.goal })).toHaveValue(example);
  await expect(page.getByTestId("agent-goal-count")).toHaveText(
    fill(copy.counter, { count: example.length, max: GOAL_MAX_LENGTH }),
  );
  await expect(page.getByTestId("agent-run")).toBeEnabled();
  expect(await hydrated(page)).toBe(true);
});

test("a Lab console reached by a link inside the site renders at once @client", async ({ page }) => {
  await page.goto(paths.lab(locale));
  await page.waitForLoadState("networkidle");
  await page
    .locator(`a[href="${paths.labPage(locale, "agent")}"]`)
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`${paths.labPage(locale, "agent")}$`));
  await expect(page.getByRole("textbox", { name: copy.goal })).toBeVisible();
  await page.getByRole("textbox", { name: copy.goal }).fill("a goal");
  await expect(page.getByTestId("agent-run")).toBeEnabled();
});
