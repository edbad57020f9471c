// @studio demo
import { describe, expect, it } from "vitest";
import { estimateQuoteInput, estimateQuoteTool } from "@/lib/agent/tools/estimate-quote";
import { estimateQuote, extraIdsOf, serviceIds } from "@/lib/quote/estimate";
import { callTool, refusal } from "./call";

describe("estimate_quote", () => {
  it.each([
    ["landing-page", []],
    ["website-with-blog", ["online-payments", "photo-session"]],
    ["website-with-blog", ["photo-session", "online-payments", "photo-session"]],
    ["online-store", ["inventory-sync", "e-invoicing"]],
    ["maintenance-plan", extraIdsOf("maintenance-plan")],
    ...serviceIds().map((id) => [id, extraIdsOf(id)] as const),
  ] as const)("%s + %j gives the calculator's range", async (serviceId, extraIds) => {
    const result = await callTool(estimateQuoteTool, { serviceId, extraIds });
    const { lines: _, ...expected } = estimateQuote({ serviceId, extraIds });
    expect(result).toEqual({ ok: true, ...expected });
  });

  it("takes no extras when the call names none", async () => {
    const result = await callTool(estimateQuoteTool, { serviceId: "booking-system" });
    expect(result).toEqual({
      ok: true,
      serviceId: "booking-system",
      extraIds: [],
      currency: "COP",
      price: { min: 3_500_000, max: 6_000_000 },
      weeks: { min: 3, max: 5 },
    });
  });

  it("answers an unknown service or extra with the valid ids, without throwing", async () => {
    expect(await callTool(estimateQuoteTool, { serviceId: "mobile-app", extraIds: [] })).toEqual({
      ok: false,
      error: "unknown_service",
      detail: `unknown service "mobile-app"; valid: ${serviceIds().join(", ")}`,
    });
    // An extra of another service is unknown here: the detail lists this service's extras.
    expect(await callTool(estimateQuoteTool, { serviceId: "landing-page", extraIds: ["online-payments"] })).toEqual({
      ok: false,
      error: "unknown_extra",
      detail: `unknown extra "online-payments"; valid: ${extraIdsOf("landing-page").join(", ")}`,
    });
  });

  it("refuses ids with a stray control token, and more than 8 extras", async () => {
    const inService = estimateQuoteInput.safeParse({ serviceId: 'landing-page<|"|', extraIds: [] });
    expect(inService.error?.issues[0]?.path).toEqual(["serviceId"]);
    const inExtra = estimateQuoteInput.safeParse({
      serviceId: "landing-page",
      extraIds: ["copywriting", 'bilingual<|"|'],
    });
    expect(inExtra.error?.issues[0]?.path).toEqual(["extraIds", 1]);
    expect(
      estimateQuoteInput.safeParse({ serviceId: "landing-page", extraIds: Array(9).fill("bilingual") }).success,
    ).toBe(false);
    // The schema the SDK validates with is the same zod schema.
    expect(await refusal(estimateQuoteTool.inputSchema, { serviceId: 'landing-page<|"|' })).toMatch(/not an id/);
    expect(await refusal(estimateQuoteTool.inputSchema, { serviceId: "landing-page" })).toBeNull();
  });
});
