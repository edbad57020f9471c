// @studio demo
// @ts-expect-error: Next ships its path-to-regexp compiled, without types.
import { pathToRegexp } from "next/dist/compiled/path-to-regexp";
import { describe, expect, it } from "vitest";
import { SITE } from "@/lib/content/site";
import { LOCALES } from "@/lib/i18n/config";
import { alternatePath, entryAlternates, sectionRoutes, slugRedirects } from "@/lib/site/alternates";
import { paths } from "@/lib/site/paths";
import { LAB_SECTIONS, SECTIONS } from "@/lib/site/sections";
import { locale } from "@/tests/support/studio";

const es = locale("es");
const en = locale("en");

// Guards "English URLs are English": a post or project has a slug per locale, the language switch
// and hreflang go to its counterpart, and a link with another locale's slug redirects to it.

const entries = [...SITE.posts[en], ...SITE.projects[en]];
const spanish = new Set([...SITE.posts[es], ...SITE.projects[es]].map((entry) => entry.slug));

describe("slugs per locale", () => {
  it("gives every English post and project an English slug", () => {
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.filter((entry) => spanish.has(entry.slug)).map((entry) => entry.slug)).toEqual([]);
  });

  it("maps a post to its counterpart, both ways, and other pages by their locale only", () => {
    const spanish = paths.post(es, "como-funciona-el-agente-del-lab");
    const english = paths.post(en, "how-the-lab-agent-works");
    expect(alternatePath(spanish, en, SITE)).toBe(english);
    expect(alternatePath(english, es, SITE)).toBe(spanish);
    expect(alternatePath(english, en, SITE)).toBe(english);
    expect(alternatePath("/es/lab/agente", en, SITE)).toBe("/en/lab/agent");
    expect(alternatePath("/es/cotizacion", en, SITE)).toBe("/en/quote");
    expect(alternatePath(paths.service(en, "online-store"), es, SITE)).toBe("/es/servicios/tienda-en-linea");
    for (const project of SITE.projects[es]) {
      const there = alternatePath(paths.project(es, project.slug), en, SITE);
      expect(alternatePath(there, es, SITE)).toBe(paths.project(es, project.slug));
    }
  });

  it("hands the language switch every entry's counterpart", () => {
    const map = entryAlternates(en, es, SITE);
    expect(map[paths.project(en, "la-espiga-bakery-orders")]).toBe(paths.project(es, "panaderia-la-espiga"));
    expect(map["/en/services/online-store"]).toBe("/es/servicios/tienda-en-linea");
    expect(map["/en/quote"]).toBe("/es/cotizacion");
    expect(map["/en/lab/agent"]).toBe("/es/lab/agente");
    // A page whose path only changes its prefix needs no entry: the switch swaps it.
    expect(map["/en/blog"]).toBeUndefined();
    for (const [from, to] of Object.entries(map)) expect(alternatePath(to, en, SITE)).toBe(from);
  });

  it("redirects another locale's slug to this locale's, never from a real page, never twice", () => {
    const redirects = slugRedirects(SITE);
    expect(redirects).toContainEqual({
      source: "/en/blog/como-funciona-el-agente-del-lab",
      destination: "/en/blog/how-the-lab-agent-works",
      permanent: true,
    });
    expect(redirects).toContainEqual({
      source: "/es/services/online-store",
      destination: "/es/servicios/tienda-en-linea",
      permanent: true,
    });
    expect(redirects).toContainEqual({ source: "/es/quote", destination: "/es/cotizacion", permanent: true });
    expect(redirects).toContainEqual({ source: "/es/lab/agent", destination: "/es/lab/agente", permanent: true });
    expect(redirects).toContainEqual({
      source: "/en/services/tienda-en-linea",
      destination: "/en/services/online-store",
      permanent: true,
    });
    const pages = new Set(
      LOCALES.flatMap((locale) => [
        ...SITE.services.map((service) => paths.service(locale, service.text[locale].slug)),
        ...SITE.posts[locale].map((post) => paths.post(locale, post.slug)),
        ...SITE.projects[locale].map((project) => paths.project(locale, project.slug)),
        ...SECTIONS.map((section) => paths[section](locale)),
        ...LAB_SECTIONS.map((page) => paths.labPage(locale, page)),
      ]),
    );
    const sources = new Set(redirects.map((redirect) => redirect.source));
    for (const { source, destination } of redirects) {
      expect(pages.has(source), source).toBe(false);
      expect(pages.has(destination), destination).toBe(true);
      expect(sources.has(destination), destination).toBe(false);
    }
  });
});

describe("section routes", () => {
  // Next matches `source` with its bundled path-to-regexp: test the patterns with the same one.
  const matches = (source: string, path: string) =>
    pathToRegexp(source, [], { strict: true, sensitive: false, delimiter: "/" }).test(path);

  it("sends a language the site doesn't have to the default one, and never the site's own", () => {
    const [fallback] = sectionRoutes(SITE).redirects;
    expect(fallback).toMatchObject({ destination: `/${LOCALES[0]}/:rest*`, permanent: false });
    const source = fallback?.source ?? "";
    for (const path of ["/fr", "/fr/blog", "/de/services/online-store"]) expect(matches(source, path), path).toBe(true);
    for (const locale of LOCALES) {
      for (const path of [`/${locale}`, paths.services(locale), paths.service(locale, "x"), paths.quote(locale)]) {
        expect(matches(source, path), path).toBe(false);
      }
    }
    expect(matches(source, "/api/agent")).toBe(false);
  });

  it("serves each language's section names from the page folders", () => {
    const { rewrites } = sectionRoutes(SITE);
    expect(rewrites).toContainEqual({ source: "/es/servicios/:rest*", destination: "/es/services/:rest*" });
    expect(rewrites).toContainEqual({ source: "/es/cotizacion", destination: "/es/quote" });
    expect(rewrites).toContainEqual({ source: "/es/lab/agente", destination: "/es/lab/agent" });
    // English names are the folders: nothing to rewrite.
    expect(rewrites.filter((rewrite) => rewrite.source.startsWith("/en/"))).toEqual([]);
  });
});
