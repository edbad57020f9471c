import { expect, test } from "@playwright/test";
import { fill } from "@/lib/i18n/fill";
import { formatMoney } from "@/lib/i18n/format";
import { paths } from "@/lib/site/paths";
import { LabAssistantPage } from "./pages/lab-assistant-page";
import { attachScreen } from "./screens";
import { DEFAULT_LOCALE, LOCALES, literal, serviceWithExtras } from "./studio";

// Guards the Lab assistant with the offline assistant, on both runtimes: a question about a
// service gets an answer from the site, labelled as the offline assistant, with a link to that
// service that works; a follow-up keeps the conversation; the amounts it quotes are the site's own.
// The examples' words are the page's alone, checked on the Worker (`@client`, playwright.config.ts).

const locale = DEFAULT_LOCALE;
const service = serviceWithExtras(0);

test("the offline assistant answers a question about a service with a link to it", async ({ page }, testInfo) => {
  const chat = await new LabAssistantPage(page, locale).open();
  const { offline } = chat.copy;
  const name = service.text[locale].name;
  await chat.ask(`${name}: ${offline.priceWords[0]}?`);
  const answer = await chat.answered(0);

  await expect(answer).toContainText(offline.intro);
  const link = answer.getByRole("link", { name, exact: true }).first();
  await expect(link).toHaveAttribute("href", paths.service(locale, service.text[locale].slug));
  await expect(answer).toContainText(fill(offline.price, { price: formatMoney(service.price.min, locale) }));
  await expect(answer.getByTestId("chat-model")).toHaveText(`${chat.copy.answeredBy}: ${chat.copy.offlineModel}`);
  await expect(page.getByTestId("agent-amount-warning")).toHaveCount(0);
  await expect(page.getByTestId("chat-units")).toHaveText(/\d+$/);

  await chat.ask(`${offline.timeWords[0]}?`);
  const second = await chat.answered(1);
  await expect(second.getByRole("link").first()).toHaveAttribute("href", new RegExp(`^/${locale}/`));
  await expect(chat.question).toHaveValue("");
  await attachScreen(page, testInfo, `chat-${locale}`);

  await link.click();
  await expect(page).toHaveURL(new RegExp(`${literal(paths.service(locale, service.text[locale].slug))}$`));
});

for (const language of LOCALES) {
  test(`in ${language}, the examples ask for the visitor`, { tag: "@client" }, async ({ page }) => {
    const chat = await new LabAssistantPage(page, language).open();
    await page.getByRole("button", { name: chat.copy.examples[1] }).click();
    const answer = await chat.answered(0);
    await expect(answer).toContainText(chat.copy.offline.intro);
    await expect(answer.getByRole("link").first()).toHaveAttribute("href", new RegExp(`^/${language}/`));
    await expect(page.getByTestId("chat-message").first()).toHaveText(new RegExp(literal(chat.copy.examples[1] ?? "")));
  });
}
