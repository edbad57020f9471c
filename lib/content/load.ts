// Reads and validates `content/` (Node only: `npm run knowledge` and tests). The site and the
// Worker never read these files; they import what `npm run knowledge` generates from them.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import YAML from "yaml";
import type { z } from "zod";
import { type CopyOverride, copyProblems, dictionaryProblems, withCopy } from "@/lib/i18n/copy-overrides";
import { type Dictionary, es } from "@/lib/i18n/dictionaries/es";
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
    const match = /^([a-z0-9-]+)\.([a-z]{2,3})\.md$/.exec(path.basename(file));
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
function readLocales(root: string): string[] {
  const raw = parseYaml(root, "studio.yaml");
  return validate(studioSettingsSource, raw, "studio.yaml").locales;
}

/** A language's UI dictionary: shipped in `lib/i18n/dictionaries/`, or written whole in `content/copy.<code>.yaml`. */
export type DictionarySource = { shipped: true; dictionary: Dictionary } | { shipped: false; dictionary: Dictionary };

/** What `npm run knowledge` builds from: the content, and where each of its languages' dictionary comes from. */
export type LoadedStudio = SiteData & { dictionaries: Record<string, DictionarySource> };

/** The dictionary a content-only language's copy file is checked against, key by key (any shipped one: same keys). */
const SHAPE_FILE = `${DICTIONARIES_DIR}/en.ts`;

async function shippedDictionary(locale: string): Promise<Dictionary | undefined> {
  const file = path.resolve(DICTIONARIES_DIR, `${locale}.ts`);
  if (!existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as Record<string, Dictionary | undefined>;
  const dictionary = module[locale];
  if (!dictionary)
    throw new ContentError(`${DICTIONARIES_DIR}/${locale}.ts`, [`expected \`export const ${locale}: Dictionary\``]);
  return dictionary;
}

/**
 * The UI dictionary of each language: the shipped file of a language the project ships (es, en,
 * de, fr, pt, it), else the studio's `copy.<code>.yaml`, which must then hold every text.
 */
async function readDictionaries(root: string, locales: readonly string[]) {
  const dictionaries: Record<string, DictionarySource> = {};
  for (const [index, locale] of locales.entries()) {
    const shipped = await shippedDictionary(locale);
    if (shipped) {
      dictionaries[locale] = { shipped: true, dictionary: shipped };
      continue;
    }
    const file = `copy.${locale}.yaml`;
    if (!existsSync(path.join(root, file))) {
      throw new ContentError("studio.yaml", [
        `locales.${index}: no dictionary for "${locale}": write every text of the site in content/${file} ` +
          `(the keys of ${SHAPE_FILE}, in ${languageLabel(locale)})`,
      ]);
    }
    const candidate = parseYaml(root, file) ?? {};
    const problems = dictionaryProblems(es, candidate, locale);
    if (problems.length) {
      throw new ContentError(file, [
        `no dictionary ships for "${locale}", so this file is its whole dictionary (the keys of ${SHAPE_FILE}): ` +
          `${problems.length} ${problems.length === 1 ? "problem" : "problems"} below`,
        ...problems,
      ]);
    }
    dictionaries[locale] = { shipped: false, dictionary: candidate as Dictionary };
  }
  return dictionaries;
}

/** "Dutch" for "nl": the language named in English, for messages to the studio's developer. */
function languageLabel(code: string): string {
  return new Intl.DisplayNames(["en"], { type: "language", fallback: "code" }).of(code) ?? code;
}

/** `content/copy.<locale>.yaml`: the studio's own words over the shipped dictionary (optional). */
function copyOf(root: string, locale: Locale, source: DictionarySource): CopyOverride {
  const file = `copy.${locale}.yaml`;
  // A content-only language's copy file is its dictionary already, checked whole by `readDictionaries`.
  if (!source.shipped || !existsSync(path.join(root, file))) return {};
  const override = parseYaml(root, file) ?? {};
  const problems = copyProblems(source.dictionary, override);
  if (problems.length) throw new ContentError(file, problems);
  return override as CopyOverride;
}

/** The content of `root` with the dictionaries of its languages. */
export async function loadStudio(root: string): Promise<LoadedStudio> {
  const dictionaries = await readDictionaries(root, readLocales(root));
  return { ...loadContent(root, dictionaries), dictionaries };
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

export function loadContent(root: string, dictionaries: Readonly<Record<string, DictionarySource>>): SiteData {
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
      ...resolveSettings({ currency, locales, localeTags, quoteStep, timeZone }, studio, [
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
    const source = of(dictionaries, locale);
    const { paths } = withCopy(source.dictionary, own);
    const problems = sectionPathProblems(paths);
    if (problems.length) {
      const shippedPaths = source.shipped && !("paths" in own);
      throw new ContentError(shippedPaths ? `${DICTIONARIES_DIR}/${locale}.ts` : `copy.${locale}.yaml`, problems);
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
