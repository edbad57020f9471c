import { expect, test } from "@playwright/test";
import { SITE } from "@/lib/content/site";
import { LOCALES } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { formatMonths } from "@/lib/i18n/duration";
import { fill } from "@/lib/i18n/fill";
import { formatMoneyRange, formatWeeks } from "@/lib/i18n/format";
import { paths } from "@/lib/site/paths";
import { QuotePage } from "./pages/quote-page";

// Guards the pages a visitor browses: services lead to the calculator, the calculator agrees
// with estimateQuote and keeps its state in the URL, and the contact form validates on the server.

const store = SITE.services.find((service) => service.id === "online-store");
if (!store) throw new Error("the demo content has no online-store service");

test("from a service page to the calculator, with extras", async ({ page }) => {
  await page.goto("/en");
  await page.getByRole("navigation").getByRole("link", { name: "Services" }).click();
  await page.getByRole("link", { name: store.text.en.name }).first().click();
  await expect(page).toHaveURL(/\/en\/services\/online-store$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(store.text.en.name);
  await expect(page.getByTestId("service-price")).toHaveText(formatMoneyRange(store.price, "en"));

  await page.getByRole("link", { name: "Get a quote for this service" }).click();
  await expect(page).toHaveURL(/\/en\/quote\?service=online-store$/);
  const quote = new QuotePage(page, "en");
  await quote.expectEstimate("online-store", []);

  const [first, second] = store.extras;
  if (!first || !second) throw new Error("online-store needs two extras for this test");
  await quote.tickExtra(first.name.en);
  await quote.tickExtra(second.name.en);
  await quote.expectEstimate("online-store", [first.id, second.id]);
  await expect(page).toHaveURL(new RegExp(`service=online-store&extras=${first.id},${second.id}$`));

  // The URL alone reopens the same estimate.
  await page.reload();
  await quote.expectEstimate("online-store", [first.id, second.id]);
});

test("a preselected calculator link, and one with unknown ids", async ({ page }) => {
  const service = SITE.services.find((s) => s.id === "website-with-blog");
  const extra = service?.extras.at(-1);
  if (!service || !extra) throw new Error("website-with-blog needs an extra for this test");
  await page.goto(`/es/cotizacion?service=website-with-blog&extras=${extra.id}`);
  const quote = new QuotePage(page, "es");
  await quote.expectEstimate("website-with-blog", [extra.id]);
  await expect(page.getByRole("checkbox", { name: new RegExp(`^${extra.name.es}`) })).toBeChecked();

  await page.goto(`/es/cotizacion?service=website-with-blog&extras=${extra.id},teletransporte`);
  // Next adds its own role="alert" (the route announcer): look for ours by its text.
  await expect(page.getByRole("alert").filter({ hasText: "teletransporte" })).toBeVisible();
  await quote.expectEstimate("website-with-blog", [extra.id]);

  const response = await page.goto("/en/quote?service=spaceship");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("alert").filter({ hasText: "spaceship" })).toBeVisible();
  await expect(page.getByText("Choose a service to see the price range and the weeks.")).toBeVisible();
});

test("the contact form shows errors next to the fields, then confirms", async ({ page }) => {
  await page.goto("/en/contact");
  await page.getByLabel("Name").fill("Marta");
  await page.getByLabel("Email").fill("marta@");
  await page.getByLabel("Message").fill("hi");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Please enter a valid email, such as name@domain.com.")).toBeVisible();
  await expect(page.getByText("Tell us a little more (10 characters at least).")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Name")).toHaveValue("Marta");

  await page.getByLabel("Email").fill("marta@example.com");
  await page.getByLabel("Message").fill("I need a website with a blog for my bakery.");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("status")).toHaveText(/Thank you!/);
  await expect(page.getByRole("link", { name: "Write on WhatsApp" })).toHaveAttribute(
    "href",
    /^https:\/\/wa\.me\/\d+\?text=/,
  );
});

test("the language switch keeps a service page and a calculator selection", async ({ page }) => {
  await page.goto("/es/servicios/tienda-en-linea");
  await page.getByTestId("language-switch").click();
  await expect(page).toHaveURL(/\/en\/services\/online-store$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(store.text.en.name);

  await page.goto("/en/quote?service=online-store");
  await page.getByTestId("language-switch").click();
  await expect(page).toHaveURL(/\/es\/cotizacion\?service=online-store$/);
  await new QuotePage(page, "es").expectEstimate("online-store", []);
});

test("every page of the sitemap answers 200 in both locales", async ({ request }) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "").pathname);
  expect(urls.length).toBeGreaterThan(20);
  for (const path of urls) expect((await request.get(path)).status(), path).toBe(200);
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Sitemap:");
});

test("a plan reads as its months on its card, its page, the calculator and the form it prefills, never as a week", async ({
  page,
}) => {
  const plans = SITE.services.filter((service) => service.term);
  expect(plans.length).toBeGreaterThan(0);
  for (const plan of plans) {
    for (const locale of LOCALES) {
      const dict = getDictionary(locale);
      const months = formatMonths(plan.term?.months ?? 0, locale);
      const week = formatWeeks({ min: 1, max: 1 }, locale);
      await page.goto(paths.home(locale));
      const card = page.locator("article.card").filter({ hasText: plan.text[locale].name });
      await expect(card).toContainText(months);
      await expect(card).not.toContainText(week);
      await page.goto(paths.service(locale, plan.text[locale].slug));
      const facts = page.locator("dl.facts");
      await expect(facts).toContainText(months);
      await expect(facts).not.toContainText(week);
      // Its months go under the plan's term, not under "delivery time".
      await expect(facts.locator("dt", { hasText: dict.common.term })).toHaveCount(1);
      await expect(facts.locator("dt", { hasText: dict.common.weeks })).toHaveCount(0);
      await page.goto(paths.quote(locale, plan.id));
      await expect(page.getByTestId("quote-weeks")).toHaveText(months);
      await expect(page.locator("dl.facts dt", { hasText: dict.quote.term })).toHaveCount(1);
      await page.getByRole("link", { name: dict.quote.talk }).click();
      const summary = page.locator("#contact-summary");
      await expect(summary).toHaveValue(new RegExp(fill(dict.contact.summaryWords.term, { term: months })));
      await expect(summary).not.toHaveValue(new RegExp(week));
    }
  }
});
