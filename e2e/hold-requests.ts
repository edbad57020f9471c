import type { Page, Route } from "@playwright/test";

/**
 * Holds the page's requests to `url` (a Playwright URL pattern) until `release()`, then lets them
 * through to the page's other handlers (`fallback`). `remove()` takes off only this handler: a page
 * object's own route for the same URL (the visitor's IP) stays.
 */
export async function holdRequests(
  page: Page,
  url: string,
): Promise<{ release: () => void; remove: () => Promise<void> }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const hold = async (route: Route) => {
    await held;
    await route.fallback();
  };
  await page.route(url, hold);
  return { release, remove: () => page.unroute(url, hold) };
}
