import { tool } from "ai";
import { z } from "zod";
import {
  contactPathWith,
  type LeadContext,
  quotePathWith,
  summaryLines,
  withoutGoal,
} from "@/lib/contact/lead-context";
import { SITE, whatsappUrl } from "@/lib/content/site";
import type { Locale } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { fill } from "@/lib/i18n/fill";
import { estimateQuote } from "@/lib/quote/estimate";
import { paths } from "@/lib/site/paths";
import {
  CATALOG,
  extraIdsSchema,
  forModel,
  orFailure,
  serviceIdSchema,
  type ToolContext,
  type ToolFailure,
  toolInput,
} from "./shared";

const NEXT_STEPS = ["quote", "contact", "whatsapp"] as const;
export type NextStep = (typeof NEXT_STEPS)[number];

/** `path` is a site path, except for WhatsApp: an absolute https://wa.me/… link. */
export type SuggestNextStepResult = { ok: true; kind: NextStep; path: string } | ToolFailure;

/** The run's summary in the visitor's words (goal, service and extras by name, weeks or months): never an amount. */
export function runSummary(context: LeadContext, locale: Locale): string[] {
  const words = getDictionary(locale).contact.summaryWords;
  const services = CATALOG[locale].services;
  return summaryLines(context, services, words, locale);
}

/**
 * The studio's greeting, then the service, extras and weeks, one line each. Not the goal: the
 * model copies this link into its answer, where a percent-encoded goal would triple it, past what
 * the answer filter holds back for a link (400 characters) and a large share of a call's 350
 * tokens. The contact page's WhatsApp button, which no model writes, carries the goal too.
 */
function whatsappMessage(locale: Locale, context: LeadContext): string {
  const { goal: _, ...withoutGoal } = context;
  // The run's id last, so the studio can open what the agent told this visitor.
  const run = context.runId ? [fill(getDictionary(locale).records.whatsappRun, { id: context.runId })] : [];
  return [SITE.studio.whatsappGreeting[locale], ...runSummary(withoutGoal, locale), ...run].join("\n");
}

export function suggestNextStep(
  kind: NextStep,
  serviceId: string | undefined,
  extraIds: readonly string[],
  { locale, goal, runId }: ToolContext,
): SuggestNextStepResult {
  return orFailure((): SuggestNextStepResult => {
    // The same checks as estimate_quote, so a link never preselects what the calculator lacks.
    const picked = serviceId ? estimateQuote({ serviceId, extraIds }).extraIds : [];
    // Ids and the visitor's own goal travel; the range is recomputed from the ids wherever it shows.
    const context: LeadContext = {
      source: "agent",
      ...(goal ? { goal } : {}),
      ...(serviceId ? { serviceId } : {}),
      extraIds: picked,
      ...(runId ? { runId } : {}),
    };
    const path =
      kind === "quote"
        ? quotePathWith(paths.quote(locale, serviceId, picked), context)
        : kind === "contact"
          ? contactPathWith(paths.contact(locale), context)
          : whatsappUrl(locale, whatsappMessage(locale, context));
    return { ok: true, kind, path };
  });
}

/**
 * The link as the model reads it: without the visitor's goal, which the model already has and
 * which, percent-encoded, would triple the link on every later call and in the answer that copies
 * it. The page's button follows the whole link.
 */
function stepForModel({ kind, path }: Extract<SuggestNextStepResult, { ok: true }>) {
  return { ok: true, kind, path: withoutGoal(path) };
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
      suggestNextStep(kind, serviceId, extraIds, context),
    toModelOutput: ({ output }) => forModel(output, stepForModel),
  });
