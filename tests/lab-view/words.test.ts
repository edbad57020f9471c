import { describe, expect, it } from "vitest";
import { commonWords, foldWord, wordsOf } from "@/lib/lab-view/words";

// Fixtures in several languages and scripts of their own: the grouping must not depend on the
// studio's languages.
describe("the gaps' words", () => {
  it("fold case and the accents of Latin letters, in the text's language", () => {
    expect(foldWord("Panadería", "es")).toBe("panaderia");
    expect(foldWord("BÄCKEREI", "de")).toBe("backerei");
    // Turkish lower-cases a dotted capital I to i, and a dotless one to ı.
    expect(foldWord("İzmir", "tr")).toBe("izmir");
    expect(foldWord("ISPARTA", "tr")).toBe("ısparta");
  });

  it("keep the vowel signs of scripts that aren't written with separate accents", () => {
    // Devanagari's vowel signs and kana's voicing marks are combining marks, but not accents.
    expect(foldWord("किताब", "hi")).toBe("किताब");
    expect(foldWord("ガイド", "ja")).toBe("ガイド");
  });

  it("find words without spaces, and drop numbers and lone letters of a cased script", () => {
    expect(wordsOf("Quiero una tienda y 3 páginas, ¿cuánto cuesta en 2025?", "es")).toEqual([
      "quiero",
      "una",
      "tienda",
      "paginas",
      "cuanto",
      "cuesta",
      "en",
    ]);
    const japanese = wordsOf("ペットショップのサイト", "ja");
    expect(japanese.length).toBeGreaterThan(1);
    expect(japanese.join("")).toBe("ペットショップのサイト");
    expect(wordsOf("我想要一个网站", "zh").length).toBeGreaterThan(1);
  });

  it("read a language Intl doesn't know with the default rules instead of failing", () => {
    expect(wordsOf("pet shop", "not a language tag")).toEqual(["pet", "shop"]);
  });

  it("call common the words most texts share, not a text's own subject", () => {
    const texts = [
      "Le site de la boulangerie et le blog",
      "La boutique de vêtements et le panier",
      "Le menu du restaurant et la réservation",
      "La page de contact et le formulaire",
    ];
    const common = commonWords(texts, "fr", 0.5);
    expect([...common].sort()).toEqual(["de", "et", "la", "le"]);
  });
});
