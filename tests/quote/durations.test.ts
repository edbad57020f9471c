// Guards that a duration keeps its unit wherever it shows: a project's weeks to deliver, a plan's
// months of term, each in the language's plural (Intl's unit names), with the same figure on the
// service page, the calculator, the estimate_quote result the model reads, the offline planner's
// answer, the contact form's prefilled summary, the WhatsApp greeting and the studio's email.
import { describe, expect, it } from "vitest";
import { plannerAnswer } from "@/lib/agent/offline-planner-answer";
import { quoteFor } from "@/lib/agent/tools/estimate-quote";
import { getService } from "@/lib/agent/tools/get-service";
import { runSummary } from "@/lib/agent/tools/suggest-next-step";
import { composeLeadEmail } from "@/lib/contact/compose";
import { durationLine, summaryLines } from "@/lib/contact/lead-context";
import { CATALOG } from "@/lib/content/catalog";
import { SITE } from "@/lib/content/site";
import { LOCALES } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { durationLabel, formatDuration, formatMonths } from "@/lib/i18n/duration";
import { fill } from "@/lib/i18n/fill";
import { formatWeeks, localeTag } from "@/lib/i18n/format";
import { estimateQuote } from "@/lib/quote/estimate";
import { lead } from "../contact/lead-fixtures";

const MONTHS = { style: "unit", unit: "month", unitDisplay: "long" } as const;

/** A figure's unit word, digits out: "1 mes" -> " mes", "12 months" -> " months". */
const unitOf = (text: string) => text.replace(/\p{Nd}+/gu, "#");

describe.each(LOCALES)("durations in %s", (locale) => {
  const dict = getDictionary(locale);

  it("writes months in the language's plural, for one month and for many", () => {
    const rules = new Intl.PluralRules(localeTag(locale));
    const one = formatMonths(1, locale);
    const twelve = formatMonths(12, locale);
    expect(one).toContain("1");
    expect(twelve).toContain("12");
    // Where 1 and 12 are different plural categories and the language's word changes with them
    // ("mes"/"meses"; French keeps "mois"), the unit word differs too.
    const word = (count: number) => unitOf(new Intl.NumberFormat(localeTag(locale), MONTHS).format(count));
    if (rules.select(1) !== rules.select(12) && word(1) !== word(12)) expect(unitOf(one)).not.toBe(unitOf(twelve));
    expect(formatDuration({ weeks: { min: 1, max: 1 }, term: { months: 1 } }, locale)).toBe(one);
  });

  it("labels a plan's months as its term and a project's weeks as delivery time", () => {
    const labels = { weeks: "W", term: "T" };
    expect(durationLabel({ weeks: { min: 1, max: 1 }, term: { months: 1 } }, labels)).toBe("T");
    expect(durationLabel({ weeks: { min: 1, max: 1 } }, labels)).toBe("W");
    expect(dict.common.term).not.toBe(dict.common.weeks);
    expect(dict.quote.term).not.toBe(dict.quote.timeline);
  });

  it("a one-month plan's answer reads one month, in the singular", () => {
    const results = {
      get_service: { ok: true, service: { name: "Plan", term: { months: 1 }, extras: [] } },
      estimate_quote: {
        ok: true,
        price: { min: 1_500, max: 3_500 },
        weeks: { min: 1, max: 1 },
        term: { months: 1 },
        extraIds: [],
      },
    };
    const text = plannerAnswer(locale, results);
    expect(text).toContain(formatMonths(1, locale));
    // The plural's word after a 1 ("1 meses") never shows, where the plural has a word of its own.
    const pluralAfterOne = formatMonths(2, locale).replace("2", "1");
    if (pluralAfterOne !== formatMonths(1, locale)) expect(text).not.toContain(pluralAfterOne);
    expect(text).not.toMatch(/\{\w+\}/);
  });

  describe.each(SITE.services.map((service) => [service.id, service] as const))(
    "%s: one figure and unit on every surface",
    (serviceId, service) => {
      const extraIds = service.extras.slice(0, 1).map((extra) => extra.id);
      const estimate = estimateQuote({ serviceId, extraIds });
      const shown = formatDuration(estimate, locale);
      const weeksText = formatWeeks(estimate.weeks, locale);

      it("the estimate and the tool's result carry the plan's months, unchanged by extras", () => {
        expect(estimate.term).toEqual(service.term);
        const result = quoteFor(serviceId, extraIds);
        expect(result.ok && result.term).toEqual(service.term ?? undefined);
        const detail = getService(serviceId, locale);
        expect(detail.ok && detail.service.term).toEqual(service.term ?? undefined);
        expect(formatDuration(service, locale)).toBe(
          service.term ? formatMonths(service.term.months, locale) : formatWeeks(service.weeks, locale),
        );
      });

      it("the planner's answer names the same figure", () => {
        const detail = getService(serviceId, locale);
        const text = plannerAnswer(locale, {
          get_service: detail as unknown as Record<string, unknown>,
          estimate_quote: quoteFor(serviceId, extraIds) as unknown as Record<string, unknown>,
        });
        expect(text).toContain(shown);
        if (service.term) expect(text).toContain(weeksText); // its start, said as such
      });

      it("the contact summary, the WhatsApp greeting and the email say it under the right label", () => {
        const words = dict.contact.summaryWords;
        const line = service.term ? fill(words.term, { term: shown }) : fill(words.weeks, { weeks: shown });
        expect(durationLine(estimate, words, locale)).toBe(line);
        const context = { source: "agent" as const, serviceId, extraIds };
        expect(summaryLines(context, CATALOG[locale].services, words, locale)).toContain(line);
        expect(runSummary(context, locale)).toContain(line);
        if (service.term) expect(line).not.toContain(fill(words.weeks, { weeks: "" }).trim());

        const { currency, price, weeks } = estimate;
        const email = composeLeadEmail(
          lead(1, { locale, context, estimate: { serviceId, extraIds, currency, price, weeks } }),
          "https://site.example/inbox",
          locale,
        );
        const label = service.term ? dict.leads.term : dict.leads.weeks;
        expect(email.text).toContain(`${label}: ${shown}`);
        if (service.term) expect(email.text).not.toContain(`${dict.leads.weeks}: ${weeksText}`);
      });
    },
  );
});
