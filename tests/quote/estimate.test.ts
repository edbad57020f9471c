// @studio demo
import { describe, expect, it } from "vitest";
import { loadStudio } from "@/lib/content/load";
import { estimateQuote, QUOTE_STEP, QuoteError } from "@/lib/quote/estimate";
import { parseSelection } from "@/lib/quote/selection";
import { STUDIO } from "@/tests/support/studio";

// The source of truth is the studio's content itself (read here independently of the generated pricing).
const SOURCE = await loadStudio(STUDIO.content);

describe("estimateQuote", () => {
  it.each([
    // service, extras, price min–max, weeks min–max: hand-checked against content/services/*.yaml
    ["landing-page", [], [1_800_000, 2_800_000], [1, 2]],
    ["landing-page", ["copywriting", "bilingual"], [2_850_000, 3_850_000], [3, 4]],
    ["website-with-blog", ["online-payments", "photo-session"], [7_200_000, 9_700_000], [7, 9]],
    ["online-store", ["inventory-sync", "e-invoicing"], [11_500_000, 16_500_000], [9, 13]],
    ["maintenance-plan", ["priority-support"], [3_600_000, 6_000_000], [1, 1]],
  ] as const)("%s + %j", (serviceId, extraIds, [min, max], [weeksMin, weeksMax]) => {
    const estimate = estimateQuote({ serviceId, extraIds });
    expect(estimate.price).toEqual({ min, max });
    expect(estimate.weeks).toEqual({ min: weeksMin, max: weeksMax });
    expect(estimate.currency).toBe("COP");
  });

  describe.each(SOURCE.services.map((service) => [service.id, service] as const))("every extra of %s", (_, service) => {
    it.each(service.extras.map((extra) => [extra.id, extra] as const))("%s adds its price and weeks", (_id, extra) => {
      const base = estimateQuote({ serviceId: service.id, extraIds: [] });
      const withExtra = estimateQuote({ serviceId: service.id, extraIds: [extra.id] });
      expect(withExtra.price.min - base.price.min).toBe(extra.price);
      expect(withExtra.price.max - base.price.max).toBe(extra.price);
      expect(withExtra.weeks.min - base.weeks.min).toBe(extra.weeks);
      expect(withExtra.lines.at(-1)).toEqual({
        kind: "extra",
        id: extra.id,
        price: { min: extra.price, max: extra.price },
        weeks: { min: extra.weeks, max: extra.weeks },
      });
    });
  });

  it("counts all extras of a service, in whole steps of 50.000 pesos", () => {
    for (const service of SOURCE.services) {
      const all = estimateQuote({ serviceId: service.id, extraIds: service.extras.map((e) => e.id) });
      const extras = service.extras.reduce((sum, e) => sum + e.price, 0);
      expect(all.price.min).toBe(service.price.min + extras);
      expect(all.price.max).toBe(service.price.max + extras);
      expect(all.price.min % QUOTE_STEP).toBe(0);
      expect(all.lines).toHaveLength(service.extras.length + 1);
    }
  });

  it("counts a repeated extra once and keeps the service's order", () => {
    const estimate = estimateQuote({ serviceId: "landing-page", extraIds: ["bilingual", "copywriting", "bilingual"] });
    expect(estimate.extraIds).toEqual(["copywriting", "bilingual"]);
    expect(estimate).toEqual(estimateQuote({ serviceId: "landing-page", extraIds: ["copywriting", "bilingual"] }));
  });

  it("names an unknown service and the valid ones", () => {
    const run = () => estimateQuote({ serviceId: "spaceship", extraIds: [] });
    expect(run).toThrow(QuoteError);
    expect(run).toThrow(/unknown service "spaceship"; valid service ids: landing-page, website-with-blog/);
    try {
      run();
    } catch (error) {
      expect(error).toMatchObject({ code: "unknown_service", badId: "spaceship" });
      expect((error as QuoteError).validIds).toEqual(SOURCE.services.map((s) => s.id));
    }
  });

  it("names an unknown extra and the service's valid extras", () => {
    expect(() => estimateQuote({ serviceId: "landing-page", extraIds: ["inventory-sync"] })).toThrow(
      'unknown extra "inventory-sync"; valid extra ids: copywriting, bilingual, brand-identity, google-business-profile',
    );
  });
});

describe("parseSelection", () => {
  it("reads a calculator URL", () => {
    expect(parseSelection("landing-page", "bilingual,copywriting")).toEqual({
      selection: { serviceId: "landing-page", extraIds: ["bilingual", "copywriting"] },
      problems: [],
    });
  });

  it("drops and reports unknown ids", () => {
    expect(parseSelection("landing-page", "bilingual,nope")).toEqual({
      selection: { serviceId: "landing-page", extraIds: ["bilingual"] },
      problems: [{ code: "unknown_extra", id: "nope" }],
    });
    expect(parseSelection("nope", "bilingual")).toEqual({
      selection: { serviceId: null, extraIds: [] },
      problems: [{ code: "unknown_service", id: "nope" }],
    });
  });

  it("starts empty without a service", () => {
    expect(parseSelection(null, "bilingual")).toEqual({ selection: { serviceId: null, extraIds: [] }, problems: [] });
  });
});
