import { expect, test } from "@playwright/test";
import { SITE } from "@/lib/content/site";
import { getDictionary } from "@/lib/i18n/dictionary";
import { formatDuration } from "@/lib/i18n/duration";
import { fill } from "@/lib/i18n/fill";
import { formatMoneyRange } from "@/lib/i18n/format";
import { paths } from "@/lib/site/paths";
import { holdRequests } from "./hold-requests";
import { QuotePage } from "./pages/quote-page";
import { DEFAULT_LOCALE, LOCALES, literal, OTHER_LOCALE, serviceWithExtras } from "./studio";

// Guards the pages a visitor browses: services lead to the calculator, the calculator agrees
// with estimateQuote and keeps its state in the URL, and the contact form validates on the server.
// Every name, price and path comes from the studio's content and dictionaries. The language switch
// and the plans' wording are the pages' and the calculator's alone, checked on the Worker
// (`@client`, playwright.config.ts); the rest on both runtimes.

const locale = DEFAULT_LOCALE;
const copy = getDictionary(locale);
const store = serviceWithExtras(2);

test("from a service page to the calculator, with extras", async ({ page }) => {
  const name = store.text[locale].name;
  await page.goto(paths.home(locale));
  await page.getByRole("navigation").getByRole("link", { name: copy.nav.services }).click();
  // On the services page before its link is clicked: the home page lists the services too, and a
  // click there while the navigation is under way lands on the services page (a flake on a busy
  // machine, it fixture, 2026-12-07).
  await expect(page).toHaveURL(new RegExp(`${literal(paths.services(locale))}$`));
  await page.getByRole("link", { name }).first().click();
  await expect(page).toHaveURL(new RegExp(`${literal(paths.service(locale, store.text[locale].slug))}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByTestId("service-price")).toHaveText(formatMoneyRange(store.price, locale));

  await page.getByRole("link", { name: copy.services.openCalculator }).click();
  await expect(page).toHaveURL(new RegExp(`${literal(paths.quote(locale, store.id))}$`));
  const quote = new QuotePage(page, locale);
  await quote.expectEstimate(store.id, []);

  const [first, second] = store.extras;
  if (!first || !second) throw new Error(`${store.id} needs two extras for this test`);
  await quote.tickExtra(first.name[locale]);
  await quote.tickExtra(second.name[locale]);
  await quote.expectEstimate(store.id, [first.id, second.id]);
  await expect(page).toHaveURL(new RegExp(`service=${store.id}&extras=${first.id},${second.id}$`));

  // The URL alone reopens the same estimate.
  await page.reload();
  await quote.expectEstimate(store.id, [first.id, second.id]);
});

test("a preselected calculator link, and one with unknown ids", async ({ page }) => {
  const service = serviceWithExtras(1);
  const extra = service.extras.at(-1);
  if (!extra) throw new Error(`${service.id} needs an extra for this test`);
  await page.goto(paths.quote(locale, service.id, [extra.id]));
  const quote = new QuotePage(page, locale);
  await quote.expectEstimate(service.id, [extra.id]);
  await expect(page.getByRole("checkbox", { name: new RegExp(`^${literal(extra.name[locale])}`) })).toBeChecked();

  await page.goto(paths.quote(locale, service.id, [extra.id, "teletransporte"]));
  // Next adds its own role="alert" (the route announcer): look for ours by its text.
  await expect(page.getByRole("alert").filter({ hasText: "teletransporte" })).toBeVisible();
  await quote.expectEstimate(service.id, [extra.id]);

  const response = await page.goto(paths.quote(locale, "spaceship"));
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("alert").filter({ hasText: "spaceship" })).toBeVisible();
  await expect(page.getByText(copy.quote.pickFirst)).toBeVisible();
});

test("the contact form shows errors next to the fields, then confirms", async ({ page }) => {
  const form = copy.contact;
  await page.goto(paths.contact(locale));
  await page.getByLabel(form.name).fill("Marta");
  await page.getByLabel(form.email).fill("marta@");
  await page.getByLabel(form.message).fill("hi");
  await page.getByRole("button", { name: form.send }).click();
  await expect(page.getByText(form.errors.emailInvalid)).toBeVisible();
  await expect(page.getByText(form.errors.messageTooShort)).toBeVisible();
  await expect(page.getByLabel(form.email)).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel(form.name)).toHaveValue("Marta");

  await page.getByLabel(form.email).fill("marta@example.com");
  await page.getByLabel(form.message).fill(`${store.text[locale].name}: ${store.text[locale].summary}`);
  await page.getByRole("button", { name: form.send }).click();
  await expect(page.getByRole("status")).toContainText(form.sent);
  await expect(page.getByRole("link", { name: form.whatsapp })).toHaveAttribute(
    "href",
    /^https:\/\/wa\.me\/\d+\?text=/,
  );
});

test("what a visitor types before the contact page's scripts run stays in the form", async ({ page }) => {
  const form = copy.contact;
  // A slow phone: the form is on screen and the visitor types before the page's scripts arrive.
  const scripts = await holdRequests(page, "**/_next/static/**/*.js");
  await page.goto(paths.contact(locale), { waitUntil: "domcontentloaded" });
  await page.getByLabel(form.name, { exact: true }).fill("Marta");
  await page.getByLabel(form.message, { exact: true }).fill(store.text[locale].summary);
  scripts.release();
  // Hydrated once the browser has made the form's one-time key.
  await expect(page.locator('input[name="submission"]')).toHaveValue(/^[0-9a-f-]{36}$/);
  await expect(page.getByLabel(form.name, { exact: true })).toHaveValue("Marta");
  await expect(page.getByLabel(form.message, { exact: true })).toHaveValue(store.text[locale].summary);
  await scripts.remove();
});

// A studio of one language has no language switch (scripts/studio-fixture/checks.ts checks that).
if (OTHER_LOCALE) {
  const other = OTHER_LOCALE;
  test("the language switch keeps a service page and a calculator selection", { tag: "@client" }, async ({ page }) => {
    await page.goto(paths.service(locale, store.text[locale].slug));
    await page.getByTestId("language-switch").click();
    await expect(page).toHaveURL(new RegExp(`${literal(paths.service(other, store.text[other].slug))}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(store.text[other].name);

    await page.goto(paths.quote(other, store.id));
    await page.getByTestId("language-switch").click();
    await expect(page).toHaveURL(new RegExp(`${literal(paths.quote(locale, store.id))}$`));
    await new QuotePage(page, locale).expectEstimate(store.id, []);
  });
}

test("every page of the sitemap answers 200 in every language", async ({ request }) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "").pathname);
  // The home, each section and each service, post and project, in each language.
  const pages = SITE.services.length + SITE.posts[locale].length + SITE.projects[locale].length;
  expect(urls.length).toBeGreaterThanOrEqual(pages * LOCALES.length);
  for (const path of urls) expect((await request.get(path)).status(), path).toBe(200);
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Sitemap:");
});

const plans = SITE.services.filter((service) => service.term);
// A studio without a plan paid for months has nothing to read as weeks here.
for (const plan of plans) {
  test(`the plan ${plan.id} reads as its months on its card, its page and in the calculator, never as a week`, {
    tag: "@client",
  }, async ({ page }) => {
    for (const language of LOCALES) {
      const months = formatDuration({ weeks: plan.weeks, term: plan.term }, language);
      // "1 semana", not inside "11 semanas".
      const week = new RegExp(`(^|\\D)${literal(formatDuration({ weeks: { min: 1, max: 1 } }, language))}`);
      await page.goto(paths.home(language));
      const card = page.locator("article.card").filter({ hasText: plan.text[language].name });
      await expect(card).toContainText(months);
      await expect(card).not.toContainText(week);
      await page.goto(paths.service(language, plan.text[language].slug));
      await expect(page.locator("dl.facts")).toContainText(months);
      await expect(page.locator("dl.facts")).not.toContainText(week);
      await expect(page.locator("dl.facts dt", { hasText: getDictionary(language).common.term })).toHaveCount(1);
      await page.goto(paths.quote(language, plan.id));
      await expect(page.getByTestId("quote-weeks")).toHaveText(months);
      // Its months go under the plan's term, not under "delivery time", here and on its page.
      const dict = getDictionary(language);
      await expect(page.locator("dl.facts dt", { hasText: dict.quote.term })).toHaveCount(1);
      await page.getByRole("link", { name: dict.quote.talk }).click();
      const summary = page.locator("#contact-summary");
      await expect(summary).toHaveValue(new RegExp(literal(fill(dict.contact.summaryWords.term, { term: months }))));
      await expect(summary).not.toHaveValue(week);
    }
  });
}
