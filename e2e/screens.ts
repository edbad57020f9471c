import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page, TestInfo } from "@playwright/test";

/**
 * With `E2E_SCREENS_DIR` set, a full-page screenshot written there and attached to the report, so
 * someone can look at the pages without opening it. Without it, nothing: a passing run's report
 * is kept nowhere (CI keeps a failed run's, which has the failing page's own screenshot,
 * playwright.config.ts), and each full-page capture costs the browser CPU the suite shares with its
 * servers.
 */
export async function attachScreen(page: Page, testInfo: TestInfo, name: string) {
  const dir = process.env.E2E_SCREENS_DIR;
  if (!dir) return;
  const body = await page.screenshot({ fullPage: true });
  await testInfo.attach(name, { body, contentType: "image/png" });
  mkdirSync(dir, { recursive: true });
  const file = `${name}-${testInfo.project.name}`.replace(/[^a-z0-9-]+/gi, "-").toLowerCase();
  writeFileSync(path.join(dir, `${file}.png`), body);
}
