import { expect, type Locator, test } from "@playwright/test";
import { LAB_PAGES } from "@/lib/site/nav";
import { paths } from "@/lib/site/paths";
import { DEFAULT_LOCALE } from "./studio";

// What a Lab page asks of the server at load: nothing a visitor doesn't see. The line that says how
// long the deployment keeps a use sits under the console, below a phone's first screen, and asks
// for its days (`GET /api/lab/retention`) when it comes into view, or when the visitor first clicks,
// taps, focuses or types on the page. The page's own behaviour, the same on both runtimes: on the
// Worker (`@client`, playwright.config.ts).

const locale = DEFAULT_LOCALE;

// A short phone screen: the line is below it on every Lab page, whatever a studio's copy.
test.use({ viewport: { width: 412, height: 480 } });

const belowTheScreen = (line: Locator) =>
  line.evaluate((element) => element.getBoundingClientRect().top > window.innerHeight);

for (const [name, pathOf] of Object.entries(LAB_PAGES)) {
  test(`the ${name} page asks how long a use is kept only when that line comes into view @client`, async ({ page }) => {
    const asked: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/lab/retention") asked.push(request.url());
    });
    await page.goto(pathOf(locale));
    await page.waitForLoadState("networkidle");
    const pending = page.getByTestId("lab-records-pending");
    await expect(pending).toBeAttached();
    expect(await belowTheScreen(pending)).toBe(true);
    expect(asked).toEqual([]);

    await pending.evaluate((line) => line.scrollIntoView());
    await expect(page.getByTestId("lab-records-notice")).toBeVisible();
    expect(asked).toHaveLength(1);
  });
}

test("a visitor who reaches the console by focus has the notice without scrolling to it @client", async ({ page }) => {
  await page.goto(paths.labPage(locale, "agent"));
  await page.waitForLoadState("networkidle");
  await expect(page.getByTestId("lab-records-pending")).toBeAttached();
  // A screen reader moves focus, not the page to the line: it stays below the screen.
  await page.locator("main textarea").focus();
  const notice = page.getByTestId("lab-records-notice");
  await expect(notice).toBeAttached();
  expect(await belowTheScreen(notice)).toBe(true);
});
