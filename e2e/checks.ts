import { createRequire } from "node:module";
import { test as base, expect, type Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";

/** The width of the narrowest phone the site is made for. */
export const PHONE = { width: 360, height: 800 };

// WCAG 2.0, 2.1 and 2.2, levels A and AA: every rule axe has for them.
const WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

type Problem = { rule: string; impact: string | null | undefined; targets: string[]; summary: string };
type Axe = { run: (context: Document, options: RunOptions) => Promise<AxeResults> };

/** axe-core's browser build: every page of a test that uses `test` from this file loads it. */
const AXE_SCRIPT = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/**
 * Playwright's `test`, with axe in every page and frame of the test's context, evaluated as the
 * page loads. Handing axe's 550 KB to a page at check time, as `@axe-core/playwright` does on
 * every call, took about 0.75 s of the 1 s a check cost; evaluated at load and run in place, a
 * check takes about 0.25 s (12 pages, 2026-12-06), and the e2e suite 478 CPU-seconds against 548.
 * A page without it fails its check, saying so.
 */
export const test = base.extend({
  context: async ({ context }, use) => {
    await context.addInitScript({ path: AXE_SCRIPT });
    await use(context);
  },
});

/**
 * No axe violation of WCAG 2.2 AA in what the page shows now, and headings that go down one level
 * at a time from one h1 (axe files a skipped level under best practices, not WCAG, so it is
 * checked here by hand). `state` names the page and state in the failure message.
 */
export async function expectAccessible(page: Page, state: string) {
  if (!(await page.evaluate(() => "axe" in window)))
    throw new Error(`${state}: axe isn't in the page; take \`test\` from e2e/checks.ts`);
  // A page rendered on request can get its <title> after its content (Next streams a dynamic page's
  // metadata): axe run in between failed `document-title` on the studio's inbox once (2026-12-07).
  await expect(page, `${state}: a title`).toHaveTitle(/\S/);
  const options: RunOptions = { runOnly: { type: "tag", values: WCAG_AA }, resultTypes: ["violations"] };
  const problems: Problem[] = await page.evaluate(async (options) => {
    const { violations } = await (window as unknown as { axe: Axe }).axe.run(document, options);
    return violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(" ")),
      summary: violation.nodes[0]?.failureSummary ?? violation.help,
    }));
  }, options);
  expect(problems, `axe (WCAG 2.2 AA) on ${state}`).toEqual([]);

  const skips = await page.evaluate(() => {
    const found: string[] = [];
    let previous = 0;
    for (const heading of document.querySelectorAll("main h1, main h2, main h3, main h4, main h5, main h6")) {
      const level = Number(heading.tagName.slice(1));
      if (level > previous + 1) found.push(`h${previous} → h${level} "${heading.textContent?.trim().slice(0, 40)}"`);
      previous = level;
    }
    const h1s = document.querySelectorAll("h1").length;
    if (h1s !== 1) found.push(`${h1s} h1`);
    return found;
  });
  expect(skips, `heading levels on ${state}`).toEqual([]);
}

/** Nothing on the page is wider than the screen: no sideways scroll of the whole page. */
export async function expectFitsWidth(page: Page, state: string) {
  const { scrollWidth, width, widest } = await page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll("body *")]
      .filter((element) => element.getBoundingClientRect().right > viewport + 0.5)
      .slice(0, 3)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
    return { scrollWidth: document.documentElement.scrollWidth, width: viewport, widest: wide };
  });
  expect(scrollWidth, `${state} is ${scrollWidth - width} px wider than the screen (${widest.join(", ")})`).toBe(width);
}

/** Both checks, for one state of one page. */
export async function expectRightOnPhone(page: Page, state: string) {
  await expectFitsWidth(page, state);
  await expectAccessible(page, state);
}

/**
 * The font sizes and weights a page shows (of its visible text), each a font the browser sets up
 * before its first layout: every one is on the type scale (1rem and the `--text-*` sizes of
 * app/globals.css, read off the page's own stylesheet; weights 400 and 700;
 * tests/site/type-scale.test.ts guards the stylesheets themselves), in its pairings: text smaller
 * than 1rem is never bold, larger is always bold, so a page sets up five fonts at most (the bare
 * Next page two). Family and style are left out, and code takes either weight: an italic, or a
 * code span in a bold phrase or a heading, in a studio's text is its content's.
 */
export async function expectTypeScale(page: Page, state: string) {
  const { off, scale } = await page.evaluate(() => {
    const tokens = [...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules])
      .flatMap((rule) => (rule instanceof CSSStyleRule && rule.selectorText === ":root" ? [...rule.style] : []))
      .filter((property) => property.startsWith("--text-"));
    const probe = document.createElement("span");
    document.body.appendChild(probe);
    const scale = ["1rem", ...tokens.map((token) => `var(${token})`)].map((size) => {
      probe.style.fontSize = size;
      return getComputedStyle(probe).fontSize;
    });
    probe.remove();
    const body = Number.parseFloat(scale[0] ?? "");
    // The weights each size of the scale takes: below 1rem 400, above it 700, at 1rem both.
    const weights = (size: string) => {
      const px = Number.parseFloat(size);
      return px < body ? ["400"] : px > body ? ["700"] : ["400", "700"];
    };
    const off = new Map<string, string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const element = walker.currentNode.parentElement;
      if (!element || !walker.currentNode.textContent?.trim() || !element.checkVisibility()) continue;
      const { fontSize, fontWeight } = getComputedStyle(element);
      const font = `${fontSize} ${fontWeight}`;
      // Code keeps the weight of what holds it (a code span in a bold phrase or a heading).
      const allowed = element.closest("code, kbd, samp, pre") ? ["400", "700"] : weights(fontSize);
      if ((!scale.includes(fontSize) || !allowed.includes(fontWeight)) && !off.has(font))
        off.set(
          font,
          `${font} (${element.tagName.toLowerCase()}: ${walker.currentNode.textContent.trim().slice(0, 30)})`,
        );
    }
    return { off: [...off.values()].sort(), scale };
  });
  expect(scale.length, `${state}: the type scale's sizes`).toBeGreaterThan(1);
  expect(
    off,
    `${state}: sizes and weights off the scale (${scale.join(", ")}; 400 below the first, 700 above it)`,
  ).toEqual([]);
}

/**
 * The page's own styles, inlined in its HTML (`inlineCss`): at most this many characters. Each
 * page carries the CSS of what it renders, not a chunk merged with other pages' (`cssChunking:
 * false` in next.config.ts): merged, every Lab page carried all four consoles' CSS, 21-23 KiB.
 */
export const INLINE_CSS_A_PAGE = 16 * 1024;

export async function expectOwnStyles(page: Page, state: string) {
  const characters = await page.evaluate(() =>
    [...document.querySelectorAll("style")].reduce((sum, style) => sum + (style.textContent?.length ?? 0), 0),
  );
  expect(characters, `${state} inlines ${characters} characters of CSS`).toBeLessThanOrEqual(INLINE_CSS_A_PAGE);
}
