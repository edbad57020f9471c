import { describe, expect, it } from "vitest";
import { isStopWord, segmentWords, splitWords, writtenWithoutSpaces } from "@/lib/i18n/words";

// Guards how the site finds words in a language written without spaces (Japanese, Chinese, Thai):
// a regular expression reads a whole sentence of them as one word; the segmenter finds its words,
// and every other text keeps the regular expression.

describe("splitWords", () => {
  it("splits Japanese into its words, not one word a sentence", () => {
    expect(splitWords("ホームページを作りたい", "ja")).toEqual(["ホームページ", "を", "作り", "たい"]);
    expect(splitWords("ECサイト構築の費用", "ja")).toEqual(["EC", "サイト", "構築", "の", "費用"]);
  });

  it("splits Thai and Chinese too", () => {
    expect(splitWords("ร้านกาแฟของฉัน", "th").length).toBeGreaterThan(1);
    expect(splitWords("我想要一个网站", "zh").length).toBeGreaterThan(1);
  });

  it("reads spaced text as the regular expression does", () => {
    expect(splitWords("Größe, œuvre: 3 Seiten", "de")).toEqual(["Größe", "œuvre", "3", "Seiten"]);
    expect(writtenWithoutSpaces("Größe œuvre ελληνικά русский")).toBe(false);
  });
});

describe("segmentWords", () => {
  it("gives each word's offset in the text", () => {
    const text = "福岡のカフェ";
    for (const { word, index } of segmentWords(text, "ja")) expect(text.slice(index, index + word.length)).toBe(word);
  });

  it("joins back a katakana word the dictionary cut into pieces of one character", () => {
    // ICU's dictionary: "コーポ|レ|ト|サイト", "ランディ|ン|グ|ページ".
    expect(segmentWords("コーポレトサイトの制作", "ja").map(({ word }) => word)).toEqual([
      "コーポレト",
      "サイト",
      "の",
      "制作",
    ]);
    expect(segmentWords("ランディングページ", "ja").map(({ word }) => word)).toEqual(["ランディング", "ページ"]);
    expect(segmentWords("ネットショップ", "ja").map(({ word }) => word)).toEqual(["ネット", "ショップ"]);
  });
});

describe("isStopWord", () => {
  const stop = new Set(["し", "た", "な", "ので", "the"]);
  it("takes a piece made of stop words for one, in a script written without spaces", () => {
    expect(isStopWord("した", stop)).toBe(true);
    expect(isStopWord("なので", stop)).toBe(true);
    expect(isStopWord("予約", stop)).toBe(false);
    expect(isStopWord("しか", stop)).toBe(false);
  });
  it("looks a Latin word up as it is", () => {
    expect(isStopWord("the", stop)).toBe(true);
    expect(isStopWord("thethe", new Set(["the"]))).toBe(false);
  });
});
