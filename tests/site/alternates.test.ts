import { describe, expect, it } from "vitest";
import { SITE } from "@/lib/content/site";
import { LOCALES } from "@/lib/i18n/config";
import { alternatePath, entryAlternates, slugRedirects } from "@/lib/site/alternates";
import { paths } from "@/lib/site/paths";

// Guards "English URLs are English": a post or project has a slug per locale, the language switch
// and hreflang go to its counterpart, and a link with another locale's slug redirects to it.

const entries = [...SITE.posts.en, ...SITE.projects.en];
const spanish = new Set([...SITE.posts.es, ...SITE.projects.es].map((entry) => entry.slug));

describe("slugs per locale", () => {
  it("gives every English post and project an English slug", () => {
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.filter((entry) => spanish.has(entry.slug)).map((entry) => entry.slug)).toEqual([]);
  });

  it("maps a post to its counterpart, both ways, and other pages by their locale only", () => {
    const es = paths.post("es", "como-funciona-el-agente-del-lab");
    const en = paths.post("en", "how-the-lab-agent-works");
    expect(alternatePath(es, "en", SITE)).toBe(en);
    expect(alternatePath(en, "es", SITE)).toBe(es);
    expect(alternatePath(en, "en", SITE)).toBe(en);
    expect(alternatePath("/es/lab/agent", "en", SITE)).toBe("/en/lab/agent");
    for (const project of SITE.projects.es) {
      const there = alternatePath(paths.project("es", project.slug), "en", SITE);
      expect(alternatePath(there, "es", SITE)).toBe(paths.project("es", project.slug));
    }
  });

  it("hands the language switch every entry's counterpart", () => {
    const map = entryAlternates("en", "es", SITE);
    expect(Object.keys(map)).toHaveLength(SITE.posts.en.length + SITE.projects.en.length);
    expect(map[paths.project("en", "la-espiga-bakery-orders")]).toBe(paths.project("es", "panaderia-la-espiga"));
  });

  it("redirects another locale's slug to this locale's, never from a real page, never twice", () => {
    const redirects = slugRedirects(SITE);
    expect(redirects).toContainEqual({
      source: "/en/blog/como-funciona-el-agente-del-lab",
      destination: "/en/blog/how-the-lab-agent-works",
      permanent: true,
    });
    const pages = new Set(
      LOCALES.flatMap((locale) => [
        ...SITE.posts[locale].map((post) => paths.post(locale, post.slug)),
        ...SITE.projects[locale].map((project) => paths.project(locale, project.slug)),
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
