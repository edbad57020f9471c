// @studio demo
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import YAML from "yaml";
import { generatedFiles } from "@/lib/content/build";
import { ContentError, DICTIONARIES_DIR, loadStudio } from "@/lib/content/load";
import type { SiteData } from "@/lib/content/types";
import type { Locale } from "@/lib/i18n/config";
import { alternatePath, slugRedirects } from "@/lib/site/alternates";
import { locale, STUDIO } from "@/tests/support/studio";

const en = locale("en");

// Guards "adding a UI language is one dictionary file plus the content files": the demo content
// gains French (its texts copied from English, as a translator would start), the fixture's
// tests/fixtures/dictionaries/fr.ts is the only code added, and the site's paths, formats and
// loaded dictionaries follow.
const FIXTURE_DICTIONARIES = "tests/fixtures/dictionaries";
// Not one of the demo's locales, so not one of the `Locale` type the generated settings give.
const FR = "fr" as string as Locale;
let root: string;

/** Every English text of the demo studio copied to French. */
function addFrench(dir: string) {
  const studio = YAML.parse(readFileSync(path.join(dir, "studio.yaml"), "utf8"));
  studio.locales = [...studio.locales, "fr"];
  for (const value of Object.values(studio)) {
    if (value && typeof value === "object" && "en" in value) (value as Record<string, unknown>).fr = value.en;
  }
  writeFileSync(path.join(dir, "studio.yaml"), YAML.stringify(studio));
  for (const file of readdirSync(path.join(dir, "services"))) {
    const service = YAML.parse(readFileSync(path.join(dir, "services", file), "utf8"));
    service.fr = { ...service.en };
    for (const extra of service.extras) {
      extra.name.fr = extra.name.en;
      extra.description.fr = extra.description.en;
    }
    writeFileSync(path.join(dir, "services", file), YAML.stringify(service));
  }
  for (const folder of ["projects", "blog", "lab"]) {
    for (const file of readdirSync(path.join(dir, folder)).filter((name) => name.endsWith(".en.md"))) {
      cpSync(path.join(dir, folder, file), path.join(dir, folder, file.replace(".en.md", ".fr.md")));
    }
  }
  cpSync(path.join(dir, "faq.en.yaml"), path.join(dir, "faq.fr.yaml"));
}

let site: SiteData;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), "content-fr-"));
  cpSync(STUDIO.content, root, { recursive: true });
  addFrench(root);
  site = await loadStudio(root, [DICTIONARIES_DIR, FIXTURE_DICTIONARIES]);
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("a third language from one dictionary file", () => {
  it("adds the language, its format from the country and its section names", () => {
    expect(site.settings.locales).toEqual(["es", "en", "fr"]);
    expect(site.settings.localeTags.fr).toBe("fr-CO");
    expect(site.settings.sectionPaths[FR]?.services).toBe("prestations");
    expect(site.settings.currencyMarks.words).toEqual(expect.arrayContaining(["pesos colombiens"]));
  });

  it("gives the French pages French paths, and the other languages' pages their French counterpart", () => {
    const catalog = JSON.parse(generatedFiles(site)["content/generated/catalog.json"] ?? "{}");
    const services = catalog.fr.services.map((service: { path: string }) => service.path);
    expect(services).toContain("/fr/prestations/online-store");
    expect(alternatePath("/es/servicios/tienda-en-linea", FR, site)).toBe("/fr/prestations/online-store");
    expect(alternatePath("/fr/devis", en, site)).toBe("/en/quote");
    expect(slugRedirects(site)).toContainEqual({ source: "/fr/quote", destination: "/fr/devis", permanent: true });
  });

  it("loads exactly the studio's dictionaries, from where each one is", () => {
    const module = generatedFiles(site, (locale) =>
      locale === "fr" ? "@/tests/fixtures/dictionaries/fr" : `@/lib/i18n/dictionaries/${locale}`,
    )["content/generated/dictionaries.ts"];
    expect(module).toContain('import { fr } from "@/tests/fixtures/dictionaries/fr";');
    expect(module).toContain('Record<"es" | "en" | "fr", Dictionary> = { es, en, fr }');
  });

  it("requires every text in the new language, naming the file and the field", async () => {
    const file = path.join(root, "services", "landing-page.yaml");
    const service = YAML.parse(readFileSync(file, "utf8"));
    delete service.fr;
    writeFileSync(file, YAML.stringify(service));
    const error = await loadStudio(root, [DICTIONARIES_DIR, FIXTURE_DICTIONARIES]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).file).toBe("services/landing-page.yaml");
    expect((error as ContentError).message).toMatch(/fr: .*expected object/);
  });

  it("refuses a language with no dictionary", async () => {
    const error = await loadStudio(root).catch((e: unknown) => e);
    expect((error as ContentError).message).toMatch(
      /locales\.2: no dictionary for "fr": add lib\/i18n\/dictionaries\/fr\.ts/,
    );
  });
});
