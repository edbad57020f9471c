// @studio demo
import { describe, expect, it } from "vitest";
import { suggestNextStepInput, suggestNextStepTool } from "@/lib/agent/tools/suggest-next-step";
import { SITE } from "@/lib/content/site";
import { estimateQuote, extraIdsOf } from "@/lib/quote/estimate";
import { locale } from "@/tests/support/studio";
import { callTool } from "./call";

const es = locale("es");
const en = locale("en");

const spanishTool = suggestNextStepTool({ locale: es });
const englishTool = suggestNextStepTool({ locale: en });

function whatsappText(url: string): string {
  const parsed = new URL(url);
  expect(parsed.protocol).toBe("https:");
  expect(parsed.host).toBe("wa.me");
  expect(parsed.pathname).toBe(`/${SITE.studio.whatsapp.replace("+", "")}`);
  return parsed.searchParams.get("text") ?? "";
}

describe("suggest_next_step", () => {
  it("links the calculator with the service and extras preselected, in the calculator's order", async () => {
    expect(
      await callTool(spanishTool, {
        kind: "quote",
        serviceId: "website-with-blog",
        extraIds: ["photo-session", "online-payments"],
      }),
    ).toEqual({
      ok: true,
      kind: "quote",
      path: "/es/cotizacion?service=website-with-blog&extras=online-payments,photo-session",
    });
    expect(await callTool(englishTool, { kind: "quote", serviceId: "landing-page" })).toEqual({
      ok: true,
      kind: "quote",
      path: "/en/quote?service=landing-page",
    });
    expect(await callTool(englishTool, { kind: "quote" })).toEqual({ ok: true, kind: "quote", path: "/en/quote" });
  });

  it("links the contact form with the run's summary: goal, service and extras ids, never an amount", async () => {
    expect(await callTool(spanishTool, { kind: "contact" })).toEqual({
      ok: true,
      kind: "contact",
      path: "/es/contacto?from=agent",
    });
    const withGoal = suggestNextStepTool({ locale: en, goal: "An online store for my bakery, how much?" });
    const result = await callTool(withGoal, {
      kind: "contact",
      serviceId: "online-store",
      extraIds: ["inventory-sync"],
    });
    if (!result.ok) throw new Error(result.detail);
    const url = new URL(result.path, "https://site.example");
    expect(url.pathname).toBe("/en/contact");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      from: "agent",
      service: "online-store",
      extras: "inventory-sync",
      goal: "An online store for my bakery, how much?",
    });
    const estimate = estimateQuote({ serviceId: "online-store", extraIds: ["inventory-sync"] });
    expect(result.path).not.toContain(String(estimate.price.max));
  });

  it("links WhatsApp with the studio's greeting, naming the service and extras when given", async () => {
    const plain = await callTool(englishTool, { kind: "whatsapp" });
    expect(plain.ok && whatsappText(plain.path)).toBe(SITE.studio.whatsappGreeting[en]);

    const withService = await callTool(spanishTool, {
      kind: "whatsapp",
      serviceId: "website-with-blog",
      extraIds: ["online-payments"],
    });
    if (!withService.ok) throw new Error(withService.detail);
    const text = whatsappText(withService.path);
    expect(text.startsWith(SITE.studio.whatsappGreeting[es])).toBe(true);
    expect(text).toContain("Sitio web con blog");
    expect(text).toContain("Pedidos y pagos en línea");

    const english = await callTool(englishTool, { kind: "whatsapp", serviceId: "booking-system" });
    expect(english.ok && whatsappText(english.path)).toContain("Booking system");

    const withGoal = await callTool(suggestNextStepTool({ locale: en, goal: "Bookings for my clinic" }), {
      kind: "whatsapp",
      serviceId: "booking-system",
    });
    const greeting = withGoal.ok ? whatsappText(withGoal.path) : "";
    expect(greeting).toContain("Estimated time:");
    // The model copies this link into its answer: the goal stays out, it goes by the contact page.
    expect(greeting).not.toContain("Bookings for my clinic");
    // Words only: no amount in the visitor's greeting.
    expect(greeting).not.toMatch(/\$|COP|\d{3}[.,]\d{3}/);
  });

  it("checks ids like estimate_quote, and says which are valid", async () => {
    expect(await callTool(spanishTool, { kind: "quote", serviceId: "mobile-app" })).toMatchObject({
      ok: false,
      error: "unknown_service",
      detail: expect.stringContaining("valid: landing-page, website-with-blog"),
    });
    expect(
      await callTool(englishTool, { kind: "whatsapp", serviceId: "landing-page", extraIds: ["seo-setup"] }),
    ).toEqual({
      ok: false,
      error: "unknown_extra",
      detail: `unknown extra "seo-setup"; valid: ${extraIdsOf("landing-page").join(", ")}`,
    });
  });

  it("refuses an unknown kind and ids with a stray control token", () => {
    expect(suggestNextStepInput.safeParse({ kind: "email" }).success).toBe(false);
    expect(suggestNextStepInput.safeParse({ kind: 'quote<|"|' }).success).toBe(false);
    expect(suggestNextStepInput.safeParse({ kind: "quote", serviceId: 'landing-page<|"|' }).success).toBe(false);
    expect(suggestNextStepInput.safeParse({ kind: "quote", extraIds: ['<|"|copywriting'] }).success).toBe(false);
    expect(suggestNextStepInput.parse({ kind: "contact" })).toEqual({ kind: "contact", extraIds: [] });
  });
});
