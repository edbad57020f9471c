import { z } from "zod";

/**
 * The shape of every file in `content/`. `scripts/knowledge.ts` validates each file against
 * these schemas and fails with the file, the field and what was expected.
 */

const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "a lowercase slug such as `online-store`")
  .describe("stable id, shared by both locales");
const text = z.string().trim().min(1);
const localeSlug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "a lowercase slug such as `online-store-or-whatsapp`")
  .optional()
  .describe("this locale's URL slug; default: the file name's id");
const cop = z.number().int().positive().describe("whole Colombian pesos");
const weeks = z.number().int().min(0).max(52);

/** Texts of one locale of a service. */
const serviceLocale = z.strictObject({
  name: text,
  summary: text.max(240),
  description: text,
  includes: z.array(text).min(3),
  idealFor: text.describe("who the service is for, one sentence"),
});

export const extraSource = z.strictObject({
  id: slug,
  price: cop,
  weeks: weeks.describe("weeks the extra adds to the timeline"),
  name: z.strictObject({ es: text, en: text }),
  description: z.strictObject({ es: text, en: text }),
});

/** `content/services/<id>.yaml`: one service, both locales, one set of ids and prices. */
export const serviceSource = z
  .strictObject({
    id: slug,
    order: z.number().int().min(1),
    price: z.strictObject({ min: cop, max: cop }).describe("reference range without extras"),
    weeks: z.strictObject({ min: weeks.min(1), max: weeks.min(1) }),
    term: z
      .strictObject({ months: z.number().int().min(1).max(60) })
      .optional()
      .describe("a plan paid for this many months: the price covers them, and `weeks` is only its start"),
    extras: z.array(extraSource),
    es: serviceLocale,
    en: serviceLocale,
  })
  .refine((s) => s.price.min <= s.price.max, { path: ["price", "max"], message: "must be >= price.min" })
  .refine((s) => s.weeks.min <= s.weeks.max, { path: ["weeks", "max"], message: "must be >= weeks.min" })
  .refine((s) => new Set(s.extras.map((e) => e.id)).size === s.extras.length, {
    path: ["extras"],
    message: "extra ids must be unique within a service",
  });

/** Frontmatter of `content/projects/<id>.<locale>.md`; the body is the case study. */
export const projectFrontmatter = z.strictObject({
  slug: localeSlug,
  title: text,
  client: text,
  sector: text,
  year: z.number().int().min(2015).max(2100),
  summary: text.max(240),
  services: z.array(slug).min(1).describe("ids of the services the project used"),
  results: z.array(text).min(1),
});

/** Frontmatter of `content/blog/<id>.<locale>.md`; the body is the post. */
export const postFrontmatter = z.strictObject({
  slug: localeSlug,
  title: text,
  date: z.iso.date(),
  summary: text.max(240),
  tags: z.array(text).default([]),
});

/** Frontmatter of `content/lab/<id>.<locale>.md`; the body explains the Lab entry. */
export const labFrontmatter = z.strictObject({
  id: z.enum(["agent", "assistant", "reviewer"]),
  order: z.number().int().min(1),
  title: text,
  summary: text.max(240),
});

/** `content/faq.<locale>.yaml`: the questions, same ids in both locales. */
export const faqSource = z
  .array(z.strictObject({ id: slug, question: text, answer: text }))
  .min(1)
  .refine((items) => new Set(items.map((i) => i.id)).size === items.length, { message: "ids must be unique" });

/** `content/studio.yaml`: who the studio is and how to reach it. */
export const studioSource = z.strictObject({
  name: text,
  city: text,
  country: text,
  email: z.email(),
  whatsapp: z
    .string()
    .regex(/^\+\d{8,15}$/, "an international number with no spaces, such as +573005550123")
    .describe("digits only after +"),
  hours: z.strictObject({ es: text, en: text }),
  whatsappGreeting: z.strictObject({ es: text, en: text }).describe("prefilled WhatsApp message"),
  tagline: z.strictObject({ es: text.max(80), en: text.max(80) }).describe("what the studio does, a few words"),
  description: z.strictObject({ es: text.max(300), en: text.max(300) }).describe("for search results"),
  note: z.strictObject({ es: text, en: text }).optional().describe("an extra footer line"),
});

/** `content/icon.svg`: the site's icon (the browser tab, bookmarks). */
export const iconSource = z
  .string()
  .trim()
  .max(8192, "at most 8 KiB")
  .regex(/^<svg[\s>][\s\S]*<\/svg>$/, "one <svg> element")
  .refine((svg) => svg.includes('xmlns="http://www.w3.org/2000/svg"'), 'needs xmlns="http://www.w3.org/2000/svg"')
  .refine((svg) => !/<script|\son\w+=|href="(?!#)/i.test(svg), "no scripts, event handlers or outside links");

export type ServiceSource = z.infer<typeof serviceSource>;
export type ExtraSource = z.infer<typeof extraSource>;
export type ProjectFrontmatter = z.infer<typeof projectFrontmatter>;
export type PostFrontmatter = z.infer<typeof postFrontmatter>;
export type LabFrontmatter = z.infer<typeof labFrontmatter>;
export type FaqSource = z.infer<typeof faqSource>;
export type StudioSource = z.infer<typeof studioSource>;
