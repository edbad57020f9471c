import { describe, expect, it } from "vitest";
import { createAnswerFilter, filterAnswer, HOLD_LIMIT } from "@/lib/checks/answer-filter";
import { spelledOut } from "@/lib/checks/spelled-text";
import { answerProblems, HOSTILE } from "@/tests/support/answer-safety";
import { growthOf, linearBound } from "@/tests/support/growth";

// The answer's link and HTML check, on what is actually streamed: the same text cut anywhere
// must leave nothing outside the link policy, and an honest answer must pass unchanged.

const SITE = new Set(["/es", "/es/quote", "/es/contact", "/es/services/website-with-blog", "/en/quote"]);
const WHATSAPP = "https://wa.me/573005550123?text=Hola%2C%20quiero%20una%20web";
const policy = { sitePaths: (path: string) => SITE.has(path), allowedUrls: [WHATSAPP] };
const check = (text: string) => filterAnswer(text, policy);

/** The text streamed in the given pieces, as the route releases it. */
function streamed(pieces: string[]): string {
  const filter = createAnswerFilter(policy);
  return pieces.map((piece) => filter.push(piece)).join("") + filter.flush();
}

/** Every way of cutting `text` in two, and one delta per character. */
function everyChunking(text: string): string[][] {
  const cuts = Array.from({ length: text.length + 1 }, (_, at) => [text.slice(0, at), text.slice(at)]);
  return [...cuts, [...text]];
}

describe("filterAnswer: whole texts", () => {
  it.each([
    [
      "[Cotiza aquí](https://tallernorte.com/es/quote?service=website-with-blog)",
      "[Cotiza aquí](/es/quote?service=website-with-blog)",
    ],
    [
      "[servicio](https://www.tallernorte.co/es/services/website-with-blog#precio)",
      "[servicio](/es/services/website-with-blog#precio)",
    ],
    ["[contacto](http://localhost:3000/es/contact)", "[contacto](/es/contact)"],
    ['[cotiza](https://tallernorte.com/es/quote "Cotizador")', "[cotiza](/es/quote)"],
    ["[cotiza](<https://tallernorte.com/es/quote>)", "[cotiza](/es/quote)"],
    [
      "Cotiza en https://tallernorte.com/es/quote?service=website-with-blog.",
      "Cotiza en /es/quote?service=website-with-blog.",
    ],
    ["Cotiza: <https://tallernorte.com/es/quote>", "Cotiza: [/es/quote](/es/quote)"],
  ])("a URL to a site page becomes its path: %s", (text, expected) => {
    expect(check(text)).toBe(expected);
  });

  it.each([
    ["Mira [este ejemplo](https://evil.example/phish) y sigue.", "Mira este ejemplo y sigue."],
    ["[blog](https://tallernorte.com/es/blog/no-existe)", "blog"],
    ["[wa](https://wa.me/573009999999)", "wa"],
    ["[x](/en/nope)", "x"],
    ["[x](es/quote)", "x"],
    ["[x](#precios)", "x"],
    ["[x](mailto:hola@evil.example)", "x"],
    ["[c](javascript:alert(1))", "c"],
    ["[c](<java\tscript:alert(1)>)", "c"],
    ["[c](javascript&#58;alert(1))", "c"],
    ["![pixel](https://evil.example/p.png)", "pixel"],
    ["Ver (https://tallernorte.com/es/contact), o https://evil.example/x!", "Ver (/es/contact), o !"],
    ["Mira <https://evil.example/x>.", "Mira ."],
    ["[a][r]\n\n[r]: https://evil.example/x", "a\n\n"],
    ["Hola <b>mundo</b>", "Hola mundo"],
  ])("anything else loses its URL and its markup: %s", (text, expected) => {
    expect(check(text)).toBe(expected);
  });

  it("keeps an honest answer exactly as written, whatever the chunking", () => {
    const answer = [
      "Voy a buscar el servicio y cotizar.",
      "",
      "El servicio que encaja es **Sitio con blog**: de $ 1.800.000 a $ 2.600.000, en 4–6 semanas.",
      `- [Cotizador](/es/quote?service=website-with-blog&extras=blog,payments)`,
      `- [WhatsApp](${WHATSAPP}) o ${WHATSAPP}.`,
      "Ruta: /es/quote. Correo: hola@tallernorte.co. a < b y 3 > 2.",
    ].join("\n");
    for (const pieces of everyChunking(answer)) expect(streamed(pieces)).toBe(answer);
  }, 60_000);

  it.each([
    ["closing parentheses after a link", (scale: number) => `https://a.example/${")".repeat(2500 * scale)}`],
    ["an unclosed link target", (scale: number) => `[a](${"(".repeat(2500 * scale)}`],
    ["nested image brackets", (scale: number) => "![[a]".repeat(625 * scale)],
  ])("takes time linear in the answer on %s", (_, pathological) => {
    expect(growthOf((scale) => check(pathological(scale)))).toBeLessThan(linearBound());
  });
});

describe("the streamed check, cut at every position", () => {
  it.each(HOSTILE)(
    "%j never leaves a forbidden link, URL or HTML",
    (text) => {
      for (const pieces of everyChunking(text)) {
        const out = streamed(pieces);
        expect(answerProblems(out, policy), JSON.stringify(pieces)).toEqual([]);
        expect(out.toLowerCase(), JSON.stringify(pieces)).not.toMatch(/evil|javascript|<script|onerror|onload/);
      }
    },
    60_000,
  );

  it("holds back a link until it is complete, then releases it", () => {
    const filter = createAnswerFilter(policy);
    expect(filter.push("Abre [el cotizador](/es/qu")).toBe("Abre ");
    expect(filter.push("ote) y ")).toBe("[el cotizador](/es/quote) y ");
    expect(filter.flush()).toBe("");
  });

  it("releases an opener that never becomes a link, escaped, after HOLD_LIMIT characters", () => {
    const filter = createAnswerFilter(policy);
    expect(filter.push("[nota ")).toBe("");
    const out = filter.push(`${"palabra ".repeat(HOLD_LIMIT / 8 + 1)}`);
    expect(out.startsWith("\\[nota palabra")).toBe(true);
    expect(filter.push("](javascript:alert(1)) fin ")).not.toContain("javascript");
  });
});

// A URL spelled with character references, entities, escapes, percent-encoding or compatibility
// forms reads as the URL it spells: the page must show none of them, however the stream is cut.
const SPELLED = [
  "Abre javascript&#x3A;alert(1) ya",
  "Abre javascript&#X3a;alert(2) ya",
  "Abre javascript&#58;alert(3) ya",
  "Abre javascript&#0000058;alert(4) ya",
  "Abre javascript&#x00003A;alert(5) ya",
  "Abre javascript&#58alert(6) ya",
  "Abre javascript&#x3Avoid(7) ya",
  "Abre javascript&colon;alert(8) ya",
  "Abre javascript&colonalert(9) ya",
  "Abre javascript&amp;#58;alert(10) ya",
  "Abre javascript%3Aalert(11) ya",
  "Abre javascript%253Aalert(12) ya",
  "Abre java\\script\\:alert(13) ya",
  "Abre ｊａｖａｓｃｒｉｐｔ：alert(14) ya",
  "Abre javascript﹕alert(15) ya",
  "Abre java\u200bscript&#58;alert(16) ya",
  "Abre &#x6A;&#x61;vascript&#x3A;alert(17) ya",
  "Visite https&#x3A;//evil&#x2E;example/a hoy",
  "Visite https&#58;&#47;&#47;evil.example/b hoy",
  "Visite https&colon;&sol;&sol;evil&period;example/c hoy",
  "Visite https&#x3A&#x2F&#x2Fevil&#x2Eexample/d hoy",
  "Visite https%3A%2F%2Fevil.example%2Fe hoy",
  "Visite https%253A%252F%252Fevil.example hoy",
  "Visite https\\:\\/\\/evil.example/f hoy",
  "Visite ｈｔｔｐｓ：／／ｅｖｉｌ．ｅｘａｍｐｌｅ／ｇ hoy",
  "Visite https%EF%BC%9A//evil.example/h hoy",
  "Visite www&#46;evil&#x2e;example hoy",
  "Visite www&period;evil&period;example hoy",
  "Visite www&#46evil.example hoy",
  "Visite www．evil．example hoy",
  "Visite www﹒evil﹒example hoy",
  "Visite www․evil․example hoy",
  "Visite (ver:https&#58;//evil.example/i). hoy",
  "Visite &#104;ttps://evil.example/j hoy",
  "Visite [el sitio](https&#58;//evil.example/k) hoy",
  "Visite **https&#x3A;//evil.example/l** hoy",
  `Escribe a ${WHATSAPP}&#x2E;https&#x3A;//evil.example/m hoy`,
];

/** Every word of `text` as it reads, and the URL it reads as, if any is not a site page. */
function readsAsForeignUrl(text: string): string[] {
  const found: string[] = [];
  for (const word of text.split(/\s+/)) {
    // The tool's own WhatsApp URL, written as the tool returned it, is the one allowed.
    const { plain } = spelledOut(word.startsWith(WHATSAPP) ? word.slice(WHATSAPP.length) : word);
    const url = /(?:[a-z][a-z0-9+.-]*:\/\/|www\.|javascript:|vbscript:|data:)\S*/i.exec(plain)?.[0];
    if (url) found.push(url);
  }
  return found;
}

describe("a URL spelled otherwise, cut at every position", () => {
  it.each(SPELLED)(
    "%j: the stream reaches the whole text's verdict, and nothing reads as a URL",
    (text) => {
      const whole = check(text);
      expect(readsAsForeignUrl(whole)).toEqual([]);
      expect(spelledOut(whole).plain.toLowerCase()).not.toMatch(/evil|javascript/);
      for (const pieces of everyChunking(text)) expect(streamed(pieces), JSON.stringify(pieces)).toBe(whole);
    },
    60_000,
  );

  it("keeps what is only spelled otherwise and no URL: entities, percents, fullwidth text", () => {
    for (const text of [
      "Tom &amp; Jerry: 100% listo.",
      "Precio：$ 1.800.000 （IVA incluido）",
      "a\\*b\\* y 3 &lt; 4",
    ]) {
      expect(check(text)).toBe(text);
    }
  });
});
