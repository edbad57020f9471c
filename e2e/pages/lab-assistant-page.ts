import { expect, type Page } from "@playwright/test";
import type { Locale } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { paths } from "@/lib/site/paths";
import { visitorHeaders, visitorIp } from "./lab-agent-page";

/** The Lab assistant page, as one visitor (its own IP, so its units are its own). */
export class LabAssistantPage {
  readonly copy;

  constructor(
    readonly page: Page,
    readonly locale: Locale,
    readonly ip = visitorIp(),
  ) {
    this.copy = getDictionary(locale).assistant;
  }

  async open() {
    await this.page.route("**/api/chat", (route) =>
      route.fallback({ headers: { ...route.request().headers(), ...visitorHeaders(this.ip) } }),
    );
    const response = await this.page.goto(paths.labPage(this.locale, "assistant"));
    expect(response?.status()).toBe(200);
    await expect(this.question).toBeEditable();
    // The console hydrates when the visitor reaches for it (`HydrateOnIntent`).
    await this.page.locator("[data-hydrate-on-intent]").hover();
    // The examples are enabled once the console has hydrated.
    await expect(this.page.getByRole("button", { name: this.copy.examples[0] })).toBeEnabled();
    return this;
  }

  get question() {
    return this.page.getByRole("textbox", { name: this.copy.question });
  }

  get send() {
    return this.page.getByTestId("chat-send");
  }

  get answers() {
    return this.page.locator('[data-testid="chat-message"][data-role="assistant"]');
  }

  get notice() {
    return this.page.getByTestId("chat-notice");
  }

  async ask(question: string) {
    await this.question.fill(question);
    await this.send.click();
  }

  /** Waits for answer number `index` (0-based) to end with its `data-done`. */
  async answered(index: number) {
    await expect(this.answers.nth(index)).toHaveAttribute("data-state", "done", { timeout: 20_000 });
    return this.answers.nth(index);
  }
}
