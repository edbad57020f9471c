import { tool } from "ai";
import { z } from "zod";
import { SETTINGS } from "@/content/generated/settings";
import type { CatalogService, Range } from "@/lib/content/types";
import type { Locale } from "@/lib/i18n/config";
import { CATALOG, forModel, serviceIdSchema, type ToolContext, type ToolFailure, toolInput, unknownId } from "./shared";

export type ServiceDetail = {
  id: string;
  name: string;
  summary: string;
  includes: string[];
  weeks: Range;
  /** A plan paid for this many months: the price covers them, and `weeks` is only its start. */
  term?: { months: number };
  startingPrice: number;
  price: Range;
  extras: CatalogService["extras"];
};
export type GetServiceResult = { ok: true; service: ServiceDetail } | ToolFailure;

export function getService(serviceId: string, locale: Locale): GetServiceResult {
  const services = CATALOG[locale].services;
  const found = services.find((service) => service.id === serviceId);
  if (!found) {
    return unknownId(
      "unknown_service",
      serviceId,
      services.map((service) => service.id),
    );
  }
  const { id, name, summary, includes, weeks, term, price, extras } = found;
  const detail = {
    id,
    name,
    summary,
    includes,
    weeks,
    ...(term ? { term } : {}),
    startingPrice: price.min,
    price,
    extras,
  };
  return { ok: true, service: detail };
}

/**
 * What the model reads: the ids, names, weeks and prices its next calls and its answer need. The
 * summary and what the service includes stay on the page's card: they are most of the result, it
 * is re-sent on every later call, and the search match of the service's page already says what
 * it is.
 */
function serviceForModel({ service }: Extract<GetServiceResult, { ok: true }>) {
  const { id, name, weeks, term, price, extras } = service;
  return {
    ok: true,
    service: {
      id,
      name,
      weeks,
      ...(term ? { term } : {}),
      price,
      extras: extras.map((extra) => ({ id: extra.id, name: extra.name, price: extra.price })),
    },
  };
}

export const getServiceInput = z.object({
  serviceId: serviceIdSchema.describe("Service id, or the slug ending its page path"),
});

export const getServiceTool = (context: ToolContext) =>
  tool({
    description: `A service: what it includes, weeks, price (${SETTINGS.currency}), extras with ids.`,
    inputSchema: toolInput(getServiceInput),
    execute: ({ serviceId }): GetServiceResult => getService(serviceId, context.locale),
    toModelOutput: ({ output }) => forModel(output, serviceForModel),
  });
