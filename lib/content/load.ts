// Reads and validates `content/` (Node only: `npm run knowledge` and tests). The site and the
// Worker never read these files; they import what `npm run knowledge` generates from them.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import YAML from "yaml";
import type { z } from "zod";
import { type CopyOverride, copyProblems, withCopy } from "@/lib/i18n/copy-overrides";
import type { Dictionary } from "@/lib/i18n/dictionaries/es";
import { sectionPathProblems } from "@/lib/site/sections";
import { splitFrontMatter } from "./front-matter";
import { phoneExample } from "./phone";
import {
  contentSchemas,
  faqSource,
  iconSource,
  labFrontmatter,
  postFrontmatter,
  projectFrontmatter,
  studioSettingsSource,
} from "./schema";
import { resolveSettings, SettingsError, type StudioSettings } from "./settings";
import type { LabEntry, Post, Project, ServiceText, SiteData } from "./types";

// The studio's languages are only known once studio.yaml is read: inside this file a locale is any code.
type Locale = string;

/** Where the shipped UI dictionaries live: one file a language, `<code>.ts` exporting `const <code>`. */
export const DICTIONARIES_DIR = "lib/i18n/dictionaries";

export class ContentError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`${file}:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ContentError";
  }
}

function validate<T>(schema: z.ZodType<T>, value: unknown, file: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ContentError(
    file,
    result.error.issues.map((issue) => `${issue.path.length ? issue.path.join(".") : "(file)"}: ${issue.message}`),
  );
}

function parseYaml(root: string, file: string): unknown {
  try {
    return YAML.parse(readFileSync(path.join(root, file), "utf8"));
  } catch (error) {
    throw new ContentError(file, [`not valid YAML: ${(error as Error).message}`]);
  }
}

function readText(root: string, file: string): string {
  try {
    return readFileSync(path.join(root, file), "utf8");
  } catch {
    throw new ContentError(file, ["missing: expected this file"]);
  }
}

function parseMarkdown(root: string, file: string): { data: unknown; body: string } {
  try {
    const { data, body } = splitFrontMatter(readFileSync(path.join(root, file), "utf8"));
    return { data, body: body.trim() };
  } catch (error) {
    throw new ContentError(file, [`bad frontmatter: ${(error as Error).message}`]);
  }
}

function list(root: string, dir: string, ending: string): string[] {
  return readdirSync(path.join(root, dir))
    .filter((name) => name.endsWith(ending))
    .sort()
    .map((name) => `${dir}/${name}`);
}

/** `<dir>/<slug>.<locale>.md` files, grouped by slug; every slug must exist in every locale. */
function localizedMarkdown<T>(root: string, dir: string, schema: z.ZodType<T>, languages: readonly Locale[]) {
  const bySlug = new Map<string, Partial<Record<Locale, { file: string; data: T; body: string }>>>();
  for (const file of list(root, dir, ".md")) {
    const match = /^([a-z0-9-]+)\.([a-z]{2})\.md$/.exec(path.basename(file));
    const [, slug, locale] = match ?? [];
    if (!slug || !locale || !languages.includes(locale)) {
      throw new ContentError(file, [`file name: expected <slug>.<${languages.join("|")}>.md`]);
    }
    const { data, body } = parseMarkdown(root, file);
    if (!body) throw new ContentError(file, ["body: expected Markdown text after the frontmatter"]);
    const entry = bySlug.get(slug) ?? {};
    entry[locale as Locale] = { file, data: validate(schema, data, file), body };
    bySlug.set(slug, entry);
  }
  for (const [slug, entry] of bySlug) {
    for (const locale of languages) {
      if (!entry[locale])
        throw new ContentError(`${dir}/${slug}.${locale}.md`, [`missing: every ${dir} entry needs every locale`]);
    }
  }
  return [...bySlug].map(([slug, entry]) => ({
    slug,
    entry: entry as Record<Locale, { file: string; data: T; body: string }>,
  }));
}

function perLocale<T>(locales: readonly Locale[], make: (locale: Locale) => T): Record<Locale, T> {
  return Object.fromEntries(locales.map((locale) => [locale, make(locale)]));
}

/** One locale's value of a record built for every locale (the checks above guarantee it is there). */
function of<T>(byLocale: Readonly<Record<Locale, T>>, locale: Locale): T {
  const value = byLocale[locale];
  if (value === undefined) throw new Error(`no "${locale}" entry`);
  return value;
}

/** The studio's languages, from `studio.yaml`: what every other file is checked against. */
export function readLocales(root: string): string[] {
  const raw = parseYaml(root, "studio.yaml");
  return validate(studioSettingsSource, raw, "studio.yaml").locales;
}

/**
 * The UI dictionary of each language, from `<dir>/<code>.ts` in the first of `dirs` that has it
 * (Node: `npm run knowledge`, tests). A language with no dictionary file is refused in
 * `studio.yaml`'s `locales`.
 */
export async function readDictionaries(locales: readonly string[], dirs: readonly string[] = [DICTIONARIES_DIR]) {
  const dictionaries: Record<string, Dictionary> = {};
  for (const [index, locale] of locales.entries()) {
    const dir = dirs.find((candidate) => existsSync(path.resolve(candidate, `${locale}.ts`)));
    if (!dir) {
      throw new ContentError("studio.yaml", [
        `locales.${index}: no dictionary for "${locale}": add ${DICTIONARIES_DIR}/${locale}.ts`,
      ]);
    }
    const module = (await import(pathToFileURL(path.resolve(dir, `${locale}.ts`)).href)) as Record<
      string,
      Dictionary | undefined
    >;
    const dictionary = module[locale];
    if (!dictionary) throw new ContentError(`${dir}/${locale}.ts`, [`expected \`export const ${locale}: Dictionary\``]);
    dictionaries[locale] = dictionary;
  }
  return dictionaries;
}

/** `content/copy.<locale>.yaml`: the studio's own words over the dictionary's (optional). */
function copyOf(root: string, locale: Locale, dictionary: Dictionary): CopyOverride {
  const file = `copy.${locale}.yaml`;
  if (!existsSync(path.join(root, file))) return {};
  const override = parseYaml(root, file) ?? {};
  const problems = copyProblems(dictionary, override);
  if (problems.length) throw new ContentError(file, problems);
  return override as CopyOverride;
}

/** The content of `root` with the dictionaries of its languages (read from `dir`). */
export async function loadStudio(root: string, dirs: readonly string[] = [DICTIONARIES_DIR]): Promise<SiteData> {
  return loadContent(root, await readDictionaries(readLocales(root), dirs));
}

/**
 * Each locale's URL slug of every entry: its frontmatter's `slug`, or the id (the file name).
 * Slugs must be unique within a locale.
 */
function localeSlugs<T extends { slug?: string }>(
  entries: { slug: string; entry: Record<Locale, { file: string; data: T; body: string }> }[],
  locale: Locale,
) {
  const taken = new Map<string, string>();
  return entries.map(({ slug: id, entry }) => {
    const own = of(entry, locale);
    const slug = own.data.slug ?? id;
    const other = taken.get(slug);
    if (other) throw new ContentError(own.file, [`slug: "${slug}" is already the slug of ${other}`]);
    taken.set(slug, own.file);
    return { id, slug, entry: own };
  });
}

export function loadContent(root: string, dictionaries: Readonly<Record<string, Dictionary>>): SiteData {
  const languages = readLocales(root);
  const schemas = contentSchemas(languages);
  const { currency, locales, localeTags, quoteStep, timeZone, ...profile } = validate(
    schemas.studioSource,
    parseYaml(root, "studio.yaml"),
    "studio.yaml",
  );
  const studio = { ...profile, icon: validate(iconSource, readText(root, "icon.svg"), "icon.svg") };
  for (const [index, locale] of languages.entries()) {
    if (!dictionaries[locale])
      throw new ContentError("studio.yaml", [`locales.${index}: no dictionary for "${locale}"`]);
  }
  for (const file of list(root, ".", ".yaml").map((name) => path.basename(name))) {
    const locale = /^copy\.([a-z]+)\.yaml$/.exec(file)?.[1] ?? /^faq\.([a-z]+)\.yaml$/.exec(file)?.[1];
    if (locale && !languages.includes(locale)) {
      throw new ContentError(file, [
        `file name: "${locale}" is not one of studio.yaml's locales (${languages.join(", ")})`,
      ]);
    }
  }

  const sources = list(root, "services", ".yaml").map((file) => {
    const source = validate(schemas.serviceSource, parseYaml(root, file), file);
    if (path.basename(file, ".yaml") !== source.id) {
      throw new ContentError(file, [`id: expected "${path.basename(file, ".yaml")}" (the file name)`]);
    }
    return { file, source };
  });
  const slugsTaken = new Map<string, string>();
  const services = sources
    .map(({ file, source }) => {
      const { id, order, price, weeks, term, extras } = source;
      const text = perLocale(languages, (locale) => {
        const { slug, ...rest } = (source as unknown as Record<Locale, ServiceText & { slug?: string }>)[locale] ?? {};
        const own = slug ?? id;
        const other = slugsTaken.get(`${locale}/${own}`);
        if (other) throw new ContentError(file, [`${locale}.slug: "${own}" is already the slug of ${other}`]);
        slugsTaken.set(`${locale}/${own}`, file);
        return { ...rest, slug: own } as ServiceText;
      });
      return { id, order, price, weeks, ...(term ? { term } : {}), extras, text };
    })
    .sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
  const serviceIds = new Set(services.map((service) => service.id));

  let settings: StudioSettings;
  try {
    settings = {
      ...resolveSettings({ currency, locales, localeTags, quoteStep, timeZone }, studio.country, [
        ...sources.map(({ file, source }) => ({ file, price: source.price.min })),
        ...sources.flatMap(({ file, source }) => source.extras.map((extra) => ({ file, price: extra.price }))),
      ]),
      phoneExample: phoneExample(studio.whatsapp),
    };
  } catch (error) {
    if (error instanceof SettingsError) throw new ContentError("studio.yaml", [error.message]);
    throw error;
  }

  const copy = perLocale(languages, (locale) => copyOf(root, locale, of(dictionaries, locale)));
  const sectionPaths = perLocale(languages, (locale) => {
    const own = of(copy, locale);
    const { paths } = withCopy(of(dictionaries, locale), own);
    const problems = sectionPathProblems(paths);
    if (problems.length) {
      throw new ContentError("paths" in own ? `copy.${locale}.yaml` : `${DICTIONARIES_DIR}/${locale}.ts`, problems);
    }
    return paths;
  });

  const projects = localizedMarkdown(root, "projects", projectFrontmatter, languages);
  for (const { entry } of projects) {
    for (const locale of languages) {
      const { file, data } = of(entry, locale);
      const unknown = data.services.filter((id) => !serviceIds.has(id));
      if (unknown.length) {
        throw new ContentError(file, [
          `services: unknown id ${unknown.join(", ")}; expected one of ${[...serviceIds].join(", ")}`,
        ]);
      }
    }
  }
  const posts = localizedMarkdown(root, "blog", postFrontmatter, languages);
  const lab = localizedMarkdown(root, "lab", labFrontmatter, languages);

  const faq = perLocale(languages, (locale) =>
    validate(faqSource, parseYaml(root, `faq.${locale}.yaml`), `faq.${locale}.yaml`),
  );
  const [first = ""] = languages;
  const faqIds = (faq[first] ?? []).map((item) => item.id).join(",");
  for (const locale of languages) {
    if ((faq[locale] ?? []).map((item) => item.id).join(",") !== faqIds) {
      throw new ContentError(`faq.${locale}.yaml`, [
        `id: expected the same ids in the same order as faq.${first}.yaml`,
      ]);
    }
  }

  return {
    settings: { ...settings, sectionPaths },
    copy,
    studio,
    services,
    projects: perLocale(languages, (locale) =>
      localeSlugs(projects, locale)
        .map(({ id, slug, entry }): Project => ({ id, ...entry.data, slug, body: entry.body }))
        .sort((a, b) => b.year - a.year || a.id.localeCompare(b.id)),
    ),
    posts: perLocale(languages, (locale) =>
      localeSlugs(posts, locale)
        .map(({ id, slug, entry }): Post => ({ id, ...entry.data, slug, body: entry.body }))
        .sort((a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id)),
    ),
    lab: perLocale(languages, (locale) =>
      lab
        .map(({ entry }): LabEntry => ({ ...of(entry, locale).data, body: of(entry, locale).body }))
        .sort((a, b) => a.order - b.order),
    ),
    faq,
    // Keyed by the studio's languages, checked above: the generated files give them their type.
  } as unknown as SiteData;
}
