// @studio demo
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import YAML from "yaml";
import { generatedFiles } from "@/lib/content/build";
import { ContentError, type LoadedStudio, loadStudio } from "@/lib/content/load";
import { localeCode } from "@/lib/content/schema";
import type { Locale } from "@/lib/i18n/config";
import { en as english } from "@/lib/i18n/dictionaries/en";
import { fr as french } from "@/lib/i18n/dictionaries/fr";
import { alternatePath, slugRedirects } from "@/lib/site/alternates";
import { locale, STUDIO } from "@/tests/support/studio";

const en = locale("en");

// Guards "a language is a change in content/ alone": the demo content gains a shipped language
// (French: its dictionary is lib/i18n/dictionaries/fr.ts) or one that ships none (Dutch: the studio
// writes the whole dictionary in content/copy.nl.yaml, checked key by key), and the site's paths,
// formats and loaded dictionaries follow. Texts are copied from English, as a translator would start.
// Neither is one of the demo's locales, so not one of the `Locale` type the generated settings give.
const FR = "fr" as string as Locale;
const NL = "nl" as string as Locale;

/** Every English text of the demo studio copied to `code`. */
function addLanguage(dir: string, code: string) {
  const studio = YAML.parse(readFileSync(path.join(dir, "studio.yaml"), "utf8"));
  studio.locales = [...studio.locales, code];
  for (const value of Object.values(studio)) {
    if (value && typeof value === "object" && "en" in value) (value as Record<string, unknown>)[code] = value.en;
  }
  writeFileSync(path.join(dir, "studio.yaml"), YAML.stringify(studio));
  for (const file of readdirSync(path.join(dir, "services"))) {
    const service = YAML.parse(readFileSync(path.join(dir, "services", file), "utf8"));
    service[code] = { ...service.en };
    for (const extra of service.extras) {
      extra.name[code] = extra.name.en;
      extra.description[code] = extra.description.en;
    }
    writeFileSync(path.join(dir, "services", file), YAML.stringify(service));
  }
  for (const folder of ["projects", "blog", "lab"]) {
    for (const file of readdirSync(path.join(dir, folder)).filter((name) => name.endsWith(".en.md"))) {
      cpSync(path.join(dir, folder, file), path.join(dir, folder, file.replace(".en.md", `.${code}.md`)));
    }
  }
  cpSync(path.join(dir, "faq.en.yaml"), path.join(dir, `faq.${code}.yaml`));
}

/** A whole Dutch dictionary as a studio would start it: the English texts, its own section names and a few words. */
function dutchDictionary() {
  const dictionary = structuredClone(english);
  dictionary.nav = { ...dictionary.nav, services: "Diensten", quote: "Offerte", switchTo: "Lees in het Nederlands" };
  dictionary.paths = { ...dictionary.paths, services: "diensten", projects: "projecten", quote: "offerte" };
  dictionary.quote.unknownService = "De link vraagt om een dienst die niet bestaat: “{id}”. Kies er een uit de lijst.";
  return dictionary;
}

function copyOfDemo(prefix: string) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cpSync(STUDIO.content, dir, { recursive: true });
  return dir;
}

async function loadError(dir: string): Promise<ContentError> {
  const error = await loadStudio(dir).catch((e: unknown) => e);
  if (!(error instanceof ContentError)) throw new Error(`expected a ContentError, got ${String(error)}`);
  return error;
}

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

describe("a shipped language added in content/ alone", () => {
  let root: string;
  let site: LoadedStudio;

  beforeAll(async () => {
    root = copyOfDemo("content-fr-");
    roots.push(root);
    addLanguage(root, "fr");
    site = await loadStudio(root);
  });

  it("adds the language, its format from the country and its section names", () => {
    expect(site.settings.locales).toEqual([...STUDIO_LOCALES(), "fr"]);
    expect(site.settings.localeTags.fr).toMatch(/^fr-[A-Z]{2}$/);
    expect(site.settings.sectionPaths[FR]?.projects).toBe(french.paths.projects);
    expect(site.dictionaries.fr).toEqual({ shipped: true, dictionary: french });
  });

  it("gives the French pages French paths, and the other languages' pages their French counterpart", () => {
    const catalog = JSON.parse(generatedFiles(site)["content/generated/catalog.json"] ?? "{}");
    const services = catalog.fr.services.map((service: { path: string }) => service.path);
    const service = site.services[0];
    if (!service) throw new Error("the demo has no service");
    const enPath = `/en/${site.settings.sectionPaths[en]?.services}/${service.text[en].slug}`;
    const frPath = `/fr/${french.paths.services}/${service.text[FR].slug}`;
    expect(services).toContain(frPath);
    expect(alternatePath(enPath, FR, site)).toBe(frPath);
    expect(alternatePath(`/fr/${french.paths.quote}`, en, site)).toBe(`/en/${site.settings.sectionPaths[en]?.quote}`);
    expect(slugRedirects(site)).toContainEqual({
      source: "/fr/quote",
      destination: `/fr/${french.paths.quote}`,
      permanent: true,
    });
  });

  it("imports the shipped file of each of the studio's languages, and no other", () => {
    const module = generatedFiles(site)["content/generated/dictionaries.ts"] ?? "";
    expect(module).toContain('import { fr } from "@/lib/i18n/dictionaries/fr";');
    expect(module).toContain(`Record<${site.settings.locales.map((code) => `"${code}"`).join(" | ")}, Dictionary>`);
    expect(module).not.toMatch(/dictionaries\/(de|pt|it)"/);
  });

  it("requires every text in the new language, naming the file and the field", async () => {
    const dir = copyOfDemo("content-fr-missing-");
    roots.push(dir);
    addLanguage(dir, "fr");
    const file = path.join(dir, "services", "landing-page.yaml");
    const service = YAML.parse(readFileSync(file, "utf8"));
    delete service.fr;
    writeFileSync(file, YAML.stringify(service));
    const error = await loadError(dir);
    expect(error.file).toBe("services/landing-page.yaml");
    expect(error.message).toMatch(/fr: .*expected object/);
  });
});

describe("a language with no shipped dictionary, written whole in content/copy.<code>.yaml", () => {
  let root: string;
  let site: LoadedStudio;

  beforeAll(async () => {
    root = copyOfDemo("content-nl-");
    roots.push(root);
    addLanguage(root, "nl");
    writeFileSync(path.join(root, "copy.nl.yaml"), YAML.stringify(dutchDictionary()));
    site = await loadStudio(root);
  });

  it("takes the file as the language's dictionary: its section names, its texts, no overrides on top", () => {
    expect(site.settings.sectionPaths[NL]?.services).toBe("diensten");
    expect(site.dictionaries.nl).toEqual({ shipped: false, dictionary: dutchDictionary() });
    expect(site.copy[NL]).toEqual({});
  });

  it("writes that dictionary into the generated module, beside the shipped languages' imports", () => {
    const module = generatedFiles(site)["content/generated/dictionaries.ts"] ?? "";
    expect(module).not.toContain("dictionaries/nl");
    expect(module).toContain('"nl": {');
    expect(module).toContain('"switchTo": "Lees in het Nederlands"');
    for (const code of STUDIO_LOCALES())
      expect(module).toContain(`import { ${code} } from "@/lib/i18n/dictionaries/${code}";`);
  });

  it("lists every missing key, wrong type, changed placeholder and unknown key, naming the file", async () => {
    const dictionary = dutchDictionary() as unknown as Record<string, Record<string, unknown>>;
    delete dictionary.footer;
    delete (dictionary.nav as Record<string, unknown>).skip;
    (dictionary.quote as Record<string, unknown>).unknownService = "Die dienst bestaat niet.";
    (dictionary.assistant as Record<string, unknown>).examples = "Wat kost een website?";
    (dictionary.nav as Record<string, unknown>).shop = "Winkel";
    writeFileSync(path.join(root, "copy.nl.yaml"), YAML.stringify(dictionary));
    const error = await loadError(root);
    expect(error.file).toBe("copy.nl.yaml");
    expect(error.problems.slice(1)).toEqual([
      "nav.skip: missing",
      "nav.shop: no such key in the dictionary",
      "quote.unknownService: expected the placeholders {id}",
      "footer: missing (a group of 1 text)",
      "assistant.examples: expected a list of texts",
    ]);
    expect(error.problems[0]).toMatch(/no dictionary ships for "nl", so this file is its whole dictionary/);
    writeFileSync(path.join(root, "copy.nl.yaml"), YAML.stringify(dutchDictionary()));
  });

  it("without the file, says to write it", async () => {
    const dir = copyOfDemo("content-nl-none-");
    roots.push(dir);
    addLanguage(dir, "nl");
    const error = await loadError(dir);
    expect(error.file).toBe("studio.yaml");
    expect(error.message).toMatch(
      /locales\.\d: no dictionary for "nl": write every text of the site in content\/copy\.nl\.yaml/,
    );
  });
});

/** The demo studio's own languages, as its studio.yaml lists them. */
function STUDIO_LOCALES(): string[] {
  return YAML.parse(readFileSync(path.join(STUDIO.content, "studio.yaml"), "utf8")).locales;
}

describe("a language code in studio.yaml", () => {
  it("is any BCP 47 language Intl knows, in its canonical form", () => {
    for (const code of ["de", "nl", "pt", "fil", "yue"]) expect(localeCode.safeParse(code).success, code).toBe(true);
    const refused = (code: string) => localeCode.safeParse(code).error?.issues[0]?.message;
    expect(refused("iw")).toMatch(/canonical form \(`he`, not `iw`\)/);
    expect(refused("zz")).toMatch(/a BCP 47 language Intl knows/);
    expect(refused("fr-CH")).toMatch(/the country's formats come from `country` or `localeTags`/);
  });
});
