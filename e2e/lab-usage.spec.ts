import { expect, test } from "@playwright/test";
import { getDictionary } from "@/lib/i18n/dictionary";
import { paths } from "@/lib/site/paths";
import { expectFitsWidth, PHONE } from "./checks";
import { DEFAULT_LOCALE } from "./studio";

// Guards the Lab's usage page on a phone, on both runtimes: its table is wider than a 360 px
// screen, so it scrolls inside its own box, says that it does, and a keyboard can scroll it (a
// named region that takes focus); on a laptop, where it fits, it is a plain table, no tab stop.

const usagePage = paths.labUsage(DEFAULT_LOCALE);
const copy = getDictionary(DEFAULT_LOCALE).usage;

test("on a phone the usage table scrolls in its box, says so, and the arrow keys scroll it", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto(usagePage);
  const region = page.getByRole("region", { name: copy.tableLabel });
  await expect(region).toHaveAttribute("data-overflows", "true");
  await expect(page.getByTestId("scroll-hint")).toBeVisible();
  await expectFitsWidth(page, usagePage);

  const box = await region.evaluate((node) => ({ scroll: node.scrollWidth, client: node.clientWidth }));
  expect(box.scroll).toBeGreaterThan(box.client);
  // A tab stop in every browser (Chromium alone makes scrollers focusable by itself), reached by Tab.
  await expect(region).toHaveAttribute("tabindex", "0");
  for (
    let presses = 0;
    presses < 40 && !(await region.evaluate((node) => node === document.activeElement));
    presses++
  ) {
    await page.keyboard.press("Tab");
  }
  await expect(region).toBeFocused();
  const lastHeader = page.getByRole("columnheader").last();
  await expect(lastHeader).not.toBeInViewport({ ratio: 0.99 });
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => region.evaluate((node) => node.scrollLeft)).toBeGreaterThan(0);
  // The last column, cut off at first, is brought into view by the arrow keys alone. (Not End: on
  // a box with nothing to scroll vertically, Chromium may hand End to the page, which then scrolls
  // the table out of view.)
  await expect(async () => {
    await page.keyboard.press("ArrowRight");
    // Whole but for a fraction of a pixel (the box's width is fractional on a phone).
    await expect(lastHeader).toBeInViewport({ ratio: 0.99, timeout: 200 });
  }).toPass({ timeout: 15_000 });
  await expect(region).toBeFocused();
});

test("on a laptop the usage table fits: no hint, no extra tab stop", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(usagePage);
  await expect(page.getByTestId("usage-table")).toBeVisible();
  await expect(page.getByTestId("scroll-region")).toHaveAttribute("data-overflows", "false");
  await expect(page.getByTestId("scroll-hint")).toHaveCount(0);
  await expect(page.getByTestId("scroll-region")).not.toHaveAttribute("tabindex", /.*/);
});
