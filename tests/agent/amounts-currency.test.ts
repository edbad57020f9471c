// @studio demo
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

// An amount is verified by its value and its currency: the tool's price written in another currency
// is no price it returned, whichever currency the studio has and however the text writes it.
describe("an amount in another currency than the tool's", () => {
  const flaggedOf = (check: typeof import("@/lib/agent/amounts"), text: string, tools: unknown[]) =>
    check.unverifiedAmounts(text, tools).map((amount) => amount.raw);

  it("a studio in euros: dollars and pesos are flagged, euros are not", async () => {
    const check = await amountsFor("EUR", ["es-ES", "en-IE"]);
    const tools = [{ ok: true, currency: "EUR", price: { min: 1800, max: 2400 } }];
    for (const text of ["1.800 €", "€1,800", "1.800 euros", "EUR 1,800", "1,800 EUR", "2.400 €"]) {
      expect(flaggedOf(check, `Cuesta ${text}.`, tools), text).toEqual([]);
    }
    for (const text of ["USD 1,800", "$1,800", "US$1,800", "1.800 dólares", "1,800 dollars", "1.800 pesos", "£1,800"]) {
      expect(flaggedOf(check, `Cuesta ${text}.`, tools), text).toEqual([text]);
    }
  });

  it("a studio in dollars: its own $ verifies, euros do not", async () => {
    const check = await amountsFor("USD", ["en-US"]);
    const tools = [{ ok: true, currency: "USD", price: { min: 1800, max: 2400 } }];
    for (const text of ["$1,800", "US$1,800", "1,800 dollars", "USD 1,800", "1.8k dollars", "$2,400"]) {
      expect(flaggedOf(check, `It costs ${text}.`, tools), text).toEqual([]);
    }
    for (const text of ["€1,800", "1,800 euros", "EUR 1,800", "1,800 pesos", "MXN 1,800"]) {
      expect(flaggedOf(check, `It costs ${text}.`, tools), text).toEqual([text]);
    }
  });

  it("a tool's money is in the currency its result names", async () => {
    const check = await amountsFor("EUR", ["es-ES"]);
    const tools = [{ ok: true, currency: "USD", price: { min: 1800, max: 2400 } }];
    expect(flaggedOf(check, "Son USD 1,800 o 1.800 €.", tools)).toEqual(["1.800 €"]);
  });

  it("a tool that names no currency returned the studio's; a page's text, the currency it writes", async () => {
    const check = await amountsFor("EUR", ["es-ES"]);
    expect(flaggedOf(check, "Son 1.800 € o USD 1,800.", [{ price: 1800 }])).toEqual(["USD 1,800"]);
    expect(flaggedOf(check, "Son 1.800 € o USD 1,800.", ["desde USD 1,800"])).toEqual(["1.800 €"]);
  });

  it("reads thousands and millions spelled in English and Spanish as money", async () => {
    const check = await amountsFor("USD", ["en-US", "es-US"]);
    const values = (text: string) => check.findAmounts(text).map(({ value, currency }) => [value, currency]);
    expect(values("5 grand, 50k, 1.8 million dollars, 300 mil, 2,8 millones de dólares, ten thousand dollars")).toEqual(
      [
        [5000, null],
        [50_000, null],
        [1_800_000, "USD"],
        [300_000, null],
        [2_800_000, "USD"],
        [10_000, "USD"],
      ],
    );
  });

  it("reads another currency by its sign, its code in capitals or its name, not as the studio's", async () => {
    const check = await amountsFor("COP", ["es-CO", "en-CO"]);
    const tools = [{ ok: true, price: { min: 1_800_000, max: 2_800_000 } }];
    const written: [string, string | null][] = [
      ["R$ 1.800.000", "BRL"],
      ["MX$1.800.000", "MXN"],
      ["₹1.800.000", "INR"],
      ["₩1.800.000", "KRW"],
      ["S/ 1.800.000", "PEN"],
      ["PEN 1.800.000", "PEN"],
      ["1.800.000 INR", "INR"],
      ["1.800.000 pesos mexicanos", "MXN"],
      ["1,800,000 Mexican pesos", "MXN"],
      ["1.800.000 yenes", "JPY"],
      ["1.800.000 reales", "BRL"],
      ["1.800.000 libras esterlinas", "GBP"],
      ["1,800,000 U.S. dollars", "USD"],
    ];
    for (const [amount, currency] of written) {
      expect(check.unverifiedAmounts(`La landing cuesta ${amount}.`, tools), amount).toEqual([
        { value: 1_800_000, currency, raw: amount },
      ]);
    }
    // Its own pesos named by their country, a dollar sign with letters no table knows (a bare "$"),
    // and a version beside a code, are no foreign money.
    expect(check.unverifiedAmounts("Cuesta 1.800.000 pesos colombianos o COL$ 2.800.000, en PHP 8.3.", tools)).toEqual(
      [],
    );
  });

  it("reads a studio's own sign or pesos as its own, where another studio reads them as foreign", async () => {
    const brl = await amountsFor("BRL", ["pt-BR"]);
    expect(brl.unverifiedAmounts("Custa R$ 1.800.000.", [{ price: 1_800_000 }])).toEqual([]);
    const mxn = await amountsFor("MXN", ["es-MX"]);
    expect(mxn.unverifiedAmounts("Cuesta 1.800.000 pesos mexicanos.", [{ price: 1_800_000 }])).toEqual([]);
  });

  it("reads an amount whatever code points spell it: other scripts' digits, compatibility forms, accents apart", async () => {
    const check = await amountsFor("COP", ["es-CO", "en-CO"]);
    const tools = [{ ok: true, price: { min: 1_800_000, max: 2_800_000 } }];
    const spelled: [string, string][] = [
      ["$ \u0669\u066c\u0669\u0660\u0660\u066c\u0660\u0660\u0660", "$ 9,900,000"], // Arabic-Indic
      ["$ \u096f.\u096f\u0966\u0966.\u0966\u0966\u0966", "$ 9.900.000"], // Devanagari
      ["$ \u{1d7d7}.\u{1d7d7}\u{1d7ce}\u{1d7ce}.\u{1d7ce}\u{1d7ce}\u{1d7ce}", "$ 9.900.000"], // mathematical bold
      ["\uff04\uff19\uff0e\uff19\uff10\uff10\uff0e\uff10\uff10\uff10", "$9.900.000"], // fullwidth
      ["$\u2079\u2079\u2070\u2070\u2070\u2070\u2070", "$9900000"], // superscript
      ["9\u2009900\u2009000", "9 900 000"], // thin spaces
      ["9\u2007900\u2007000", "9 900 000"], // figure spaces
      ["9,9 millo\u0301n", "9,9 millón"], // an accent apart from its letter
    ];
    for (const [amount, raw] of spelled) {
      const flagged = check.unverifiedAmounts(`La landing cuesta ${amount}.`, tools);
      expect(
        flagged.map((a) => a.raw),
        JSON.stringify(amount),
      ).toEqual([raw]);
    }
    // A letter stuck to a signed, grouped figure leaves it money; one stuck to a bare figure, an id.
    expect(check.unverifiedAmounts("Cuesta $9.900.000aprox., plan 3d.", tools).map((a) => a.raw)).toEqual([
      "$9.900.000",
    ]);
    // The studio's own figure in another script is the tool's; in dollars, with its accent apart, it is not.
    expect(check.unverifiedAmounts("Cuesta \u0661\u066c\u0668\u0660\u0660\u066c\u0660\u0660\u0660.", tools)).toEqual(
      [],
    );
    expect(check.unverifiedAmounts("Cuesta 1.800.000 do\u0301lares.", tools)).toEqual([
      { value: 1_800_000, currency: "USD", raw: "1.800.000 dólares" },
    ]);
  });

  it("takes no money from a refused call or an address: both repeat what the model or the visitor wrote", async () => {
    const check = await amountsFor("COP", ["es-CO", "en-CO"]);
    const refused = [
      { ok: true, price: { min: 1_800_000, max: 2_800_000 } },
      { ok: false, error: "unknown_service", detail: 'unknown service "9900k"; valid: landing-page' },
      { ok: false, error: "unknown_tool", detail: 'no tool "9.900.000"; tools: get_service' },
      { ok: true, kind: "contact", path: "/es/contacto?from=agent&goal=presupuesto+9.900.000" },
    ];
    expect(check.unverifiedAmounts("La landing cuesta $ 9.900.000.", refused).map((a) => a.raw)).toEqual([
      "$ 9.900.000",
    ]);
  });
});
