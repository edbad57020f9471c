import { describe, expect, it } from "vitest";
import { createAnswerFilter, filterAnswer, HOLD_LIMIT } from "@/lib/lab/answer-filter";
import { answerProblems, HOSTILE } from "@/tests/support/answer-safety";

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

  it("stays fast on pathological input", () => {
    const start = performance.now();
    check(`https://a.example/${")".repeat(20_000)}`);
    check(`[a](${"(".repeat(20_000)}`);
    check("![[a]".repeat(5000));
    expect(performance.now() - start).toBeLessThan(2000);
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
