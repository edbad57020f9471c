// @studio demo
import { describe, expect, it } from "vitest";
import { getServiceInput, getServiceTool } from "@/lib/agent/tools/get-service";
import { LOCALES } from "@/lib/i18n/config";
import { estimateQuote, extraIdsOf, serviceIds } from "@/lib/quote/estimate";
import { locale } from "@/tests/support/studio";
import { callTool } from "./call";

const es = locale("es");
const en = locale("en");

describe("get_service", () => {
  it("returns the website-with-blog service in the run's language, with the calculator's extras", async () => {
    const spanish = await callTool(getServiceTool({ locale: es }), { serviceId: "website-with-blog" });
    expect(spanish).toMatchObject({
      ok: true,
      service: {
        id: "website-with-blog",
        name: "Sitio web con blog",
        startingPrice: 4_500_000,
        price: { min: 4_500_000, max: 7_000_000 },
        extras: expect.arrayContaining([
          { id: "online-payments", name: "Pedidos y pagos en línea", price: 1_800_000, weeks: 2 },
        ]),
      },
    });
    const english = await callTool(getServiceTool({ locale: en }), { serviceId: "website-with-blog" });
    expect(english.ok && english.service.name).toBe("Website with a blog");
    expect(english.ok && english.service.extras.map((extra) => extra.name)).toContain("Online orders and payments");
  });

  describe.each(LOCALES)("in %s", (locale) => {
    it.each(serviceIds())("%s: includes, weeks, starting price and extras agree with the calculator", async (id) => {
      const result = await callTool(getServiceTool({ locale }), { serviceId: id });
      if (!result.ok) throw new Error(result.detail);
      const { service } = result;
      const base = estimateQuote({ serviceId: id, extraIds: [] });
      expect(service.extras.map((extra) => extra.id)).toEqual(extraIdsOf(id));
      expect(service.startingPrice).toBe(service.price.min);
      expect(service.price).toEqual(base.price);
      expect(service.weeks).toEqual(base.weeks);
      expect(service.includes.length).toBeGreaterThan(0);
      for (const extra of service.extras) {
        const added = estimateQuote({ serviceId: id, extraIds: [extra.id] });
        expect(added.price.min - base.price.min).toBe(extra.price);
      }
    });
  });

  it("answers an unknown service with the valid ids, without throwing", async () => {
    const result = await callTool(getServiceTool({ locale: en }), { serviceId: "mobile-app" });
    expect(result).toEqual({
      ok: false,
      error: "unknown_service",
      detail: `unknown service "mobile-app"; valid: ${serviceIds().join(", ")}`,
    });
  });

  it("refuses an id with a stray control token, or any id not in the catalog's slug shape", () => {
    const refused = getServiceInput.safeParse({ serviceId: 'landing-page<|"|' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({ path: ["serviceId"], message: "not an id (a-z, 0-9, -)" });
    for (const serviceId of ["Landing-Page", "landing page", "-landing", "landing--page", ""]) {
      expect(getServiceInput.safeParse({ serviceId }).success).toBe(false);
    }
  });
});
