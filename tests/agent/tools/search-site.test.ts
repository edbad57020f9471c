// @studio demo
import { describe, expect, it } from "vitest";
import { searchSiteInput, searchSiteTool } from "@/lib/agent/tools/search-site";
import type { Locale } from "@/lib/i18n/config";
import { MAX_RESULTS, searchSite } from "@/lib/search/site";
import { SNIPPET_LENGTH } from "@/lib/search/snippet";
import { fold, stem } from "@/lib/search/terms";
import { locale } from "@/tests/support/studio";
import { callTool } from "./call";

const es = locale("es");
const en = locale("en");

const paths = (query: string, locale: Locale) => searchSite(query, locale).results.map((r) => r.path);
const first = (query: string, locale: Locale) => paths(query, locale)[0];

describe("search terms", () => {
  it.each([
    [es, ["tienda", "tiendas", "Tiendas"]],
    [es, ["panadería", "panaderías", "PANADERIA"]],
    [es, ["línea", "lineas"]],
    [es, ["flor", "flores"]],
    [es, ["cliente", "clientes"]],
    [es, ["ciudad", "ciudades"]],
    [en, ["store", "stores"]],
    [en, ["bakery", "bakeries"]],
    [en, ["website", "websites", "Website"]],
    [en, ["service", "services"]],
    [en, ["booking", "bookings", "booked", "book"]],
  ] as const)("%s folds %j to one term", (locale, words) => {
    expect(new Set(words.map((word) => stem(fold(word), locale))).size).toBe(1);
  });
});

describe("search_site ranking", () => {
  it.each([
    ["sitio con blog para mi panadería", es, "/es/servicios/sitio-web-con-blog"],
    ["un sitio con blog para mi panadería, ¿cuánto cuesta y cuánto tarda?", es, "/es/servicios/sitio-web-con-blog"],
    ["bakery blog", en, "/en/services/website-with-blog"],
    ["a site with a blog for my bakery, how much and how long?", en, "/en/services/website-with-blog"],
    ["tiendas", es, "/es/servicios/tienda-en-linea"],
    ["online stores", en, "/en/services/online-store"],
    ["reservar citas", es, "/es/servicios/sistema-de-reservas"],
    ["book appointments", en, "/en/services/booking-system"],
    ["automatizar whatsapp", es, "/es/servicios/automatizacion-de-whatsapp"],
    ["landing page for a new product", en, "/en/services/landing-page"],
  ] as const)("%j (%s) ranks %s first", (query, locale, path) => {
    expect(first(query, locale)).toBe(path);
  });

  it("folds case and accents both ways", () => {
    const reference = paths("Tienda en línea", es);
    expect(reference[0]).toBe("/es/servicios/tienda-en-linea");
    expect(paths("TIENDA EN LINEA", es)).toEqual(reference);
    expect(paths("tienda en linéa", es)).toEqual(reference);
    expect(paths("automatizacion", es)).toEqual(paths("Automatización", es));
  });

  it("folds plurals into singulars", () => {
    expect(paths("blogs", es)).toEqual(paths("blog", es));
    expect(paths("panaderías", es)).toEqual(paths("panadería", es));
    expect(first("panaderías", es)).toBe("/es/proyectos/panaderia-la-espiga");
    expect(paths("tiendas", es)).toEqual(paths("tienda", es));
    expect(paths("bakeries", en)).toEqual(paths("bakery", en));
    expect(paths("websites", en)).toEqual(paths("website", en));
  });

  it("ignores stop words", () => {
    expect(paths("el de la para con un", es)).toEqual([]);
    expect(paths("the and of with a for", en)).toEqual([]);
    expect(paths("quiero un sitio con un blog para la empresa", es)).toEqual(paths("sitio blog empresa", es));
  });

  it("weighs a title match over body mentions", () => {
    // "hosting" is in the body of several pages, and in the title of one FAQ entry.
    expect(first("hosting", en)).toBe("/en/faq#hosting-costs");
    expect(first("¿Cuánto tarda un proyecto?", es)).toBe("/es/preguntas#timelines");
  });

  it("finds nothing for nonsense, an empty query or punctuation", () => {
    expect(searchSite("xyzzy qwrtp zzkj", es)).toEqual({ ok: true, results: [] });
    expect(searchSite("xyzzy qwrtp zzkj", en)).toEqual({ ok: true, results: [] });
    expect(searchSite("¿¡…!?", es)).toEqual({ ok: true, results: [] });
  });

  it("returns at most 5 results, each a short snippet of the page holding the words", () => {
    for (const [query, locale] of [
      ["whatsapp", es],
      ["sitio web", es],
      ["website", en],
      ["pesos", en],
    ] as const) {
      const { results } = searchSite(query, locale);
      expect(results.length).toBeGreaterThan(0);
      expect(results.length).toBeLessThanOrEqual(MAX_RESULTS);
      for (const result of results) {
        expect(Object.keys(result).sort()).toEqual(["path", "snippet", "title"]);
        expect(result.snippet.length).toBeLessThanOrEqual(SNIPPET_LENGTH);
        expect(result.snippet).not.toMatch(/\n/);
      }
    }
    const [bakery] = searchSite("floristería", es).results;
    expect(bakery?.snippet).toMatch(/floristería/);
  });

  it("searches the requested locale only", () => {
    for (const query of ["whatsapp", "blog", "Medellín"]) {
      expect(paths(query, es).every((path) => path.startsWith("/es/"))).toBe(true);
      expect(paths(query, en).every((path) => path.startsWith("/en/"))).toBe(true);
    }
    // English words are not in the Spanish pages.
    expect(paths("bakery", es)).toEqual([]);
  });

  it("is deterministic", () => {
    expect(searchSite("sitio web con blog", es)).toEqual(searchSite("sitio web con blog", es));
  });
});

describe("search_site tool", () => {
  it("searches the run's locale unless the call names one", async () => {
    const tool = searchSiteTool({ locale: es });
    const inRunLocale = await callTool(tool, { query: "blog" });
    expect(inRunLocale.results[0]?.path).toBe("/es/servicios/sitio-web-con-blog");
    const inEnglish = await callTool(tool, { query: "bakery blog", locale: en });
    expect(inEnglish).toEqual(searchSite("bakery blog", en));
  });

  it("refuses an empty, a too long query and an unknown locale", () => {
    expect(searchSiteInput.safeParse({ query: "   " }).success).toBe(false);
    expect(searchSiteInput.safeParse({ query: "x".repeat(201) }).success).toBe(false);
    expect(searchSiteInput.safeParse({ query: "blog", locale: "fr" }).success).toBe(false);
    expect(searchSiteInput.safeParse({ query: "x".repeat(200), locale: en }).success).toBe(true);
  });
});
