import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page, TestInfo } from "@playwright/test";

/**
 * A full-page screenshot attached to the report; also written to `E2E_SCREENS_DIR` when it is set,
 * so someone can look at the pages without opening the report.
 */
export async function attachScreen(page: Page, testInfo: TestInfo, name: string) {
  const body = await page.screenshot({ fullPage: true });
  await testInfo.attach(name, { body, contentType: "image/png" });
  const dir = process.env.E2E_SCREENS_DIR;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    const file = `${name}-${testInfo.project.name}`.replace(/[^a-z0-9-]+/gi, "-").toLowerCase();
    await page.screenshot({ fullPage: true, path: path.join(dir, `${file}.png`) });
  }
}
