import { expect, test } from "@playwright/test";
import { paths } from "@/lib/site/paths";
import { LabAssistantPage } from "./pages/lab-assistant-page";
import { attachScreen } from "./screens";

// Guards the Lab assistant with the offline assistant, on both runtimes: a question about a
// service gets an answer from the site, labelled as the offline assistant, with a link to that
// service that works; a follow-up keeps the conversation; the amounts it quotes are the site's own.

test("the offline assistant answers a question about a service with a link to it", async ({ page }, testInfo) => {
  const chat = await new LabAssistantPage(page, "en").open();
  await chat.ask("How much is an online store?");
  const answer = await chat.answered(0);

  await expect(answer).toContainText("I'm the offline assistant");
  const link = answer.getByRole("link", { name: "Online store", exact: true });
  await expect(link).toHaveAttribute("href", paths.service("en", "online-store"));
  await expect(answer).toContainText("from COP 8,000,000");
  await expect(answer.getByTestId("chat-model")).toHaveText(`${chat.copy.answeredBy}: ${chat.copy.offlineModel}`);
  await expect(page.getByTestId("agent-amount-warning")).toHaveCount(0);
  await expect(page.getByTestId("chat-units")).toHaveText(/\d+$/);

  await chat.ask("And do you build bilingual sites?");
  const second = await chat.answered(1);
  await expect(second.getByRole("link").first()).toHaveAttribute("href", /^\/en\//);
  await expect(chat.question).toHaveValue("");
  await attachScreen(page, testInfo, "chat-en");

  await link.click();
  await expect(page).toHaveURL(new RegExp(`${paths.service("en", "online-store")}$`));
});

test("in Spanish, the examples ask for the visitor", async ({ page }) => {
  const chat = await new LabAssistantPage(page, "es").open();
  await page.getByRole("button", { name: chat.copy.examples[1] }).click();
  const answer = await chat.answered(0);
  await expect(answer).toContainText("Soy el asistente sin conexión");
  await expect(answer.getByRole("link").first()).toHaveAttribute("href", /^\/es\//);
  await expect(page.getByTestId("chat-message").first()).toHaveText(new RegExp(chat.copy.examples[1] ?? ""));
});
