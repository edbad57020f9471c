import { z } from "zod";

/**
 * The shape of every file in `content/`. `scripts/knowledge.ts` validates each file against
 * these schemas and fails with the file, the field and what was expected. Texts are given in
 * exactly the studio's languages (`studio.yaml`'s `locales`), so the schemas are made for them.
 */

const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "a lowercase slug such as `online-store`")
  .describe("stable id, shared by every locale");
const text = z.string().trim().min(1);
const localeSlug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "a lowercase slug such as `online-store-or-whatsapp`")
  .optional()
  .describe("this locale's URL slug; default: the file name's id");
const money = z.number().int().positive().describe("whole units of the studio's currency");
const weeks = z.number().int().min(0).max(52);

const CURRENCIES = new Set(Intl.supportedValuesOf("currency"));

/** Whether `zone` is an IANA time zone this runtime's Intl knows ("America/Bogota", "UTC"). */
function knownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const languageNames = new Intl.DisplayNames(["en"], { type: "language", fallback: "none" });

/** Whether `code` is a BCP 47 language subtag in its canonical form that Intl can name ("nl", "fil"; not "iw", "zz"). */
function knownLanguage(code: string): boolean {
  try {
    return Intl.getCanonicalLocales(code)[0] === code && languageNames.of(code) !== undefined;
  } catch {
    return false;
  }
}

/**
 * A site language: any BCP 47 language (its lowercase ISO 639 subtag), the first path segment of
 * its pages (`/es`, `/nl`). A country's variant (fr-CH) comes from `country` or `localeTags`.
 */
export const localeCode = z
  .string()
  .regex(
    /^[a-z]{2,3}$/,
    "a lowercase language code such as `es`, `de` or `nl` (the country's formats come from `country` or `localeTags`)",
  )
  .refine(knownLanguage, "a BCP 47 language Intl knows, in its canonical form (`he`, not `iw`)");

/**
 * The studio's settings in `studio.yaml`, read before anything else: the other files' texts are
 * checked against `locales`, and money is written and read in `currency`.
 */
export const studioSettingsSource = z.object({
  currency: z
    .string()
    .refine((code) => CURRENCIES.has(code), "an ISO 4217 currency code in capitals, such as EUR, USD or MXN")
    .describe("the currency of every price"),
  locales: z
    .array(localeCode)
    .min(1)
    .refine((codes) => new Set(codes).size === codes.length, "each language once")
    .describe("the site's languages; the first is the default"),
  localeTags: z
    .record(z.string(), z.string())
    .optional()
    .describe("BCP 47 tag each language formats money and dates with; default: the language and the country"),
  quoteStep: z
    .number()
    .int()
    .positive()
    .optional()
    .describe("the quote's ranges round to this; default: from the prices"),
  timeZone: z
    .string()
    .refine(knownTimeZone, "an IANA time zone such as America/Mexico_City or Europe/Madrid")
    .optional()
    .describe("the studio's clock for the times its email and inbox show; default: the country's, if it has one"),
});

/** The texts of one field in each of `locales`, and no other. */
function localized<T extends z.ZodType>(locales: readonly string[], value: T) {
  return z.strictObject(Object.fromEntries(locales.map((locale) => [locale, value])) as Record<string, T>);
}

/** Texts of one locale of a service. */
const serviceLocale = z.strictObject({
  slug: localeSlug,
  name: text,
  summary: text.max(240),
  description: text,
  includes: z.array(text).min(3),
  idealFor: text.describe("who the service is for, one sentence"),
});

/** The schemas of the files whose texts come in each of the studio's languages. */
export function contentSchemas(locales: readonly string[]) {
  const extraSource = z.strictObject({
    id: slug,
    price: money,
    weeks: weeks.describe("weeks the extra adds to the timeline"),
    name: localized(locales, text),
    description: localized(locales, text),
  });

  /** `content/services/<id>.yaml`: one service, every locale, one set of ids and prices. */
  const serviceSource = z
    .strictObject({
      id: slug,
      order: z.number().int().min(1),
      price: z.strictObject({ min: money, max: money }).describe("reference range without extras"),
      weeks: z.strictObject({ min: weeks.min(1), max: weeks.min(1) }),
      term: z
        .strictObject({ months: z.number().int().min(1).max(60) })
        .optional()
        .describe("a plan paid for this many months: the price covers them, and `weeks` is only its start"),
      extras: z.array(extraSource),
      ...Object.fromEntries(locales.map((locale) => [locale, serviceLocale])),
    })
    .refine((s) => s.price.min <= s.price.max, { path: ["price", "max"], message: "must be >= price.min" })
    .refine((s) => s.weeks.min <= s.weeks.max, { path: ["weeks", "max"], message: "must be >= weeks.min" })
    .refine((s) => new Set(s.extras.map((e) => e.id)).size === s.extras.length, {
      path: ["extras"],
      message: "extra ids must be unique within a service",
    });

  /** `content/studio.yaml`: who the studio is, how to reach it, and its settings. */
  const studioSource = studioSettingsSource.extend({
    name: text,
    city: text,
    country: text,
    email: z.email(),
    whatsapp: z
      .string()
      .regex(/^\+\d{8,15}$/, "an international number with no spaces: + then the country code and the number")
      .describe("digits only after +"),
    hours: localized(locales, text),
    whatsappGreeting: localized(locales, text).describe("prefilled WhatsApp message"),
    tagline: localized(locales, text.max(80)).describe("what the studio does, a few words"),
    description: localized(locales, text.max(300)).describe("for search results"),
    note: localized(locales, text).optional().describe("an extra footer line"),
  });

  return { extraSource, serviceSource: serviceSource, studioSource: studioSource.strict() };
}

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

/** `content/faq.<locale>.yaml`: the questions, same ids in every locale. */
export const faqSource = z
  .array(z.strictObject({ id: slug, question: text, answer: text }))
  .min(1)
  .refine((items) => new Set(items.map((i) => i.id)).size === items.length, { message: "ids must be unique" });

/** `content/icon.svg`: the site's icon (the browser tab, bookmarks). */
export const iconSource = z
  .string()
  .trim()
  .max(8192, "at most 8 KiB")
  .regex(/^<svg[\s>][\s\S]*<\/svg>$/, "one <svg> element")
  .refine((svg) => svg.includes('xmlns="http://www.w3.org/2000/svg"'), 'needs xmlns="http://www.w3.org/2000/svg"')
  .refine((svg) => !/<script|\son\w+=|href="(?!#)/i.test(svg), "no scripts, event handlers or outside links");

export type StudioSettingsSource = z.infer<typeof studioSettingsSource>;
