import { expect, type Page } from "@playwright/test";
import type { Locale } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { studioPaths } from "@/lib/lab-view/paths";

/** The studio's Lab pages (`/<locale>/inbox/lab…`): opened with the inbox's key, then its list, a run, the gaps. */
export class StudioLabPage {
  readonly copy;
  readonly inbox;

  constructor(
    readonly page: Page,
    readonly locale: Locale,
  ) {
    this.copy = getDictionary(locale).labView;
    this.inbox = getDictionary(locale).inbox;
  }

  get listPath() {
    return studioPaths.uses(this.locale);
  }

  /** The list; with `key`, through the inbox's door first (the same form, the same session). */
  async open(key?: string) {
    const response = await this.page.goto(this.listPath);
    expect(response?.status()).toBe(200);
    if (key !== undefined) {
      await this.page.getByLabel(this.inbox.secret).fill(key);
      await this.page.getByRole("button", { name: this.inbox.open }).click();
    }
    await expect(this.page.getByTestId("lab-totals")).toBeVisible();
    return this;
  }

  /** Searches the day's uses with the list's own form. */
  async search(words: string) {
    await this.page.getByLabel(this.copy.filters.search).fill(words);
    await this.page.getByRole("button", { name: this.copy.filters.apply }).click();
    await expect(this.page).toHaveURL(/[?&]q=/);
  }

  get uses() {
    return this.page.getByTestId("lab-use");
  }

  use(text: string) {
    return this.uses.filter({ hasText: text });
  }

  /** Opens a listed use's page. */
  async openUse(text: string) {
    await this.use(text).getByTestId("lab-use-link").click();
    await expect(this.page.getByTestId("lab-replay")).toBeVisible();
  }

  get replay() {
    return this.page.getByTestId("lab-replay");
  }

  get facts() {
    return this.page.getByTestId("lab-run-facts");
  }

  get lead() {
    return this.page.getByTestId("lab-run-lead");
  }

  async openGaps() {
    await this.page
      .getByRole("navigation", { name: this.copy.nav.label })
      .getByRole("link", { name: this.copy.nav.gaps })
      .click();
    await expect(this.page.getByRole("heading", { level: 1, name: this.copy.gaps.title })).toBeVisible();
  }
}
