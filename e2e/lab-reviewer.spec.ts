import { expect, test } from "@playwright/test";
import { fill } from "@/lib/i18n/fill";
import { groupDigits, plural } from "@/lib/i18n/plural";
import { REVIEW_LIMITS } from "@/lib/review/limits";
import { LabReviewerPage } from "./pages/lab-reviewer-page";
import { attachScreen } from "./screens";
import { DEFAULT_LOCALE } from "./studio";

const locale = DEFAULT_LOCALE;

// Guards the Lab code reviewer with no model configured: it says the review comes from fixed rules
// (asked when the visitor reaches for the form: the page's load asks nothing), finds the planted
// mistakes on the right lines, each line number jumps to that line of the code, and code over the
// limit can't be sent. A review runs on both runtimes; when the page asks and what it lets be sent
// are the page's alone, checked on the Worker (`@client`, playwright.config.ts).

const CODE = [
  'const apiKey = "sk_live_1234567890abcdef";',
  "",
  "function show(el, html) {",
  "  el.innerHTML = html;",
  '  if (html == null) console.log("empty");',
  "}",
].join("\n");

test("the offline reviewer finds the planted mistakes and its lines jump into the code", async ({ page }, testInfo) => {
  const reviewer = await new LabReviewerPage(page, locale).open();
  await reviewer.review(CODE);
  await expect(page.getByTestId("review-offline-note")).toHaveText(reviewer.copy.offlineNote);

  await expect(reviewer.model).toContainText(reviewer.copy.offlineModel);
  await expect(reviewer.model).toHaveAttribute("data-reason", "answered");
  await expect(page.getByTestId("review-summary")).toHaveText(
    fill(reviewer.copy.offlineSummary.some, {
      findings: plural(reviewer.copy.offlineSummary.findings, 4, locale),
      lines: plural(reviewer.copy.offlineSummary.lines, 6, locale),
    }),
  );
  const found = await reviewer.findings.evaluateAll((items) =>
    items.map((item) => `${item.getAttribute("data-line")}:${item.getAttribute("data-severity")}`),
  );
  expect(found).toEqual(["1:high", "4:high", "5:medium", "5:low"]);

  const jump = reviewer.findings.nth(1).getByTestId("review-line-link");
  await expect(jump).toHaveText(fill(reviewer.copy.line, { line: 4 }));
  await jump.click();
  await expect(page).toHaveURL(/#code-line-4$/);
  const line = page.locator("#code-line-4");
  await expect(line).toContainText("el.innerHTML = html;");
  await expect(line).toBeInViewport();
  await attachScreen(page, testInfo, `review-${locale}`);
});

test("which reviewer answers is asked when the visitor reaches for the form, not at load", { tag: "@client" }, async ({
  page,
}) => {
  const asked: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/lab/models") asked.push(request.url());
  });
  const reviewer = await new LabReviewerPage(page, locale).open();
  await reviewer.hydrated();
  await page.waitForLoadState("networkidle");
  expect(asked).toEqual([]);
  await expect(page.getByTestId("review-offline-note")).toHaveCount(0);

  await reviewer.code.focus();
  await expect(page.getByTestId("review-offline-note")).toHaveText(reviewer.copy.offlineNote);
  expect(asked).toHaveLength(1);
});

test("code over 6,000 characters can't be sent", { tag: "@client" }, async ({ page }) => {
  const reviewer = await new LabReviewerPage(page, locale).open();
  await reviewer.code.fill("x".repeat(REVIEW_LIMITS.maxCodeChars + 1));
  await expect(page.getByTestId("review-counter")).toHaveText(
    fill(reviewer.copy.tooLong, { max: groupDigits(REVIEW_LIMITS.maxCodeChars, locale) }),
  );
  await expect(reviewer.run).toBeDisabled();
  await reviewer.code.fill("x = 1");
  await expect(reviewer.run).toBeEnabled();
});
