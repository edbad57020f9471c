import { describe, expect, it, vi } from "vitest";
import { currencyMarks } from "@/lib/content/settings";

// The amounts check reads the studio's own currency, whatever it is, from the marks Intl gives
// for its locale tags: a studio in Spain (EUR), in Poland (PLN) and in Brazil (BRL), none of
// which the check's own list names by hand (EUR only as a code and "€" before the number).
async function amountsFor(currency: string, tags: string[]) {
  vi.resetModules();
  vi.doMock("@/content/generated/settings", async (original) => {
    const actual = await original<typeof import("@/content/generated/settings")>();
    return { ...actual, SETTINGS: { ...actual.SETTINGS, currency, currencyMarks: currencyMarks(currency, tags) } };
  });
  return import("@/lib/agent/amounts");
}

describe("the studio's currency in the amounts check", () => {
  it("reads euros with the symbol after the number, its words in each language and its code", async () => {
    const { findAmounts } = await amountsFor("EUR", ["es-ES", "en-ES"]);
    const text = "La página cuesta 900 € (o 1.200 euros con extras); en inglés, €1,500 or 2,000 euros. EUR 300.";
    expect(findAmounts(text).map(({ value, currency }) => [value, currency])).toEqual([
      [900, "EUR"],
      [1200, "EUR"],
      [1500, "EUR"],
      [2000, "EUR"],
      [300, "EUR"],
    ]);
  });

  it("flags an invented amount in euros that it would not have seen as money before", async () => {
    const { unverifiedAmounts } = await amountsFor("EUR", ["es-ES", "en-ES"]);
    const answer = "Entre 900 € y 1.400 €, más 250 € de fotos.";
    const tools = [{ ok: true, price: { min: 900, max: 1400 } }];
    expect(unverifiedAmounts(answer, tools).map((a) => a.raw)).toEqual(["250 €"]);
  });

  it("reads a currency with no hand-written mark at all: złoty and reais", async () => {
    const pln = await amountsFor("PLN", ["pl-PL"]);
    expect(pln.findAmounts("Strona kosztuje 4 500 zł.")).toEqual([{ value: 4500, currency: "PLN", raw: "4 500 zł" }]);
    const brl = await amountsFor("BRL", ["pt-BR"]);
    expect(brl.findAmounts("Custa R$ 2.500 ou 3.000 reais.").map(({ value, currency }) => [value, currency])).toEqual([
      [2500, "BRL"],
      [3000, "BRL"],
    ]);
  });

  it("names no currency for a bare $, which dozens of currencies write", async () => {
    const { findAmounts } = await amountsFor("USD", ["en-US"]);
    expect(findAmounts("It costs $1,500 or 2,000 dollars.").map(({ value, currency }) => [value, currency])).toEqual([
      [1500, null],
      [2000, "USD"],
    ]);
  });

  it("derives the marks from Intl for any ISO currency", () => {
    expect(currencyMarks("CHF", ["de-CH"])).toEqual({ symbols: ["CHF"], words: ["schweizer franken"] });
    expect(currencyMarks("COP", ["es-CO"]).words).toEqual(expect.arrayContaining(["pesos colombianos", "pesos"]));
    expect(currencyMarks("USD", ["en-US"]).words).toEqual(expect.arrayContaining(["dollars", "us dollars"]));
  });
});
