// The studio's settings, resolved once by `npm run knowledge` from `studio.yaml` and the prices:
// what `studio.yaml` leaves out gets a default here, and every value is checked with a message
// that names the file and the field. Node only; the site reads the generated result.
import type { StudioSettingsSource } from "./schema";

export type CurrencyMarks = {
  /** The ISO code and every symbol the studio's locale tags write it with ("$", "€", "COP"). */
  symbols: string[];
  /** Its names in each of the studio's languages, singular and plural ("pesos colombianos", "dollars"). */
  words: string[];
};

export type StudioSettings = {
  locales: string[];
  currency: string;
  localeTags: Record<string, string>;
  /** Each language's thousands separator, for counts the server and the browser must print alike. */
  groupSeparators: Record<string, string>;
  /**
   * Each of the studio's languages named in each of them (`es` → `en` → "inglés"), read from Intl
   * once here: the browser would load ICU's display names (a long task on a phone) to say it.
   */
  languageNames: Record<string, Record<string, string>>;
  quoteStep: number;
  currencyMarks: CurrencyMarks;
  /** The studio's IANA time zone: the times its email and inbox show are on its clock. */
  timeZone: string;
  /** A phone number of the studio's country as its visitors write one (international format), for hints. */
  phoneExample: string;
};

export class SettingsError extends Error {
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${field}: ${problem}`);
    this.name = "SettingsError";
  }
}

const REGION_CODES = Array.from({ length: 26 * 26 }, (_, k) =>
  String.fromCharCode(65 + Math.floor(k / 26), 65 + (k % 26)),
);
const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

/** The ISO 3166 code of a country named in any of `languages` ("Colombia" -> "CO", "Spain"/"España" -> "ES"). */
function regionOf(country: string, languages: readonly string[]): string | null {
  const wanted = fold(country.trim());
  for (const language of [...languages, "en"]) {
    const names = new Intl.DisplayNames([language], { type: "region", fallback: "none" });
    const found = REGION_CODES.find((code) => {
      const name = names.of(code);
      return name !== undefined && fold(name) === wanted;
    });
    if (found) return found;
  }
  return null;
}

function localeTags(source: StudioSettingsSource, country: string): Record<string, string> {
  const given = source.localeTags ?? {};
  for (const key of Object.keys(given)) {
    if (!source.locales.includes(key)) {
      throw new SettingsError(`localeTags.${key}`, `"${key}" is not one of locales (${source.locales.join(", ")})`);
    }
  }
  const region = regionOf(country, source.locales);
  return Object.fromEntries(
    source.locales.map((locale) => {
      const tag = given[locale] ?? (region ? `${locale}-${region}` : locale);
      let canonical: string | undefined;
      try {
        [canonical] = Intl.getCanonicalLocales(tag);
      } catch {
        canonical = undefined;
      }
      if (!canonical || new Intl.Locale(canonical).language !== locale) {
        throw new SettingsError(`localeTags.${locale}`, `"${tag}" is no BCP 47 tag of the language "${locale}"`);
      }
      return [locale, canonical];
    }),
  );
}

/** The zones CLDR lists for a region, sorted ("und-DE": Europe/Berlin, Europe/Busingen). */
function zonesOf(region: string): string[] {
  // Node 22 and later read them with `getTimeZones()`, Node 20 with the `timeZones` getter.
  const locale = new Intl.Locale(`und-${region}`) as Intl.Locale & {
    getTimeZones?: () => string[];
    timeZones?: string[];
  };
  return locale.getTimeZones?.() ?? locale.timeZones ?? [];
}

// Two years of weekly instants from a fixed start: every daylight-saving rule a zone keeps shows in
// them, and the generated settings don't change with the day `npm run knowledge` runs.
const SAMPLES = Array.from({ length: 105 }, (_, week) => Date.UTC(2025, 0, 1) + week * 7 * 24 * 3600 * 1000);

/** A zone's UTC offsets over the samples, as one string: zones with the same clock have the same one. */
function clockOf(zone: string): string {
  const format = new Intl.DateTimeFormat("en", { timeZone: zone, timeZoneName: "longOffset" });
  return SAMPLES.map(
    (time) => format.formatToParts(time).find((part) => part.type === "timeZoneName")?.value ?? "",
  ).join();
}

const cityOf = (zone: string) => fold(zone.split("/").pop()?.replaceAll("_", " ") ?? "");

/**
 * `studio.yaml`'s `timeZone`, else the country's main one: its only zone (Colombia:
 * America/Bogota); the zone named after the studio's city (Spain, Madrid: Europe/Madrid); or the
 * first of zones that all keep one clock (Germany: Europe/Berlin and Europe/Busingen). Otherwise no
 * guess (Mexico, the United States: one city's time would be shown as another's): the knowledge
 * step asks for `timeZone`, naming the country's zones.
 */
function timeZone(source: StudioSettingsSource, country: string, city: string): string {
  if (source.timeZone) return source.timeZone;
  const region = regionOf(country, source.locales);
  if (!region) {
    throw new SettingsError(
      "timeZone",
      `the country "${country}" is not one Intl knows, so its clock can't be told: set timeZone, an IANA zone such as Europe/Berlin`,
    );
  }
  const zones = zonesOf(region);
  const named = zones.find((zone) => cityOf(zone) === fold(city.trim()));
  if (named) return named;
  const [first] = zones;
  if (first && new Set(zones.map(clockOf)).size === 1) return first;
  const listed = zones.length > 8 ? `${zones.slice(0, 8).join(", ")}, …` : zones.join(", ");
  throw new SettingsError(
    "timeZone",
    `${country} keeps several clocks (${listed}): set timeZone to the studio's, the one its email and inbox show times in`,
  );
}

/** The largest of 1, 2 or 5 times a power of ten that is at most `value`. */
function roundStep(value: number): number {
  if (value < 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return [5, 2, 1].map((k) => k * power).find((step) => step <= value) ?? power;
}

export type PricedItem = { file: string; price: number };

/**
 * Ranges round to a step a quarter of the smallest price or less (50.000 for prices from 250.000
 * pesos, 50 for a $200 extra), so a range never hides a price in its rounding. A step set in
 * `studio.yaml` may not be larger than the smallest price.
 */
function quoteStep(source: StudioSettingsSource, prices: readonly PricedItem[]): number {
  const smallest = prices.reduce<PricedItem | null>((min, item) => (!min || item.price < min.price ? item : min), null);
  if (source.quoteStep === undefined) return smallest ? roundStep(smallest.price / 4) : 1;
  if (smallest && source.quoteStep > smallest.price) {
    throw new SettingsError(
      "quoteStep",
      `${source.quoteStep} is larger than the smallest price (${smallest.price}, in ${smallest.file}): ` +
        `every range would round to whole steps of ${source.quoteStep}; use at most ${roundStep(smallest.price / 4)}`,
    );
  }
  return source.quoteStep;
}

function currencyParts(tag: string, currency: string, display: Intl.NumberFormatOptions["currencyDisplay"]) {
  const format = new Intl.NumberFormat(tag, {
    style: "currency",
    currency,
    currencyDisplay: display,
    // Whole numbers: "1 US dollar", not "1.00 US dollars".
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  });
  // One sample number per plural form of the language ("1 peso", "2 pesos", "1.000.000 de pesos").
  const samples = [1, 2, 3, 5, 11, 21, 100, 1_000_000];
  return samples.flatMap((value) =>
    format
      .formatToParts(value)
      .filter((part) => part.type === "currency")
      .map((part) => part.value.trim()),
  );
}

/** The words of a currency's name that change with the number: "pesos" of "pesos colombianos", "dollars" of "US dollars". */
function headWords(names: string[]): string[] {
  const split = names.map((name) => name.split(/\s+/));
  // The first changing word only: "colombianos" alone would make "5.000 colombianos" an amount.
  const heads = split.flatMap((words) =>
    words
      .filter((word, index) => split.some((other) => other.length === words.length && other[index] !== word))
      .slice(0, 1),
  );
  return [...new Set(heads)];
}

export function currencyMarks(currency: string, tags: readonly string[]): CurrencyMarks {
  const symbols = new Set<string>([currency]);
  const words = new Set<string>();
  for (const tag of tags) {
    for (const display of ["symbol", "narrowSymbol", "code"] as const) {
      for (const symbol of currencyParts(tag, currency, display)) symbols.add(symbol);
    }
    const names = [...new Set(currencyParts(tag, currency, "name").map((name) => name.toLowerCase()))];
    // Per language: the head noun of each form, or the whole name when no word changes ("Schweizer Franken").
    const heads = headWords(names.filter((name) => /\s/.test(name)));
    for (const word of [...names, ...heads]) {
      if (!/[\p{L}]/u.test(word) || symbols.has(word)) continue;
      words.add(word);
      words.add(fold(word));
    }
  }
  const byLength = (a: string, b: string) => b.length - a.length || a.localeCompare(b);
  return { symbols: [...symbols].sort(byLength), words: [...words].sort(byLength) };
}

export function resolveSettings(
  source: StudioSettingsSource,
  place: { country: string; city: string },
  prices: readonly PricedItem[],
): Omit<StudioSettings, "phoneExample"> {
  const { country, city } = place;
  const tags = localeTags(source, country);
  return {
    locales: source.locales,
    currency: source.currency,
    localeTags: tags,
    groupSeparators: Object.fromEntries(
      Object.entries(tags).map(([locale, tag]) => [
        locale,
        new Intl.NumberFormat(tag).formatToParts(1_000_000).find((part) => part.type === "group")?.value ?? "",
      ]),
    ),
    languageNames: Object.fromEntries(
      Object.entries(tags).map(([locale, tag]) => {
        const names = new Intl.DisplayNames(tag, { type: "language" });
        return [locale, Object.fromEntries(source.locales.map((code) => [code, names.of(code) ?? code]))];
      }),
    ),
    quoteStep: quoteStep(source, prices),
    currencyMarks: currencyMarks(source.currency, Object.values(tags)),
    timeZone: timeZone(source, country, city),
  };
}
