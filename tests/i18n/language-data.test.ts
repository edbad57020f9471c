import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { languageDataSet } from "@/lib/i18n/language-data/build";
import { foldWord } from "@/lib/i18n/language-data/fold";

// Language knowledge lives in one place per language (lib/i18n/language-data/shipped/) and is
// derived at `npm run knowledge`; nothing else in lib/ writes a language's words by hand.
const SHIPPED = { de: "de-DE", en: "en-US", es: "es-ES", fr: "fr-FR", it: "it-IT", pt: "pt-BR" };
const OWN_PLACES = [path.join("lib", "i18n", "language-data", "shipped"), path.join("lib", "i18n", "dictionaries")];

/** The string literals of a TypeScript file, comments left out. */
function literals(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:\\])\/\/.*$/gm, "$1");
  return [...code.matchAll(/"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`/g)].map(
    (match) => match[1] ?? match[2] ?? match[3] ?? "",
  );
}

describe("language data", () => {
  it("leaves no hand list of a language's number, scale or currency words in lib/", async () => {
    const set = await languageDataSet(SHIPPED);
    const words = new Set<string>();
    // A word some shipped language uses as a function word ("once" in English) says nothing by itself.
    const common = new Set(Object.values(set.languages).flatMap((data) => data.stopWords));
    for (const data of Object.values(set.languages)) {
      // Five letters at least: "once" and "cent" are English words too.
      for (const word of [...Object.keys(data.numbers), ...Object.keys(data.scales)])
        if (word.length >= 5) words.add(word);
      for (const [name, code] of Object.entries(data.currencies))
        if (code === "" && !name.includes(" ")) words.add(name);
    }
    const files = readdirSync("lib", { recursive: true, encoding: "utf8" })
      .map((name) => path.join("lib", name))
      .filter((file) => file.endsWith(".ts") && !OWN_PLACES.some((place) => file.startsWith(place)));
    const found: string[] = [];
    for (const file of files) {
      for (const literal of literals(readFileSync(file, "utf8"))) {
        for (const word of literal.split(/[^\p{L}]+/u)) {
          if (word && words.has(foldWord(word)) && !common.has(foldWord(word))) found.push(`${file}: ${word}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it("keeps a language's letters when it folds, and drops only combining marks", () => {
    // "ß" is a letter of its own; "ö" is "o" and a combining mark.
    expect(foldWord("Größe", "de")).toBe("große");
    expect(foldWord("Øre", "da")).toBe("øre");
    expect(foldWord("Œuvre", "fr")).toBe("œuvre");
    expect(foldWord("Línea", "es")).toBe("linea");
    expect(foldWord("IŞIK", "tr")).toBe("ısık");
    // Full-width letters and half-width katakana are the ordinary ones; kana keep their voicing marks.
    expect(foldWord("ＨＰ", "ja")).toBe("hp");
    expect(foldWord("ﾎｰﾑﾍﾟｰｼﾞ", "ja")).toBe("ホームページ");
    expect(foldWord("ブログ", "ja")).toBe("ブログ");
  });

  it("derives each shipped language's scale words from CLDR's compact notation, long and short", async () => {
    const { languages } = await languageDataSet(SHIPPED);
    expect(languages.de?.scales).toMatchObject({ millionen: 1e6, "mio.": 1e6, milliarden: 1e9, tausend: 1e3 });
    expect(languages.pt?.scales).toMatchObject({ milhões: 1e6, mi: 1e6, mil: 1e3 });
    expect(languages.fr?.scales).toMatchObject({ millions: 1e6, md: 1e9 });
    expect(languages.it?.scales).toMatchObject({ milioni: 1e6, mln: 1e6, mila: 1e3 });
    expect(languages.de?.currencies).toMatchObject({ dollar: "USD", franken: "CHF", euro: "EUR" });
    expect(languages.es?.currencies.pesos).toBe("");
  });

  it("derives a language written without spaces from CLDR too: its myriads and its currencies' head nouns", async () => {
    const { languages } = await languageDataSet({ ja: "ja-JP" });
    expect(languages.ja?.scales).toMatchObject({ 万: 1e4, 億: 1e8 });
    // "米ドル" is one word of ICU's dictionary, "カナダ ドル" two: "ドル" is the dollar, as "dollars" is.
    expect(languages.ja?.currencies).toMatchObject({ 円: "JPY", 米ドル: "USD", ドル: "USD", ポンド: "GBP" });
  });

  it("carries only the studio's languages", async () => {
    const set = await languageDataSet({ de: "de-DE" });
    expect(Object.keys(set.languages)).toEqual(["de"]);
  });
});
