// Relative imports only: next.config.ts imports this file for its rewrites and redirects.
import type { SiteData } from "../content/types";
import { type Locale, switchLocalePath } from "../i18n/config";
import { absoluteUrl } from "./public-origin";
import { LAB_SECTIONS, SECTIONS, type SectionPaths, type SitePaths, sitePaths } from "./sections";

/** What the site's paths are made of: its languages' section names and its entries' slugs. */
export type LocalizedEntries = Pick<SiteData, "settings" | "services" | "projects" | "posts">;

type Page =
  | { kind: "home" }
  | { kind: "section"; name: (typeof SECTIONS)[number] }
  | { kind: "lab"; name: (typeof LAB_SECTIONS)[number] }
  | { kind: "service" | "project" | "post"; id: string; slugs: Partial<Record<Locale, string>> };

const localesOf = (site: LocalizedEntries) => site.settings.locales as Locale[];

/** The folder names under `app/[locale]/`: the paths the pages really have behind the rewrites. */
const FOLDERS = Object.fromEntries([...SECTIONS, ...LAB_SECTIONS].map((name) => [name, name])) as SectionPaths;

/** Every page of the site, once (not once a locale). */
function pagesOf(site: LocalizedEntries): Page[] {
  const slugs = (find: (locale: Locale) => string | undefined) =>
    Object.fromEntries(localesOf(site).map((locale) => [locale, find(locale)]));
  const [first] = localesOf(site);
  return [
    { kind: "home" },
    ...SECTIONS.map((name): Page => ({ kind: "section", name })),
    ...LAB_SECTIONS.map((name): Page => ({ kind: "lab", name })),
    ...site.services.map(
      (service): Page => ({ kind: "service", id: service.id, slugs: slugs((l) => service.text[l].slug) }),
    ),
    ...(first ? site.projects[first] : []).map(
      ({ id }): Page => ({
        kind: "project",
        id,
        slugs: slugs((l) => site.projects[l].find((p) => p.id === id)?.slug),
      }),
    ),
    ...(first ? site.posts[first] : []).map(
      ({ id }): Page => ({ kind: "post", id, slugs: slugs((l) => site.posts[l].find((p) => p.id === id)?.slug) }),
    ),
  ];
}

function pathOf(page: Page, locale: Locale, paths: SitePaths, slug?: string): string {
  switch (page.kind) {
    case "home":
      return paths.home(locale);
    case "section":
      return paths[page.name](locale);
    case "lab":
      return paths.labPage(locale, page.name);
    default:
      return paths[page.kind](locale, slug ?? page.slugs[locale] ?? page.id);
  }
}

const cache = new WeakMap<LocalizedEntries, { byPath: Map<string, Page>; paths: SitePaths; pages: Page[] }>();

function index(site: LocalizedEntries) {
  let found = cache.get(site);
  if (!found) {
    const paths = sitePaths(site.settings.sectionPaths);
    const pages = pagesOf(site);
    const byPath = new Map<string, Page>();
    for (const page of pages) for (const locale of localesOf(site)) byPath.set(pathOf(page, locale, paths), page);
    found = { byPath, paths, pages };
    cache.set(site, found);
  }
  return found;
}

/**
 * The same page in another locale, for the language switch, `hreflang` and the sitemap:
 * `/es/blog/tienda-en-linea-o-whatsapp` is `/en/blog/online-store-or-whatsapp`, `/es/cotizacion`
 * is `/en/quote`. A path that is no known page only changes its locale prefix.
 */
export function alternatePath(path: string, to: Locale, site: LocalizedEntries): string {
  const { byPath, paths } = index(site);
  const page = byPath.get(path);
  return page ? pathOf(page, to, paths) : switchLocalePath(path, to);
}

/**
 * The canonical URL of the page at `path` and its `hreflang` alternates, one a language plus
 * `x-default` (the default language's page), on `origin` (relative when there is none).
 */
export function alternateLinks(
  path: string,
  origin: string | undefined,
  site: LocalizedEntries,
): { canonical: string; languages: Record<string, string> } {
  const locales = localesOf(site);
  const languages = Object.fromEntries(
    locales.map((other) => [other, absoluteUrl(alternatePath(path, other, site), origin)]),
  );
  const [fallback] = locales;
  if (fallback) languages["x-default"] = absoluteUrl(alternatePath(path, fallback, site), origin);
  return { canonical: absoluteUrl(path, origin), languages };
}

/** Every page of `from` whose counterpart in `to` is not the same path with the prefix swapped: what the language switch needs. */
export function entryAlternates(from: Locale, to: Locale, site: LocalizedEntries): Record<string, string> {
  const { pages, paths } = index(site);
  const pairs = pages
    .map((page) => [pathOf(page, from, paths), pathOf(page, to, paths)] as const)
    .filter(([here, there]) => there !== switchLocalePath(here, to));
  return Object.fromEntries(pairs);
}

/**
 * Permanent redirects to each page from the paths it had or could be typed as: the page folders'
 * English names (`/es/services/landing-page` to `/es/servicios/pagina-de-aterrizaje`), its id, or
 * another locale's slug. An old link, or an English slug under `/es`, still lands on the page.
 */
export function slugRedirects(site: LocalizedEntries): { source: string; destination: string; permanent: true }[] {
  const { pages, paths, byPath } = index(site);
  const folders = sitePaths(Object.fromEntries(localesOf(site).map((locale) => [locale, FOLDERS])));
  const redirects = new Map<string, string>();
  for (const page of pages) {
    const slugs = "slugs" in page ? [undefined, page.id, ...Object.values(page.slugs)] : [undefined];
    for (const locale of localesOf(site)) {
      const destination = pathOf(page, locale, paths);
      for (const built of [paths, folders]) {
        for (const slug of slugs) {
          const source = pathOf(page, locale, built, slug);
          if (source !== destination && !byPath.has(source)) redirects.set(source, destination);
        }
      }
    }
  }
  return [...redirects].map(([source, destination]) => ({ source, destination, permanent: true as const }));
}

/**
 * The rewrites from each language's section names to the page folders (`/es/servicios/:slug` is
 * served by `app/[locale]/services/[id]`), and the redirect of a language the site doesn't have
 * to the default one (`/fr/...` on a site in `en` only): not permanent, the studio may add it.
 */
export function sectionRoutes(site: LocalizedEntries) {
  const rewrites: { source: string; destination: string }[] = [];
  for (const locale of localesOf(site)) {
    const words = site.settings.sectionPaths[locale];
    const lab = `/${locale}/${words.lab}`;
    for (const page of LAB_SECTIONS) {
      if (words.lab !== "lab" || words[page] !== page) {
        rewrites.push({ source: `${lab}/${words[page]}`, destination: `/${locale}/lab/${page}` });
      }
    }
    for (const section of SECTIONS) {
      if (words[section] === section) continue;
      rewrites.push(
        { source: `/${locale}/${words[section]}`, destination: `/${locale}/${section}` },
        { source: `/${locale}/${words[section]}/:rest*`, destination: `/${locale}/${section}/:rest*` },
      );
    }
  }
  const [fallback] = localesOf(site);
  const known = localesOf(site).join("|");
  const redirects = fallback
    ? [
        {
          // `\b`, not `$`: the lookahead sees the rest of the path ("/en/services"), not the segment's end.
          source: `/:lang((?!(?:${known})\\b)[a-z]{2})/:rest*`,
          destination: `/${fallback}/:rest*`,
          permanent: false,
        },
      ]
    : [];
  return { rewrites, redirects };
}
