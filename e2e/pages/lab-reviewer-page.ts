import { expect, type Page } from "@playwright/test";
import type { Locale } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { paths } from "@/lib/site/paths";
import { visitorHeaders, visitorIp } from "./lab-agent-page";

/** The Lab code reviewer page, as one visitor (its own IP, so its units are its own). */
export class LabReviewerPage {
  readonly copy;

  constructor(
    readonly page: Page,
    readonly locale: Locale,
    readonly ip = visitorIp(),
  ) {
    this.copy = getDictionary(locale).reviewer;
  }

  async open() {
    await this.page.route("**/api/review", (route) =>
      route.fallback({ headers: { ...route.request().headers(), ...visitorHeaders(this.ip) } }),
    );
    const response = await this.page.goto(paths.labPage(this.locale, "reviewer"));
    expect(response?.status()).toBe(200);
    await expect(this.code).toBeEditable();
    // The console hydrates when the visitor reaches for it (`HydrateOnIntent`).
    await this.page.locator("[data-hydrate-on-intent]").hover();
    return this;
  }

  /** Resolves once React has hydrated the console (its props are on the code box), asking nothing of it. */
  async hydrated() {
    await this.page.waitForFunction(() => {
      const box = document.getElementById("review-code");
      return box !== null && Object.keys(box).some((key) => key.startsWith("__reactProps"));
    });
  }

  get code() {
    return this.page.getByRole("textbox", { name: this.copy.code });
  }

  get run() {
    return this.page.getByTestId("review-run");
  }

  get findings() {
    return this.page.getByTestId("review-finding");
  }

  get model() {
    return this.page.getByTestId("review-model");
  }

  async review(code: string) {
    await this.code.fill(code);
    await expect(this.run).toBeEnabled();
    await this.run.click();
    await expect(this.model).toBeVisible({ timeout: 20_000 });
  }
}
