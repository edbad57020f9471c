import pricing from "@/content/generated/pricing.json" with { type: "json" };
import type { PricingData, Range } from "@/lib/content/types";

/**
 * The one price function: the quote calculator and the agent's `estimate_quote` tool both call
 * it, so they always give the same range. It reads only the generated pricing (ids, prices in
 * the studio's currency, weeks, a plan's months), which is small enough to ship to the browser
 * with the calculator.
 */

const PRICING = pricing as PricingData;

export type QuoteLine = { kind: "base" | "extra"; id: string; price: Range; weeks: Range };
export type QuoteEstimate = {
  serviceId: string;
  extraIds: string[];
  /** The studio's currency, ISO 4217. */
  currency: string;
  price: Range;
  /** Weeks of work to deliver (for a plan, its start). */
  weeks: Range;
  /** A plan paid for this many months: its duration, which extras don't change. */
  term?: { months: number };
  lines: QuoteLine[];
};
export type QuoteSelection = { serviceId: string; extraIds: readonly string[] };

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

/**
 * The range of a quote's lines: their sum, to the unit. The lines are the prices the studio
 * publishes (a service's range, each extra's price), all in whole units, so the sum needs no
 * rounding; a total rounded to a step sat under a breakdown that added up to something else.
 */
function rangeOf(lines: readonly QuoteLine[]): Range {
  return {
    min: lines.reduce((total, line) => total + line.price.min, 0),
    max: lines.reduce((total, line) => total + line.price.max, 0),
  };
}

/** `estimateQuote` over any pricing (the generated one is the studio's; tests bring their own). */
export function quoteFrom(pricing: PricingData, { serviceId, extraIds }: QuoteSelection): QuoteEstimate {
  const service = pricing.services.find((s) => s.id === serviceId);
  if (!service) {
    throw new QuoteError(
      "unknown_service",
      serviceId,
      pricing.services.map((s) => s.id),
    );
  }

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
  const weeks = (pick: (range: Range) => number) => lines.reduce((total, line) => total + pick(line.weeks), 0);
  return {
    serviceId: service.id,
    extraIds: extras.map((extra) => extra.id),
    currency: pricing.currency,
    price: rangeOf(lines),
    weeks: { min: weeks((w) => w.min), max: weeks((w) => w.max) },
    ...(service.term ? { term: { months: service.term.months } } : {}),
    lines,
  };
}

export function estimateQuote(selection: QuoteSelection): QuoteEstimate {
  return quoteFrom(PRICING, selection);
}
