// @studio demo
import { describe, expect, it } from "vitest";
import { SETTINGS } from "@/content/generated/settings";
import { findAmounts, type MoneyAmount, unverifiedAmounts } from "@/lib/agent/amounts";
import { growthOf, linearBound } from "@/tests/support/growth";

const NBSP = "\u00a0";
const values = (text: string) => findAmounts(text).map((amount) => amount.value);

describe("findAmounts", () => {
  it.each<[string, MoneyAmount[]]>([
    ["1,4 millones", [{ value: 1_400_000, currency: null, raw: "1,4 millones" }]],
    ["$2.500.000", [{ value: 2_500_000, currency: null, raw: "$2.500.000" }]],
    ["USD 1,200", [{ value: 1200, currency: "USD", raw: "USD 1,200" }]],
    ["COP 2.500.000", [{ value: 2_500_000, currency: "COP", raw: "COP 2.500.000" }]],
    [`$${NBSP}1.800.000`, [{ value: 1_800_000, currency: null, raw: `$${NBSP}1.800.000` }]],
    [`COP${NBSP}1,800,000`, [{ value: 1_800_000, currency: "COP", raw: `COP${NBSP}1,800,000` }]],
    ["350 mil", [{ value: 350_000, currency: null, raw: "350 mil" }]],
    ["1.5M", [{ value: 1_500_000, currency: null, raw: "1.5M" }]],
    ["1,5 M", [{ value: 1_500_000, currency: null, raw: "1,5 M" }]],
    ["350k", [{ value: 350_000, currency: null, raw: "350k" }]],
    ["$5m", [{ value: 5_000_000, currency: null, raw: "$5m" }]],
    ["2 millones de pesos", [{ value: 2_000_000, currency: "COP", raw: "2 millones de pesos" }]],
    ["1.2 million pesos", [{ value: 1_200_000, currency: "COP", raw: "1.2 million pesos" }]],
    ["$3,500,000 COP", [{ value: 3_500_000, currency: "COP", raw: "$3,500,000 COP" }]],
    ["COP $1.800.000", [{ value: 1_800_000, currency: "COP", raw: "COP $1.800.000" }]],
    ["US$ 1,200", [{ value: 1200, currency: "USD", raw: "US$ 1,200" }]],
    ["1.200 dólares", [{ value: 1200, currency: "USD", raw: "1.200 dólares" }]],
    ["2,500 dollars", [{ value: 2500, currency: "USD", raw: "2,500 dollars" }]],
    ["$500", [{ value: 500, currency: null, raw: "$500" }]],
    ["4.500.000", [{ value: 4_500_000, currency: null, raw: "4.500.000" }]],
    ["1.234.567,50", [{ value: 1_234_567.5, currency: null, raw: "1.234.567,50" }]],
    ["1,234,567.50", [{ value: 1_234_567.5, currency: null, raw: "1,234,567.50" }]],
    ["2 mil millones", [{ value: 2_000_000_000, currency: null, raw: "2 mil millones" }]],
    ["3 mil dólares", [{ value: 3000, currency: "USD", raw: "3 mil dólares" }]],
    // The way Colombians write amounts: the apostrophe as the millions mark, spaced groups, words and digits mixed.
    ["1’400.000", [{ value: 1_400_000, currency: null, raw: "1’400.000" }]],
    ["$ 1'400.000", [{ value: 1_400_000, currency: null, raw: "$ 1'400.000" }]],
    ["$12’500.000 COP", [{ value: 12_500_000, currency: "COP", raw: "$12’500.000 COP" }]],
    ["$ 4 200 000", [{ value: 4_200_000, currency: null, raw: "$ 4 200 000" }]],
    [`$${NBSP}4${NBSP}200${NBSP}000`, [{ value: 4_200_000, currency: null, raw: `$${NBSP}4${NBSP}200${NBSP}000` }]],
    ["4 200 000 pesos", [{ value: 4_200_000, currency: "COP", raw: "4 200 000 pesos" }]],
    ["un millón cuatrocientos mil", [{ value: 1_400_000, currency: null, raw: "un millón cuatrocientos mil" }]],
    ["1 millón 400 mil", [{ value: 1_400_000, currency: null, raw: "1 millón 400 mil" }]],
    ["$ 1 millón 400 mil", [{ value: 1_400_000, currency: null, raw: "$ 1 millón 400 mil" }]],
    ["dos millones y medio de pesos", [{ value: 2_500_000, currency: "COP", raw: "dos millones y medio de pesos" }]],
    ["treinta y cinco mil pesos", [{ value: 35_000, currency: "COP", raw: "treinta y cinco mil pesos" }]],
    ["novecientos mil", [{ value: 900_000, currency: null, raw: "novecientos mil" }]],
    ["dos mil millones", [{ value: 2_000_000_000, currency: null, raw: "dos mil millones" }]],
    [
      "one million four hundred thousand dollars",
      [{ value: 1_400_000, currency: "USD", raw: "one million four hundred thousand dollars" }],
    ],
  ])("%s", (text, expected) => {
    expect(findAmounts(text)).toEqual(expected);
  });

  // Halves and fractions, every way es and en write them: what they say, and the money they make.
  it.each<[string, number]>([
    ["medio millón de pesos", 500_000],
    ["Medio millón", 500_000],
    ["millón y medio de pesos", 1_500_000],
    ["un millón y medio", 1_500_000],
    ["dos millones y medio", 2_500_000],
    ["2 millones y medio", 2_500_000],
    ["dos y medio millones", 2_500_000],
    ["1,5 millones", 1_500_000],
    ["un millón y cuarto", 1_250_000],
    ["cuarto de millón", 250_000],
    ["un cuarto de millón de pesos", 250_000],
    ["tres cuartos de millón", 750_000],
    ["2½ millones", 2_500_000],
    ["2 ½ millones", 2_500_000],
    ["½ millón", 500_000],
    ["1¼ millones", 1_250_000],
    ["1/2 millón", 500_000],
    ["3/4 de millón", 750_000],
    ["mil y medio", 1500],
    ["doscientos cincuenta mil y medio", 250_500],
    ["mil quinientos millones", 1_500_000_000],
    ["half a million", 500_000],
    ["a half million dollars", 500_000],
    ["1.5 million", 1_500_000],
    ["one and a half million", 1_500_000],
    ["one-and-a-half million", 1_500_000],
    ["two and a half million dollars", 2_500_000],
    ["2 and a half million", 2_500_000],
    ["a million and a half", 1_500_000],
    ["one million and a half", 1_500_000],
    ["a quarter million", 250_000],
    ["a quarter of a million", 250_000],
    ["three quarters of a million", 750_000],
    ["1½ million", 1_500_000],
  ])("a fraction of an amount: %s", (text, value) => {
    expect(values(`Cuesta ${text}, más o menos.`)).toEqual([value]);
    // In the currency the text names, if it names one ("dollars").
    const [currency = SETTINGS.currency] = findAmounts(text).map((amount) => amount.currency ?? SETTINGS.currency);
    expect(unverifiedAmounts(`Cuesta ${text}.`, [{ currency, price: { min: value, max: value } }])).toEqual([]);
    expect(
      unverifiedAmounts(`Cuesta ${text}.`, [{ currency, price: { min: value + 1, max: value + 1 } }]),
    ).toHaveLength(1);
  });

  it.each([
    "en medio de mil cosas",
    "la mitad del camino",
    "medio día, 2 semanas",
    "a quarter of the work",
    "half of them, a thousand times",
    "de 1 a 2 semanas",
    "un cuarto para las tres",
    "24/7 por mil razones",
  ])("no amount in a fraction of something else: %s", (text) => {
    expect(values(text)).toEqual([]);
  });

  it("reads both ends of a range, the left end borrowing the right end's unit and currency", () => {
    expect(findAmounts("entre 1,4 y 2 millones")).toEqual([
      { value: 1_400_000, currency: null, raw: "1,4" },
      { value: 2_000_000, currency: null, raw: "2 millones" },
    ]);
    expect(values("de $1.800.000 a $2.800.000")).toEqual([1_800_000, 2_800_000]);
    expect(values("1.8–2.8 millones")).toEqual([1_800_000, 2_800_000]);
    expect(values("$1.8M–$2.8M")).toEqual([1_800_000, 2_800_000]);
    expect(values("between 1.4 and 2 million")).toEqual([1_400_000, 2_000_000]);
    expect(values("1-2 millones")).toEqual([1_000_000, 2_000_000]);
    expect(findAmounts("de 1,8 a 2,8 millones de pesos").map((a) => a.currency)).toEqual(["COP", "COP"]);
    expect(findAmounts("USD 1,200–1,500")).toEqual([
      { value: 1200, currency: "USD", raw: "USD 1,200" },
      { value: 1500, currency: "USD", raw: "1,500" },
    ]);
  });

  it("reads the ranges Intl writes for each locale", () => {
    const es = new Intl.NumberFormat("es-CO", { style: "currency", currency: "COP", maximumFractionDigits: 0 });
    const en = new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: "COP",
      currencyDisplay: "code",
      maximumFractionDigits: 0,
    });
    expect(values(`${es.format(1_800_000)} – ${es.format(2_600_000)}`)).toEqual([1_800_000, 2_600_000]);
    expect(findAmounts(`${en.format(1_800_000)} – ${en.format(2_600_000)}`).map((a) => [a.value, a.currency])).toEqual([
      [1_800_000, "COP"],
      [2_600_000, "COP"],
    ]);
  });

  it("does not scale a left end that is already a larger figure", () => {
    expect(values("entre $500 y $2 millones")).toEqual([500, 2_000_000]);
    expect(values("en 2025 y 2 millones")).toEqual([2_000_000]);
  });

  it.each([
    "4–6 semanas",
    "6 weeks",
    "de 2 a 4 semanas",
    "en 2026",
    "desde 2025-2026",
    "3 %",
    "15%",
    "1.500 %",
    "+57 300 555 0123",
    "3005550123",
    "300-555-0123",
    "300.555.0123",
    "5 proyectos",
    "5",
    "1,4",
    "1.5",
    "1.º lugar",
    "3er paso",
    "2nd step",
    "#1",
    "website-with-blog",
    "plan-2000",
    "12.05.2026",
    "12/05/2026",
    "2026-05-12",
    "5 de mayo de 2026",
    "May 5, 2026",
    "a las 10:30",
    "v4.0.0",
    "1920x1080",
    "1500px",
    "5 m",
    "7,000 tokens",
    "10,000 neuronas",
    "1.000–2.000 visitas",
    "2 millones de visitas",
    "10k users",
    "https://wa.me/573005550123",
    "/es/quote?service=web-2024",
    "+57 300 555 0123 y 2 200 visitas",
    "mil gracias",
    "un millón de visitas",
    "tres semanas y dos días",
    "It's 5 o'clock",
  ])("%s is not money", (text) => {
    expect(findAmounts(text)).toEqual([]);
  });

  it("finds every amount of an answer in order, leaving the rest alone", () => {
    const answer =
      "Para tu panadería: **$ 1.800.000 – $ 2.600.000** (COP), en 4–6 semanas. Un blog suma 350 mil. " +
      "Escríbenos al +57 300 555 0123 o pide la cotización: /es/quote?service=website-with-blog. 3 % de descuento en 2026.";
    expect(findAmounts(answer).map((a) => a.raw)).toEqual(["$ 1.800.000", "$ 2.600.000", "350 mil"]);
  });
});

describe("unverifiedAmounts", () => {
  const tools = [{ ok: true, price: { min: 1_800_000, max: 2_600_000, currency: "COP" }, weeks: { min: 4, max: 6 } }];

  it("accepts a tool's number written in any format", () => {
    const answer = "Entre $1.800.000 y $2.600.000; o sea 1,8 millones, COP 1,800,000, 1.8M o 2,6 millones de pesos.";
    expect(unverifiedAmounts(answer, tools)).toEqual([]);
  });

  it("lists amounts no tool returned, once per value and text, in order", () => {
    const answer = "Cuesta $2.000.000, más 350 mil por el blog; $2.000.000 en total, o 2 millones. Base: $1.800.000.";
    expect(unverifiedAmounts(answer, tools)).toEqual([
      { value: 2_000_000, currency: null, raw: "$2.000.000" },
      { value: 350_000, currency: null, raw: "350 mil" },
      { value: 2_000_000, currency: null, raw: "2 millones" },
    ]);
  });

  it("finds money inside strings, nested arrays and JSON text, and survives cycles", () => {
    const cyclic: Record<string, unknown> = { note: "Desde COP 1,800,000" };
    cyclic.self = cyclic;
    const results = [
      cyclic,
      [["precio base 2.600.000"]],
      JSON.stringify({ extras: [{ id: "blog", price: 350000 }] }),
      "el plan cuesta 1,2 millones",
      "id 4200000",
      { price: "5.100.000" },
    ];
    const answer = "$1.800.000, $2.600.000, 350 mil, 1.200.000 pesos, 5,1 millones, $4.200.000 y $9.900.000";
    expect(unverifiedAmounts(answer, results).map((a) => a.raw)).toEqual(["$4.200.000", "$9.900.000"]);
  });

  it("is verified only by money a tool returned, never by its weeks, counts or ids", () => {
    const quote = {
      ok: true,
      serviceId: "landing-page",
      currency: "COP",
      price: { min: 900_000, max: 1_400_000 },
      weeks: { min: 2, max: 5 },
    };
    const service = {
      ok: true,
      service: {
        id: "x",
        weeks: { min: 3, max: 4 },
        startingPrice: 700_000,
        extras: [{ id: "blog", price: 350_000, weeks: 1 }],
      },
    };
    const search = {
      ok: true,
      results: [{ path: "/es/services/x", title: "X", snippet: "Listo en 6 semanas, desde $ 2.000.000" }],
    };
    const tools = [quote, service, search];
    expect(unverifiedAmounts("$ 5, USD 2, 4 millones, $ 6, $ 1", tools).map((a) => a.raw)).toEqual([
      "$ 5",
      "USD 2",
      "4 millones",
      "$ 6",
      "$ 1",
    ]);
    const honest = "$ 900.000 a $ 1’400.000; extra 350 mil, base setecientos mil pesos, desde $ 2 000 000";
    expect(unverifiedAmounts(honest, tools)).toEqual([]);
  });

  it("lists everything when no tool ran", () => {
    expect(unverifiedAmounts("USD 1,200", []).map((a) => a.value)).toEqual([1200]);
    expect(unverifiedAmounts("Sin precios, 4–6 semanas.", [])).toEqual([]);
  });

  it("takes time linear in a long answer and large tool results", () => {
    const growth = growthOf((scale) => {
      const answer = "Entre $1.800.000 y 2,6 millones, 4–6 semanas, +57 300 555 0123. ".repeat(60 * scale);
      const results = Array.from({ length: 200 * scale }, (_, i) => ({
        id: `s-${i}`,
        snippet: `Desde $${i}.500.000 en ${i} semanas`,
      }));
      unverifiedAmounts(answer, results);
    });
    expect(growth).toBeLessThan(linearBound());
  });
});
