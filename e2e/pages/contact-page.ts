import { expect, type Page } from "@playwright/test";
import type { Locale } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";

/** The contact form, as the leads spec and the site's spec use it. */
export class ContactPage {
  readonly copy;

  constructor(
    readonly page: Page,
    readonly locale: Locale,
  ) {
    this.copy = getDictionary(locale).contact;
  }

  get summary() {
    return this.page.getByLabel(this.copy.summary);
  }

  async send(fields: { name: string; email: string; message: string }) {
    await this.page.getByLabel(this.copy.name, { exact: true }).fill(fields.name);
    await this.page.getByLabel(this.copy.email, { exact: true }).fill(fields.email);
    await this.page.getByLabel(this.copy.message, { exact: true }).fill(fields.message);
    await this.page.getByRole("button", { name: this.copy.send }).click();
    await expect(this.page.getByRole("status")).toHaveText(this.copy.sent);
  }
}

/** The studio's inbox: opened with its key, then its list of messages. */
export class InboxPage {
  readonly copy;

  constructor(
    readonly page: Page,
    readonly locale: Locale,
  ) {
    this.copy = getDictionary(locale).inbox;
  }

  async open(key: string) {
    await this.page.goto(`/${this.locale}/inbox`);
    await this.page.getByLabel(this.copy.secret).fill(key);
    await this.page.getByRole("button", { name: this.copy.open }).click();
    await expect(this.page.getByRole("button", { name: this.copy.close })).toBeVisible();
    return this;
  }

  lead(text: string) {
    return this.page.getByTestId("inbox-lead").filter({ hasText: text });
  }
}
