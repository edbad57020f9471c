import pricing from "@/content/generated/pricing.json" with { type: "json" };
import type { PricingData, Range } from "@/lib/content/types";

/**
 * The one price function: the quote calculator and the agent's `estimate_quote` tool both call
 * it, so they always give the same range. It reads only the generated pricing (ids, prices in
 * the studio's currency, weeks), which is small enough to ship to the browser with the calculator.
 */

const PRICING = pricing as PricingData;

/**
 * The studio quotes in steps that fit its prices (`studio.yaml`'s `quoteStep`, or a default from
 * the smallest price: 50.000 pesos for the demo, 50 dollars for $200 extras): the low end rounds
 * down, the high end up.
 */
export const QUOTE_STEP = PRICING.quoteStep;

export type QuoteLine = { kind: "base" | "extra"; id: string; price: Range; weeks: Range };
export type QuoteEstimate = {
  serviceId: string;
  extraIds: string[];
  /** The studio's currency, ISO 4217. */
  currency: string;
  price: Range;
  weeks: Range;
  lines: QuoteLine[];
};

export type QuoteErrorCode = "unknown_service" | "unknown_extra";

export class QuoteError extends Error {
  constructor(
    readonly code: QuoteErrorCode,
    readonly badId: string,
    readonly validIds: string[],
  ) {
    const what = code === "unknown_service" ? "service" : "extra";
    super(`unknown ${what} "${badId}"; valid ${what} ids: ${validIds.join(", ")}`);
    this.name = "QuoteError";
  }
}

export function serviceIds(): string[] {
  return PRICING.services.map((service) => service.id);
}

export function extraIdsOf(serviceId: string): string[] {
  const service = PRICING.services.find((s) => s.id === serviceId);
  if (!service) throw new QuoteError("unknown_service", serviceId, serviceIds());
  return service.extras.map((extra) => extra.id);
}

export function estimateQuote({
  serviceId,
  extraIds,
}: {
  serviceId: string;
  extraIds: readonly string[];
}): QuoteEstimate {
  const service = PRICING.services.find((s) => s.id === serviceId);
  if (!service) throw new QuoteError("unknown_service", serviceId, serviceIds());

  // Each extra counts once, in the service's own order, whatever order the caller used.
  const wanted = new Set(extraIds);
  for (const id of wanted) {
    if (!service.extras.some((extra) => extra.id === id)) {
      throw new QuoteError(
        "unknown_extra",
        id,
        service.extras.map((extra) => extra.id),
      );
    }
  }
  const extras = service.extras.filter((extra) => wanted.has(extra.id));

  const lines: QuoteLine[] = [
    { kind: "base", id: service.id, price: service.price, weeks: service.weeks },
    ...extras.map((extra) => ({
      kind: "extra" as const,
      id: extra.id,
      price: { min: extra.price, max: extra.price },
      weeks: { min: extra.weeks, max: extra.weeks },
    })),
  ];
  const sum = (pick: (line: QuoteLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return {
    serviceId: service.id,
    extraIds: extras.map((extra) => extra.id),
    currency: PRICING.currency,
    price: {
      min: Math.floor(sum((l) => l.price.min) / QUOTE_STEP) * QUOTE_STEP,
      max: Math.ceil(sum((l) => l.price.max) / QUOTE_STEP) * QUOTE_STEP,
    },
    weeks: { min: sum((l) => l.weeks.min), max: sum((l) => l.weeks.max) },
    lines,
  };
}
