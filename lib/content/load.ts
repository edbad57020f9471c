// Reads and validates `content/` (Node only: `npm run knowledge` and tests). The site and the
// Worker never read these files; they import what `npm run knowledge` generates from them.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import YAML from "yaml";
import type { z } from "zod";
import { LOCALES, type Locale } from "@/lib/i18n/config";
import { splitFrontMatter } from "./front-matter";
import {
  faqSource,
  iconSource,
  labFrontmatter,
  postFrontmatter,
  projectFrontmatter,
  serviceSource,
  studioSource,
} from "./schema";
import type { LabEntry, Localized, Post, Project, SiteData } from "./types";

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
function localizedMarkdown<T>(root: string, dir: string, schema: z.ZodType<T>) {
  const bySlug = new Map<string, Partial<Record<Locale, { file: string; data: T; body: string }>>>();
  for (const file of list(root, dir, ".md")) {
    const match = /^([a-z0-9-]+)\.([a-z]{2})\.md$/.exec(path.basename(file));
    const [, slug, locale] = match ?? [];
    if (!slug || !LOCALES.includes(locale as Locale)) {
      throw new ContentError(file, [`file name: expected <slug>.<${LOCALES.join("|")}>.md`]);
    }
    const { data, body } = parseMarkdown(root, file);
    if (!body) throw new ContentError(file, ["body: expected Markdown text after the frontmatter"]);
    const entry = bySlug.get(slug) ?? {};
    entry[locale as Locale] = { file, data: validate(schema, data, file), body };
    bySlug.set(slug, entry);
  }
  for (const [slug, entry] of bySlug) {
    for (const locale of LOCALES) {
      if (!entry[locale])
        throw new ContentError(`${dir}/${slug}.${locale}.md`, [`missing: every ${dir} entry needs every locale`]);
    }
  }
  return [...bySlug].map(([slug, entry]) => ({
    slug,
    entry: entry as Record<Locale, { file: string; data: T; body: string }>,
  }));
}

function perLocale<T>(make: (locale: Locale) => T): Localized<T> {
  return Object.fromEntries(LOCALES.map((locale) => [locale, make(locale)])) as Localized<T>;
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
    const slug = entry[locale].data.slug ?? id;
    const other = taken.get(slug);
    if (other) throw new ContentError(entry[locale].file, [`slug: "${slug}" is already the slug of ${other}`]);
    taken.set(slug, entry[locale].file);
    return { id, slug, entry: entry[locale] };
  });
}

export function loadContent(root: string): SiteData {
  const studio = {
    ...validate(studioSource, parseYaml(root, "studio.yaml"), "studio.yaml"),
    icon: validate(iconSource, readText(root, "icon.svg"), "icon.svg"),
  };

  const services = list(root, "services", ".yaml")
    .map((file) => {
      const source = validate(serviceSource, parseYaml(root, file), file);
      if (path.basename(file, ".yaml") !== source.id) {
        throw new ContentError(file, [`id: expected "${path.basename(file, ".yaml")}" (the file name)`]);
      }
      const { es, en, ...rest } = source;
      return { ...rest, text: { es, en } };
    })
    .sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
  const serviceIds = new Set(services.map((service) => service.id));

  const projects = localizedMarkdown(root, "projects", projectFrontmatter);
  for (const { entry } of projects) {
    for (const locale of LOCALES) {
      const { file, data } = entry[locale];
      const unknown = data.services.filter((id) => !serviceIds.has(id));
      if (unknown.length) {
        throw new ContentError(file, [
          `services: unknown id ${unknown.join(", ")}; expected one of ${[...serviceIds].join(", ")}`,
        ]);
      }
    }
  }
  const posts = localizedMarkdown(root, "blog", postFrontmatter);
  const lab = localizedMarkdown(root, "lab", labFrontmatter);

  const faq = perLocale((locale) => validate(faqSource, parseYaml(root, `faq.${locale}.yaml`), `faq.${locale}.yaml`));
  const faqIds = faq.es.map((item) => item.id).join(",");
  for (const locale of LOCALES) {
    if (faq[locale].map((item) => item.id).join(",") !== faqIds) {
      throw new ContentError(`faq.${locale}.yaml`, ["id: expected the same ids in the same order as faq.es.yaml"]);
    }
  }

  return {
    studio,
    services,
    projects: perLocale((locale) =>
      localeSlugs(projects, locale)
        .map(({ id, slug, entry }): Project => ({ id, ...entry.data, slug, body: entry.body }))
        .sort((a, b) => b.year - a.year || a.id.localeCompare(b.id)),
    ),
    posts: perLocale((locale) =>
      localeSlugs(posts, locale)
        .map(({ id, slug, entry }): Post => ({ id, ...entry.data, slug, body: entry.body }))
        .sort((a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id)),
    ),
    lab: perLocale((locale) =>
      lab
        .map(({ entry }): LabEntry => ({ ...entry[locale].data, body: entry[locale].body }))
        .sort((a, b) => a.order - b.order),
    ),
    faq,
  };
}
