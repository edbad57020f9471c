import { describe, expect, it } from "vitest";
import { createThinkingStripper, stripThinking } from "@/lib/checks/thinking";

const reasoning = "The user wants a bakery site with a blog. I should call estimate_quote first.";
/** Longer than any look-ahead a filter could afford to hold. */
const long = `${reasoning} `.repeat(30);

const cases: [string, string, string][] = [
  ["empty thought channel", "thought\n<channel|>El sitio cuesta $ 1.800.000.", "El sitio cuesta $ 1.800.000."],
  ["Gemma 4 channel", `<|channel>thought\n${reasoning}<channel|>Hola.`, "Hola."],
  ["pipes on both sides", `<|channel|>thought ${reasoning} <channel|>Hola.`, "Hola."],
  ["thought then reasoning", `thought\n\n${reasoning}\n<channel|>\n\nAnswer here.`, "Answer here."],
  ["bare closing marker", "<channel|>Hola.", "Hola."],
  ["turn header", "<start_of_turn>model\nHola, te ayudo.", "Hola, te ayudo."],
  ["Gemma 4 turn header", "<|turn>model\nHola.", "Hola."],
  ["turn header then thought", "<start_of_turn>model\nthought\n<channel|>Hola.", "Hola."],
  ["leading whitespace then prefix", "\n  thought\n<channel|>Hola.", "Hola."],
  ["think tags", `<think>${reasoning}</think>\n\nHola.`, "Hola."],
  ["marker at the very end", "thought\n<channel|>", ""],
  ["only the keyword", "thought", ""],
  ["plain answer", "Hola, para tu panadería te propongo…", "Hola, para tu panadería te propongo…"],
  ["leading whitespace kept", "\n\nHola.", "\n\nHola."],
  ["the keyword in prose is prose", "thought leadership: $ 1,800", "thought leadership: $ 1,800"],
  ["a word that starts like the keyword", "thoughtful answer: $ 1.800.000", "thoughtful answer: $ 1.800.000"],
  ["the keyword capitalised is prose", "Thought about it: yes.", "Thought about it: yes."],
  ["a tag that is no marker", "<b>Hola</b>", "<b>Hola</b>"],
  ["a partial marker at the end", "<start_of", "<start_of"],
  ["a stray closing marker later in the text goes", "Hola <channel|> adiós", "Hola adiós"],
  ["no closing marker: the rest of the text goes", "thought\nSin marcador de cierre.", ""],
  ["a thought longer than any look-ahead", `<|channel>thought\n${long}<channel|>Hola.`, "Hola."],
  ["a thought after the first sentence", `Hola. <|channel>thought\n${long}<channel|> Adiós.`, "Hola. Adiós."],
  ["a thought after the first sentence that never closes", `Hola. <|channel>thought\n${long}`, "Hola. "],
  ["nested thoughts", `<|channel>thought a <|channel>thought ${long}<channel|> b <channel|>Hola.`, "Hola."],
  [
    "repeated thoughts",
    `<think>${reasoning}</think>Hola.<|channel>thought\n${reasoning}<channel|> Adiós.`,
    "Hola. Adiós.",
  ],
  ["an opener inside a word of the answer", "a<|channel>b<channel|>c", "ac"],
  ["a toggle closes the thought it opened", `Hola. <|channel|>thought\n${reasoning}<|channel|> Adiós.`, "Hola. Adiós."],
  [
    "toggles in turn, twice",
    `<|channel|>${reasoning}<|channel|>Hola.<|channel|>${reasoning}<|channel|> Adiós.`,
    "Hola. Adiós.",
  ],
  ["empty text", "", ""],
];

/** Pushes `parts` through a fresh stripper and returns everything it let out. */
function stream(parts: string[]): string {
  const stripper = createThinkingStripper();
  return parts.map((part) => stripper.push(part)).join("") + stripper.flush();
}

describe("stripThinking", () => {
  it.each(cases)("%s", (_, text, expected) => {
    expect(stripThinking(text)).toBe(expected);
  });
});

describe("createThinkingStripper", () => {
  it.each(cases)("%s: the same output wherever the text is cut in two", (_, text, expected) => {
    for (let i = 0; i <= text.length; i++) {
      expect(stream([text.slice(0, i), text.slice(i)]), `cut at ${i}`).toBe(expected);
    }
  });

  it.each(cases.filter(([, text]) => text.length <= 90))(
    "%s: the same output cut in three anywhere",
    (_, text, expected) => {
      for (let i = 0; i <= text.length; i++) {
        for (let j = i; j <= text.length; j++) {
          expect(stream([text.slice(0, i), text.slice(i, j), text.slice(j)]), `cut at ${i}, ${j}`).toBe(expected);
        }
      }
    },
  );

  it.each(cases)("%s: the same output one character at a time", (_, text, expected) => {
    expect(stream([...text])).toBe(expected);
  });

  it("agrees with stripThinking on random mixes of markers, cut at random", () => {
    const pieces = [
      "thought",
      "\n",
      " ",
      "<channel|>",
      "<|channel>",
      "<|channel|>",
      "<start_of_turn>",
      "model",
      "<",
      "|",
      "t",
      "Hola",
      "x".repeat(150),
    ];
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let run = 0; run < 2000; run++) {
      const text = Array.from({ length: 1 + random(8) }, () => pieces[random(pieces.length)]).join("");
      const parts: string[] = [];
      for (let at = 0; at < text.length; ) {
        const size = 1 + random(12);
        parts.push(text.slice(at, at + size));
        at += size;
      }
      expect(stream(parts), JSON.stringify(parts)).toBe(stripThinking(text));
    }
  });

  it("lets a plain answer through as soon as its first character rules a marker out", () => {
    const stripper = createThinkingStripper();
    expect(stripper.push("Ho")).toBe("Ho");
    expect(stripper.push("la")).toBe("la");
    expect(stripper.flush()).toBe("");
  });

  it("holds text back only while it could still be a marker or inside a thought", () => {
    const stripper = createThinkingStripper();
    expect(stripper.push("tho")).toBe("");
    expect(stripper.push("ught\n")).toBe("");
    expect(stripper.push("planning<chan")).toBe("");
    expect(stripper.push("nel|>\n")).toBe("");
    expect(stripper.push("\nHola")).toBe("Hola");
    expect(stripper.push(" <chann")).toBe(" ");
    expect(stripper.push("el|> sigue")).toBe("sigue");
    expect(stripper.flush()).toBe("");
  });

  it("drops a thought however long it is held, and keeps it open across the call's text parts", () => {
    const stripper = createThinkingStripper();
    let out = stripper.push("Hola. <|channel>thought\n");
    for (let k = 0; k < 2000; k++) out += stripper.push("ab ");
    out += stripper.flush();
    out += stripper.push("still thinking<channel|>Adiós.");
    expect(out + stripper.flush()).toBe("Hola. Adiós.");
  });

  it("flushes a held-back start that turned out to be no prefix", () => {
    const stripper = createThinkingStripper();
    expect(stripper.push("  <start_of")).toBe("");
    expect(stripper.flush()).toBe("  <start_of");
  });
});
