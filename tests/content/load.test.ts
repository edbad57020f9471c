// @studio demo
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ContentError, loadStudio } from "@/lib/content/load";
import { locale, STUDIO } from "@/tests/support/studio";

const es = locale("es");
const en = locale("en");

// Each case copies the demo studio and breaks one file: the error must name the file, the
// field and what was expected, so whoever edits content/ can fix it without reading code.
let root: string;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "content-"));
  cpSync(STUDIO.content, root, { recursive: true });
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

function edit(file: string, change: (text: string) => string) {
  const full = path.join(root, file);
  writeFileSync(full, change(readFileSync(full, "utf8")));
}

async function loadError(): Promise<ContentError> {
  try {
    await loadStudio(root);
  } catch (error) {
    if (error instanceof ContentError) return error;
    throw error;
  }
  throw new Error("expected the content to be refused");
}

describe("loadContent", () => {
  it("accepts the studio's content", async () => {
    const site = await loadStudio(root);
    expect(site.services.length).toBeGreaterThanOrEqual(6);
    expect(site.projects[es].length).toBeGreaterThanOrEqual(5);
    expect(site.posts[en].length).toBeGreaterThanOrEqual(4);
    expect(site.faq[es].length).toBeGreaterThanOrEqual(10);
    expect(site.lab[es].map((entry) => entry.id)).toEqual(["agent", "assistant", "reviewer"]);
  });

  it("names the file, the field and the expected type of a bad value", async () => {
    edit("services/landing-page.yaml", (text) => text.replace(/^(\s+)min: \d+/m, "$1min: mucho"));
    const error = await loadError();
    expect(error.file).toBe("services/landing-page.yaml");
    expect(error.message).toMatch(/price\.min: .*expected number/);
  });

  it("refuses a field the schema does not know", async () => {
    edit("studio.yaml", (text) => `${text}\nphone: "+57 300"\n`);
    expect((await loadError()).message).toMatch(/studio\.yaml[\s\S]*phone/);
  });

  it("refuses a service whose id is not its file name", async () => {
    edit("services/online-store.yaml", (text) => text.replace(/^id: .*$/m, "id: tienda"));
    const error = await loadError();
    expect(error.file).toBe("services/online-store.yaml");
    expect(error.message).toContain('id: expected "online-store"');
  });

  it("refuses a page that exists in one locale only", async () => {
    rmSync(path.join(root, "blog", "como-funciona-el-agente-del-lab.en.md"));
    expect((await loadError()).file).toBe("blog/como-funciona-el-agente-del-lab.en.md");
  });

  it("refuses a project that names an unknown service", async () => {
    const file = readFileSync(path.join(root, "projects", "panaderia-la-espiga.es.md"), "utf8");
    edit("projects/panaderia-la-espiga.es.md", () =>
      file.replace(/services:\n(\s+)- [a-z-]+/, "services:\n$1- teleport"),
    );
    expect((await loadError()).message).toMatch(/services: unknown id teleport; expected one of landing-page/);
  });

  it("refuses FAQ files whose ids differ between locales", async () => {
    edit("faq.en.yaml", (text) => text.replace(/^- id: ([a-z0-9-]+)/m, "- id: renamed-question"));
    expect((await loadError()).file).toBe("faq.en.yaml");
  });

  it("reports broken YAML with its file", async () => {
    edit("faq.es.yaml", (text) => `${text}\n  - : [`);
    expect((await loadError()).message).toMatch(/^faq\.es\.yaml:\n {2}- not valid YAML/);
  });

  it("gives each locale its own slug, defaulting to the file name's id", async () => {
    const site = await loadStudio(root);
    const post = site.posts[en].find((entry) => entry.id === "tienda-en-linea-o-whatsapp");
    expect(post?.slug).toBe("online-store-or-whatsapp");
    expect(site.posts[es].find((entry) => entry.id === "tienda-en-linea-o-whatsapp")?.slug).toBe(post?.id);
  });

  it("refuses two entries with the same slug in one locale", async () => {
    edit("blog/tienda-en-linea-o-whatsapp.en.md", (text) =>
      text.replace(/^slug: .*$/m, "slug: how-the-lab-agent-works"),
    );
    expect((await loadError()).message).toMatch(
      /^blog\/tienda-en-linea-o-whatsapp\.en\.md:\n {2}- slug: "how-the-lab-agent-works" is already/,
    );
  });

  it("refuses the studio's icon when it is not a plain SVG", async () => {
    edit("icon.svg", (text) => text.replace("<title>", "<script>alert(1)</script><title>"));
    expect((await loadError()).message).toMatch(/^icon\.svg:\n {2}- \(file\): no scripts/);
  });
});

describe("the studio's settings", () => {
  it("defaults the quote step from the prices and the locale tags from the country", async () => {
    const site = await loadStudio(root);
    expect(site.settings.quoteStep).toBe(50_000);
    expect(site.settings.localeTags).toEqual({ es: "es-CO", en: "en-CO" });
    edit("studio.yaml", (text) => text.replace("country: Colombia", "country: España"));
    expect((await loadStudio(root)).settings.localeTags).toEqual({ es: "es-ES", en: "en-ES" });
  });

  it("refuses a currency that is no ISO 4217 code", async () => {
    edit("studio.yaml", (text) => text.replace("currency: COP", "currency: pesos"));
    expect((await loadError()).message).toMatch(/^studio\.yaml:\n {2}- currency: an ISO 4217 currency code/);
  });

  it("refuses a quote step larger than the smallest price, and says which", async () => {
    edit("studio.yaml", (text) => `${text}\nquoteStep: 300000\n`);
    expect((await loadError()).message).toMatch(
      /^studio\.yaml:\n {2}- quoteStep: 300000 is larger than the smallest price \(250000, in services\/landing-page\.yaml\)/,
    );
  });

  it("refuses a locale tag of another language, or for a language the site doesn't have", async () => {
    edit("studio.yaml", (text) => `${text}\nlocaleTags: { en: es-ES }\n`);
    expect((await loadError()).message).toMatch(/localeTags\.en: "es-ES" is no BCP 47 tag of the language "en"/);
    edit("studio.yaml", (text) => text.replace("localeTags: { en: es-ES }", "localeTags: { fr: fr-FR }"));
    expect((await loadError()).message).toMatch(/localeTags\.fr: "fr" is not one of locales \(es, en\)/);
  });

  it("requires exactly the studio's languages: a text in a language it doesn't have is refused", async () => {
    edit("studio.yaml", (text) => text.replace("locales: [es, en]", "locales: [en]"));
    const error = await loadError();
    expect(error.file).toBe("studio.yaml");
    expect(error.message).toMatch(/hours: Unrecognized key: "es"/);
  });

  it("takes the studio's own words, and refuses a key the dictionary doesn't have or a lost placeholder", async () => {
    writeFileSync(path.join(root, "copy.es.yaml"), "nav:\n  quote: Presupuesto\npaths:\n  quote: presupuesto\n");
    const site = await loadStudio(root);
    expect(site.copy[es]).toEqual({ nav: { quote: "Presupuesto" }, paths: { quote: "presupuesto" } });
    expect(site.settings.sectionPaths[es].quote).toBe("presupuesto");
    writeFileSync(path.join(root, "copy.es.yaml"), "nav:\n  cotizar: Presupuesto\n");
    expect((await loadError()).message).toMatch(/^copy\.es\.yaml:\n {2}- nav\.cotizar: no such key in the dictionary/);
    writeFileSync(path.join(root, "copy.es.yaml"), 'agent:\n  console:\n    counter: "caracteres"\n');
    expect((await loadError()).message).toMatch(/agent\.console\.counter: expected the placeholders \{count\} \{max\}/);
    writeFileSync(path.join(root, "copy.es.yaml"), "paths:\n  quote: servicios\n");
    expect((await loadError()).message).toMatch(/paths\.quote: "servicios" is already paths\.services/);
  });
});
