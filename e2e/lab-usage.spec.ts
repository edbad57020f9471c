import { expect, test } from "@playwright/test";
import { expectFitsWidth, PHONE } from "./checks";

// Guards the Lab's usage page on a phone, on both runtimes: its table is wider than a 360 px
// screen, so it scrolls inside its own box, says that it does, and a keyboard can scroll it (a
// named region that takes focus); on a laptop, where it fits, it is a plain table, no tab stop.

test("on a phone the usage table scrolls in its box, says so, and the arrow keys scroll it", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/es/lab/usage");
  const region = page.getByRole("region", { name: "Uso de hoy por tipo" });
  await expect(region).toHaveAttribute("data-overflows", "true");
  await expect(page.getByTestId("scroll-hint")).toBeVisible();
  await expectFitsWidth(page, "/es/lab/usage");

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
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => region.evaluate((node) => node.scrollLeft)).toBeGreaterThan(0);
  // The last column, cut off at first, can be brought into view.
  await page.keyboard.press("End");
  const lastHeader = page.getByRole("columnheader").last();
  await expect(lastHeader).toBeInViewport();
});

test("on a laptop the usage table fits: no hint, no extra tab stop", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/en/lab/usage");
  await expect(page.getByTestId("usage-table")).toBeVisible();
  await expect(page.getByTestId("scroll-region")).toHaveAttribute("data-overflows", "false");
  await expect(page.getByTestId("scroll-hint")).toHaveCount(0);
  await expect(page.getByTestId("scroll-region")).not.toHaveAttribute("tabindex", /.*/);
});
