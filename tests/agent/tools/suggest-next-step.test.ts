import { describe, expect, it } from "vitest";
import { suggestNextStepInput, suggestNextStepTool } from "@/lib/agent/tools/suggest-next-step";
import { SITE } from "@/lib/content/site";
import { extraIdsOf } from "@/lib/quote/estimate";
import { callTool } from "./call";

const es = suggestNextStepTool({ locale: "es" });
const en = suggestNextStepTool({ locale: "en" });

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
      await callTool(es, {
        kind: "quote",
        serviceId: "website-with-blog",
        extraIds: ["photo-session", "online-payments"],
      }),
    ).toEqual({
      ok: true,
      kind: "quote",
      path: "/es/cotizacion?service=website-with-blog&extras=online-payments,photo-session",
    });
    expect(await callTool(en, { kind: "quote", serviceId: "landing-page" })).toEqual({
      ok: true,
      kind: "quote",
      path: "/en/quote?service=landing-page",
    });
    expect(await callTool(en, { kind: "quote" })).toEqual({ ok: true, kind: "quote", path: "/en/quote" });
  });

  it("links the contact form", async () => {
    expect(await callTool(es, { kind: "contact" })).toEqual({ ok: true, kind: "contact", path: "/es/contacto" });
    expect(await callTool(en, { kind: "contact", serviceId: "online-store" })).toEqual({
      ok: true,
      kind: "contact",
      path: "/en/contact",
    });
  });

  it("links WhatsApp with the studio's greeting, naming the service and extras when given", async () => {
    const plain = await callTool(en, { kind: "whatsapp" });
    expect(plain.ok && whatsappText(plain.path)).toBe(SITE.studio.whatsappGreeting.en);

    const withService = await callTool(es, {
      kind: "whatsapp",
      serviceId: "website-with-blog",
      extraIds: ["online-payments"],
    });
    if (!withService.ok) throw new Error(withService.detail);
    const text = whatsappText(withService.path);
    expect(text.startsWith(SITE.studio.whatsappGreeting.es)).toBe(true);
    expect(text).toContain("Sitio web con blog");
    expect(text).toContain("Pedidos y pagos en línea");

    const english = await callTool(en, { kind: "whatsapp", serviceId: "booking-system" });
    expect(english.ok && whatsappText(english.path)).toContain("Booking system");
  });

  it("checks ids like estimate_quote, and says which are valid", async () => {
    expect(await callTool(es, { kind: "quote", serviceId: "mobile-app" })).toMatchObject({
      ok: false,
      error: "unknown_service",
      detail: expect.stringContaining("valid: landing-page, website-with-blog"),
    });
    expect(await callTool(en, { kind: "whatsapp", serviceId: "landing-page", extraIds: ["seo-setup"] })).toEqual({
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
