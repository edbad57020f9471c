// @studio demo
import { describe, expect, it } from "vitest";
import { negotiateLocale } from "@/lib/i18n/negotiate";
import { locale } from "@/tests/support/studio";

const es = locale("es");
const en = locale("en");

describe("negotiateLocale", () => {
  it.each([
    ["en-US,en;q=0.9", en],
    ["es-CO,es;q=0.9,en;q=0.5", es],
    ["en;q=0.4,es;q=0.8", es],
    ["fr-FR,fr;q=0.9,en-GB;q=0.5", en],
    ["de-DE", es],
    ["*", es],
    ["", es],
  ])("%j -> %s", (header, expected) => {
    expect(negotiateLocale(header)).toBe(expected);
  });

  it("falls back to Spanish with no header", () => {
    expect(negotiateLocale(null)).toBe(es);
  });
});
