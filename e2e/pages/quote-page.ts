import { expect, type Page } from "@playwright/test";
import { SITE } from "@/lib/content/site";
import type { Locale } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { formatDuration } from "@/lib/i18n/duration";
import { formatMoneyRange } from "@/lib/i18n/format";
import { estimateQuote } from "@/lib/quote/estimate";

/** The quote calculator, as the site's and the Lab's specs use it. */
export class QuotePage {
  constructor(
    readonly page: Page,
    readonly locale: Locale,
  ) {}

  get price() {
    return this.page.getByTestId("quote-price");
  }

  get weeks() {
    return this.page.getByTestId("quote-weeks");
  }

  async chooseService(name: string) {
    await this.page.getByLabel(getDictionary(this.locale).quote.service, { exact: true }).selectOption({ label: name });
  }

  async tickExtra(name: string) {
    await this.page.getByRole("checkbox", { name: new RegExp(`^${name}`) }).check();
  }

  /** The range and weeks (a plan's months) on screen are exactly what `estimateQuote` gives. */
  async expectEstimate(serviceId: string, extraIds: string[]) {
    const estimate = estimateQuote({ serviceId, extraIds });
    await expect(this.price).toHaveText(formatMoneyRange(estimate.price, this.locale));
    const term = SITE.services.find((service) => service.id === serviceId)?.term;
    await expect(this.weeks).toHaveText(formatDuration({ weeks: estimate.weeks, term }, this.locale));
  }
}
