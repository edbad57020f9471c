// Guards the quote's rounding step with prices that are not multiples of it (every demo price is
// one, so the step could be ignored unseen): a sum of a base and extras off the step rounds out to
// the step (the low end down, the high end up) and never by a whole step or more. A fixture
// pricing of its own, in a currency and step of its own.
import { describe, expect, it, vi } from "vitest";

vi.mock("@/content/generated/pricing.json", () => ({
  default: {
    currency: "XTS",
    quoteStep: 50,
    services: [
      {
        id: "site",
        price: { min: 1210, max: 1890 },
        weeks: { min: 2, max: 3 },
        extras: [
          { id: "shop", price: 335, weeks: 1 },
          { id: "blog", price: 120, weeks: 1 },
        ],
      },
    ],
  },
}));

const { estimateQuote, QUOTE_STEP } = await import("@/lib/quote/estimate");

describe("the quote's rounding step", () => {
  it.each([
    [["shop"], { min: 1545, max: 2225 }],
    [["shop", "blog"], { min: 1665, max: 2345 }],
  ])("rounds the sum with %j out to whole steps, by less than one step", (extraIds, exact) => {
    expect(QUOTE_STEP).toBe(50);
    const { price } = estimateQuote({ serviceId: "site", extraIds });
    expect(price.min % QUOTE_STEP).toBe(0);
    expect(price.max % QUOTE_STEP).toBe(0);
    expect(price.min).toBeLessThanOrEqual(exact.min);
    expect(exact.min - price.min).toBeLessThan(QUOTE_STEP);
    expect(price.max).toBeGreaterThanOrEqual(exact.max);
    expect(price.max - exact.max).toBeLessThan(QUOTE_STEP);
  });
});
