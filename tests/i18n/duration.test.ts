// @studio demo
import { describe, expect, it } from "vitest";
import { SITE } from "@/lib/content/site";
import { formatDuration } from "@/lib/i18n/duration";
import { estimateQuote } from "@/lib/quote/estimate";
import { locale } from "@/tests/support/studio";

const es = locale("es");
const en = locale("en");

describe("formatDuration", () => {
  it("writes a project's weeks as weeks", () => {
    expect(formatDuration({ weeks: { min: 6, max: 10 } }, es)).toBe("6–10 semanas");
    expect(formatDuration({ weeks: { min: 1, max: 1 } }, en)).toBe("1 week");
  });

  it("writes a plan's term in months, never its start week", () => {
    expect(formatDuration({ weeks: { min: 1, max: 1 }, term: { months: 12 } }, es)).toBe("12 meses");
    expect(formatDuration({ weeks: { min: 1, max: 1 }, term: { months: 12 } }, en)).toBe("12 months");
    expect(formatDuration({ weeks: { min: 1, max: 1 }, term: { months: 1 } }, en)).toBe("1 month");
  });

  it("every service with a term, alone or with extras, reads as months", () => {
    const plans = SITE.services.filter((service) => service.term);
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans) {
      const estimate = estimateQuote({ serviceId: plan.id, extraIds: plan.extras.map((extra) => extra.id) });
      for (const locale of [es, en] as const) {
        const text = formatDuration({ weeks: estimate.weeks, term: plan.term }, locale);
        expect(text).not.toMatch(/semana|week/);
        expect(text).toContain(String(plan.term?.months));
      }
    }
  });
});
