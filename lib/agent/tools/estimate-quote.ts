import { tool } from "ai";
import { z } from "zod";
import { SETTINGS } from "@/content/generated/settings";
import { estimateQuote, type QuoteEstimate } from "@/lib/quote/estimate";
import { extraIdsSchema, orFailure, serviceIdSchema, type ToolFailure, toolInput } from "./shared";

/** The calculator's estimate without its lines: what the model and the page read. */
export type EstimateQuoteResult = ({ ok: true } & Omit<QuoteEstimate, "lines">) | ToolFailure;

/**
 * The calculator's own function. The per-line breakdown stays out: the answer needs the range,
 * and every result is re-sent on each later call of the run.
 */
export function quoteFor(serviceId: string, extraIds: readonly string[]): EstimateQuoteResult {
  return orFailure((): EstimateQuoteResult => {
    const quote = estimateQuote({ serviceId, extraIds });
    const { currency, price, weeks, term } = quote;
    return {
      ok: true,
      serviceId: quote.serviceId,
      extraIds: quote.extraIds,
      currency,
      price,
      weeks,
      ...(term ? { term } : {}),
    };
  });
}

export const estimateQuoteInput = z.object({
  serviceId: serviceIdSchema.describe("Service id"),
  extraIds: extraIdsSchema.describe("Extra ids from get_service"),
});

export const estimateQuoteTool = tool({
  description: `Price range (${SETTINGS.currency}) and weeks for a service plus extras.`,
  inputSchema: toolInput(estimateQuoteInput),
  execute: ({ serviceId, extraIds }): EstimateQuoteResult => quoteFor(serviceId, extraIds),
});
