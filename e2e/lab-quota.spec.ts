import { expect, type Page, test } from "@playwright/test";
import { SITE } from "@/lib/content/site";
import { getDictionary } from "@/lib/i18n/dictionary";
import { plural } from "@/lib/i18n/plural";
import { paths } from "@/lib/site/paths";
import { LabAgentPage, visitorHeaders, visitorIp } from "./pages/lab-agent-page";
import { LabAssistantPage } from "./pages/lab-assistant-page";
import { DEFAULT_LOCALE } from "./studio";

// Guards the one daily quota the Lab's three uses share, on both runtimes, against servers started
// with a 3-unit day per visitor (playwright.config.ts): an agent run (2 units) and a chat message
// (1) succeed, the next message is refused with 429 quota_exceeded; the Lab index says no units are
// left, and the usage view counts the run and the message this test made.

const locale = DEFAULT_LOCALE;
const usage = getDictionary(locale).usage;
const uses = getDictionary(locale).labUses;
const errors = getDictionary(locale).labErrors;

async function usageCounts(page: Page) {
  await page.goto(paths.labUsage(locale));
  const read = async (id: string) => Number((await page.getByTestId(id).textContent())?.replace(/\D/g, ""));
  return {
    agent: await read("usage-agent-runs"),
    chat: await read("usage-chat-runs"),
    total: await read("usage-total-runs"),
  };
}

test("an agent run and a chat message spend the day; the next message gets 429 quota_exceeded", async ({ page }) => {
  expect(test.info().project.metadata.dailyUnitsPerIp).toBe(3);
  const ip = visitorIp();
  const before = await usageCounts(page);
  await expect(page.getByRole("heading", { name: usage.title })).toBeVisible();

  const agent = await new LabAgentPage(page, locale, ip).open();
  await agent.useExample(0);
  await agent.start();
  await agent.finished();
  await expect(agent.meterValue("reason")).toHaveText(agent.copy.meter.reasons.answered);
  await expect(agent.meterValue("units")).toHaveText("1");

  const chat = await new LabAssistantPage(page, locale, ip).open();
  await chat.ask(`${SITE.services[0]?.text[locale].name}?`);
  await chat.answered(0);
  await expect(page.getByTestId("chat-units")).toHaveText(chat.copy.unitsLeft.replace("{units}", "0"));

  const refused = page.waitForResponse((response) => response.url().endsWith("/api/chat"));
  await chat.ask("And a booking system?");
  const response = await refused;
  expect(response.status()).toBe(429);
  expect(await response.json()).toMatchObject({ error: { code: "quota_exceeded", limit: "ip" } });
  await expect(chat.notice).toHaveAttribute("data-problem", "quota");
  // The notice's own words up to the time they come back (that part depends on the clock).
  await expect(chat.notice).toContainText(errors.quotaIp.slice(0, errors.quotaIp.indexOf("{time}")).trim());
  await expect(chat.answers).toHaveCount(1);

  // The Lab index reads the same bucket without spending from it.
  await page.route("**/api/lab/units", (route) =>
    route.fallback({ headers: { ...route.request().headers(), ...visitorHeaders(ip) } }),
  );
  await page.goto(paths.lab(locale));
  await expect(page.getByTestId("lab-units-left")).toHaveText(plural(uses.left, 3, locale, { left: "0" }));
  await expect(page.getByTestId("lab-cost")).toHaveText([
    plural(uses.cost, 2, locale),
    plural(uses.cost, 1, locale),
    plural(uses.cost, 1, locale),
  ]);

  const after = await usageCounts(page);
  expect(after.agent).toBe(before.agent + 1);
  expect(after.chat).toBe(before.chat + 1);
  expect(after.total).toBe(before.total + 2);
});
