// Relative imports only: next.config.ts imports this file for its redirects.
import type { SiteData } from "../content/types";
import { LOCALES, type Locale, switchLocalePath } from "../i18n/config";
import { paths } from "./paths";

/** The content that has its own slug in each locale. */
export type LocalizedEntries = Pick<SiteData, "projects" | "posts">;

const SECTIONS = [
  { key: "projects", path: paths.project },
  { key: "posts", path: paths.post },
] as const;

/**
 * The same page in another locale, for the language switch, `hreflang` and the sitemap. A project
 * or a post has its own slug in each locale (`/es/blog/tienda-en-linea-o-whatsapp` is
 * `/en/blog/online-store-or-whatsapp`); every other page only changes its locale prefix.
 */
export function alternatePath(path: string, to: Locale, site: LocalizedEntries): string {
  for (const { key, path: pathOf } of SECTIONS) {
    for (const from of LOCALES) {
      const entry = site[key][from].find((candidate) => pathOf(from, candidate.slug) === path);
      const target = entry && site[key][to].find((candidate) => candidate.id === entry.id);
      if (target) return pathOf(to, target.slug);
    }
  }
  return switchLocalePath(path, to);
}

/** Every project and post path of `from` mapped to its page in `to`: what the language switch needs. */
export function entryAlternates(from: Locale, to: Locale, site: LocalizedEntries): Record<string, string> {
  return Object.fromEntries(
    SECTIONS.flatMap(({ key, path: pathOf }) =>
      site[key][from].map((entry) => [pathOf(from, entry.slug), alternatePath(pathOf(from, entry.slug), to, site)]),
    ),
  );
}

/**
 * A permanent redirect from each slug an entry has elsewhere (its id, its other locales' slugs)
 * to its slug in this locale: an English link to a Spanish slug still lands on the English page.
 */
export function slugRedirects(site: LocalizedEntries): { source: string; destination: string; permanent: true }[] {
  return SECTIONS.flatMap(({ key, path: pathOf }) =>
    LOCALES.flatMap((locale) => {
      const own = new Set(site[key][locale].map((entry) => entry.slug));
      return site[key][locale].flatMap((entry) => {
        const others = LOCALES.map((other) => site[key][other].find((e) => e.id === entry.id)?.slug);
        const old = new Set([entry.id, ...others].filter((slug): slug is string => !!slug && !own.has(slug)));
        return [...old].map((slug) => ({
          source: pathOf(locale, slug),
          destination: pathOf(locale, entry.slug),
          permanent: true as const,
        }));
      });
    }),
  );
}
