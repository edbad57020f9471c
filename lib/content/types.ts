import type { Locale } from "@/lib/i18n/config";
import type { CopyOverride } from "@/lib/i18n/copy-overrides";
import type { SectionPaths } from "@/lib/site/sections";
import type { StudioSettings } from "./settings";

/** Types of the files `npm run knowledge` generates in `content/generated/`. */

export type Localized<T> = Record<Locale, T>;
export type Range = { min: number; max: number };

/** `slug` is this locale's URL segment of the service (default: its id). */
export type ServiceText = {
  slug: string;
  name: string;
  summary: string;
  description: string;
  includes: string[];
  idealFor: string;
};
export type Extra = {
  id: string;
  price: number;
  weeks: number;
  name: Localized<string>;
  description: Localized<string>;
};
export type Service = {
  id: string;
  order: number;
  price: Range;
  weeks: Range;
  /** A plan paid for this many months (the price covers them; `weeks` is only its start). */
  term?: { months: number };
  extras: Extra[];
  text: Localized<ServiceText>;
};

/** `id` is shared by the locales (the file name); `slug` is this locale's URL. */
export type Project = {
  id: string;
  slug: string;
  title: string;
  client: string;
  sector: string;
  year: number;
  summary: string;
  services: string[];
  results: string[];
  body: string;
};
export type Post = {
  id: string;
  slug: string;
  title: string;
  date: string;
  summary: string;
  tags: string[];
  body: string;
};
export type LabEntry = {
  id: "agent" | "assistant" | "reviewer";
  order: number;
  title: string;
  summary: string;
  body: string;
};
export type FaqEntry = { id: string; question: string; answer: string };
export type Studio = {
  name: string;
  city: string;
  country: string;
  email: string;
  whatsapp: string;
  hours: Localized<string>;
  whatsappGreeting: Localized<string>;
  tagline: Localized<string>;
  description: Localized<string>;
  note?: Localized<string>;
  /** `content/icon.svg`, as text. */
  icon: string;
};

/** `content/generated/site.json`: everything the pages render. */
export type SiteData = {
  /** From `studio.yaml` with its defaults filled in (`lib/content/settings.ts`), and each language's section paths. */
  settings: StudioSettings & { sectionPaths: Localized<SectionPaths> };
  /** The studio's own words over the dictionaries (`content/copy.<locale>.yaml`). */
  copy: Localized<CopyOverride>;
  studio: Studio;
  services: Service[];
  projects: Localized<Project[]>;
  posts: Localized<Post[]>;
  lab: Localized<LabEntry[]>;
  faq: Localized<FaqEntry[]>;
};

/** `content/generated/pricing.json`: ids, prices, weeks and a plan's months only, small enough for the browser. */
export type PricingData = {
  currency: string;
  /** Ranges round to multiples of this (`lib/content/settings.ts`). */
  quoteStep: number;
  services: {
    id: string;
    price: Range;
    weeks: Range;
    term?: { months: number };
    extras: { id: string; price: number; weeks: number }[];
  }[];
};

export type CatalogService = {
  id: string;
  /** Its page in this locale. */
  path: string;
  name: string;
  summary: string;
  includes: string[];
  /** Who it is for, in the studio's words (the offline fit reads it; no tool returns it). */
  idealFor: string;
  price: Range;
  weeks: Range;
  term?: { months: number };
  extras: { id: string; name: string; price: number; weeks: number }[];
};
export type PageKind = "service" | "project" | "post" | "lab" | "faq";
export type CatalogPage = { path: string; kind: PageKind; title: string; text: string };

/** `content/generated/catalog.json`: what the agent's tools and the assistant read, per locale. */
export type CatalogData = Localized<{ services: CatalogService[]; pages: CatalogPage[] }>;
