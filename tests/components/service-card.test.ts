import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ServiceCard } from "@/components/site/service-card";
import { SITE } from "@/lib/content/site";
import { DEFAULT_LOCALE } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { formatMoney } from "@/lib/i18n/format";

// A card's starting price reads in the language's order: the dictionary's `common.from` places the
// figure ("From {price}", "{price}から"), and the figure stays the card's strong text.
describe("the service card", () => {
  const [service] = SITE.services;
  if (!service) throw new Error("the studio's content has no service");
  const dict = getDictionary(DEFAULT_LOCALE);
  const price = formatMoney(service.price.min, DEFAULT_LOCALE);
  const card = (from: string) =>
    renderToStaticMarkup(
      createElement(ServiceCard, {
        service,
        locale: DEFAULT_LOCALE,
        dict: { ...dict, common: { ...dict.common, from } },
        level: 2,
      }),
    );

  it("puts the word before the figure, or after it, as the dictionary writes it", () => {
    expect(card("From {price}")).toContain(`<span>From <strong>${price}</strong></span>`);
    expect(card("{price}から")).toContain(`<span><strong>${price}</strong>から</span>`);
  });

  it("shows the studio's own wording", () => {
    const [before = "", after = ""] = dict.common.from.split("{price}");
    expect(card(dict.common.from)).toContain(`${before}<strong>${price}</strong>${after}`);
  });
});
