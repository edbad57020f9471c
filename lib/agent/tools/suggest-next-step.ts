import { tool } from "ai";
import { z } from "zod";
import { SITE, whatsappUrl } from "@/lib/content/site";
import type { Locale } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { fill } from "@/lib/i18n/fill";
import { estimateQuote } from "@/lib/quote/estimate";
import { paths } from "@/lib/site/paths";
import {
  CATALOG,
  extraIdsSchema,
  orFailure,
  serviceIdSchema,
  type ToolContext,
  type ToolFailure,
  toolInput,
} from "./shared";

export const NEXT_STEPS = ["quote", "contact", "whatsapp"] as const;
export type NextStep = (typeof NEXT_STEPS)[number];

/** `path` is a site path, except for WhatsApp: an absolute https://wa.me/… link. */
export type SuggestNextStepResult = { ok: true; kind: NextStep; path: string } | ToolFailure;

/** The studio's greeting, plus the service and extras by name when the run settled on one. */
function whatsappMessage(locale: Locale, serviceId: string | undefined, extraIds: readonly string[]): string {
  const greeting = SITE.studio.whatsappGreeting[locale];
  const service = CATALOG[locale].services.find((s) => s.id === serviceId);
  if (!service) return greeting;
  const extras = service.extras.filter((extra) => extraIds.includes(extra.id)).map((extra) => extra.name);
  const { interestedIn, interestedInWith } = getDictionary(locale).model;
  const interest = extras.length
    ? fill(interestedInWith, { service: service.name, extras: extras.join(", ") })
    : fill(interestedIn, { service: service.name });
  return `${greeting} ${interest}`;
}

export function suggestNextStep(
  kind: NextStep,
  serviceId: string | undefined,
  extraIds: readonly string[],
  locale: Locale,
): SuggestNextStepResult {
  return orFailure((): SuggestNextStepResult => {
    // The same checks as estimate_quote, so a link never preselects what the calculator lacks.
    const picked = serviceId ? estimateQuote({ serviceId, extraIds }).extraIds : [];
    const path =
      kind === "quote"
        ? paths.quote(locale, serviceId, picked)
        : kind === "contact"
          ? paths.contact(locale)
          : whatsappUrl(locale, whatsappMessage(locale, serviceId, picked));
    return { ok: true, kind, path };
  });
}

export const suggestNextStepInput = z.object({
  kind: z.enum(NEXT_STEPS).describe("quote: calculator; contact: form; whatsapp: chat"),
  serviceId: serviceIdSchema.optional().describe("Service to preselect"),
  extraIds: extraIdsSchema.describe("Extras to preselect"),
});

export const suggestNextStepTool = (context: ToolContext) =>
  tool({
    description: "Link for the visitor's next step.",
    inputSchema: toolInput(suggestNextStepInput),
    execute: ({ kind, serviceId, extraIds }): SuggestNextStepResult =>
      suggestNextStep(kind, serviceId, extraIds, context.locale),
  });
