// @studio demo
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SiteFooter } from "@/components/site/site-footer";
import { SITE } from "@/lib/content/site";
import type { Studio } from "@/lib/content/types";
import { frameMetadata } from "@/lib/site/frame";
import { locale, perLocale } from "@/tests/support/studio";

const es = locale("es");
const en = locale("en");

// Guards "changing the studio's name is a change in content/ only": the frame is built from
// content/studio.yaml, and no code outside content/ spells the studio's name or city.

const OTHER: Studio = {
  ...SITE.studio,
  name: "Estudio Sur",
  city: "Cali",
  tagline: perLocale({ es: "Sitios web en Cali", en: "Websites in Cali" }),
  description: perLocale({ es: "Estudio Sur hace sitios en Cali.", en: "Estudio Sur builds sites in Cali." }),
  note: undefined,
};

describe("the site's frame", () => {
  it("takes its title, description and icon from the studio's content", () => {
    const metadata = frameMetadata(OTHER, en);
    expect(metadata.title).toEqual({ default: "Estudio Sur · Websites in Cali", template: "%s · Estudio Sur" });
    expect(metadata.description).toBe("Estudio Sur builds sites in Cali.");
    expect(JSON.stringify(metadata)).not.toContain(SITE.studio.name);
  });

  it("writes the studio's name and tagline in the footer, and its note only when there is one", () => {
    const html = renderToStaticMarkup(createElement(SiteFooter, { locale: es, studio: OTHER }));
    expect(html).toContain("<strong>Estudio Sur</strong> · Sitios web en Cali");
    expect(html).toContain("Estudio Sur. Todos los derechos reservados.");
    expect(html).not.toContain(SITE.studio.name);
    const withNote = { ...OTHER, note: perLocale({ es: "Un estudio de prueba.", en: "A test studio." }) };
    expect(renderToStaticMarkup(createElement(SiteFooter, { locale: en, studio: withNote }))).toContain(
      '<p class="muted">A test studio.</p>',
    );
    expect(html).not.toContain('muted"></p>');
  });

  it("is spelled nowhere outside content/: not in app/, components/, lib/ or scripts/", () => {
    const files = ["app", "components", "lib", "scripts"].flatMap((dir) =>
      readdirSync(dir, { recursive: true, encoding: "utf8" })
        .filter((name) => /\.(tsx?|mjs|css)$/.test(name))
        .map((name) => path.join(dir, name)),
    );
    expect(files.length).toBeGreaterThan(50);
    const spelled = files.filter((file) => {
      const source = readFileSync(file, "utf8");
      return source.includes(SITE.studio.name) || source.includes(SITE.studio.city);
    });
    expect(spelled).toEqual([]);
  });
});
