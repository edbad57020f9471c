import { describe, expect, it } from "vitest";
import { keepSitePaths } from "@/lib/agent/links";

const SITE = new Set(["/es", "/es/quote", "/es/contact", "/es/services/website-with-blog", "/en/quote"]);
const WHATSAPP = "https://wa.me/573005550123?text=Hola%2C%20quiero%20una%20web";
const options = { sitePaths: (path: string) => SITE.has(path), allowedUrls: [WHATSAPP] };
const keep = (text: string) => keepSitePaths(text, options);

describe("keepSitePaths", () => {
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
    ["[x](//evil.example/es/quote)", "[x](/es/quote)"],
  ])("an absolute URL to a site page becomes its path: %s", (text, expected) => {
    expect(keep(text)).toBe(expected);
  });

  it.each([
    ["Mira [este ejemplo](https://evil.example/phish) y sigue.", "Mira este ejemplo y sigue."],
    ["[blog](https://tallernorte.com/es/blog/no-existe)", "blog"],
    ["[wa](https://wa.me/573009999999)", "wa"],
    ["[x](/en/nope)", "x"],
    ["[x](es/quote)", "x"],
    ["[x](#precios)", "x"],
    ["[x]()", "x"],
    ["[x](mailto:hola@evil.example)", "x"],
    ["[**negrita**](https://evil.example)", "**negrita**"],
  ])("a link to no site page becomes its text: %s", (text, expected) => {
    expect(keep(text)).toBe(expected);
  });

  it.each([
    ["[clic](javascript:alert(1))", "clic"],
    ["[clic](JavaScript:alert(document.cookie))", "clic"],
    ["[clic](data:text/html;base64,PHNjcmlwdD4=)", "clic"],
    ["[clic](vbscript:msgbox)", "clic"],
    ["[clic](<java\tscript:alert(1)>)", "clic"],
    ["[clic](<java\nscript:alert(1)>)", "[clic](<java\nscript:alert(1)>)"], // no link: a destination has no newline
    ["[clic](javascript&#58;alert(1))", "clic"],
    ["[clic](javascript&colon;alert(1))", "clic"],
    ["[clic](  javascript:alert(1)  )", "clic"],
    ["<javascript:alert(1)>", ""],
    ["![x](data:image/svg+xml,<svg>)", "x"],
  ])("javascript: and data: links always lose their URL: %s", (text, expected) => {
    expect(keep(text)).toBe(expected);
  });

  it("never keeps a javascript: URL, even one listed as allowed", () => {
    expect(keepSitePaths("[x](javascript:alert(1))", { ...options, allowedUrls: ["javascript:alert(1)"] })).toBe("x");
  });

  it("maps another host's root to the site's root only when the site has one", () => {
    expect(keep("[inicio](https://evil.example)")).toBe("inicio");
    expect(keepSitePaths("[inicio](https://evil.example)", { sitePaths: (path) => path === "/" })).toBe("[inicio](/)");
  });

  it("keeps a URL a tool returned exactly as written", () => {
    const text = `Escríbenos por [WhatsApp](${WHATSAPP}) o en ${WHATSAPP}. También <${WHATSAPP}>.`;
    expect(keep(text)).toBe(text);
    expect(keep(`[wa](${WHATSAPP}&extra=1)`)).toBe("wa");
  });

  it("keeps relative site paths the site has", () => {
    const text = "[Cotiza](/es/quote?service=website-with-blog&extras=blog,payments) o [contacto](/es/contact).";
    expect(keep(text)).toBe(text);
  });

  it("turns paths that escape the site into plain text", () => {
    expect(keep("[x](/\\/evil.example)")).toBe("x");
    expect(keep("[x](/\\evil.example/nope)")).toBe("x");
    expect(keep("[x](&#x2F;/evil.example/nope)")).toBe("x");
  });

  it("handles images like links: an image from another host becomes its alt text", () => {
    expect(keep("![pixel](https://evil.example/p.png?leak=goal)")).toBe("pixel");
    expect(keep("![logo](https://tallernorte.com/es)")).toBe("![logo](/es)");
  });

  it("bare URLs become the path, or disappear, leaving the sentence's punctuation", () => {
    expect(keep("Cotiza en https://tallernorte.com/es/quote?service=website-with-blog.")).toBe(
      "Cotiza en /es/quote?service=website-with-blog.",
    );
    expect(keep("Ver (https://tallernorte.com/es/contact), o https://evil.example/x!")).toBe("Ver (/es/contact), o !");
    expect(keep("Ver https://es.wikipedia.org/wiki/Pan_(alimento) y ya")).toBe("Ver  y ya");
  });

  it("autolinks become a link to the path, or disappear", () => {
    expect(keep("Cotiza: <https://tallernorte.com/es/quote>")).toBe("Cotiza: [/es/quote](/es/quote)");
    expect(keep("Mira <https://evil.example/x>.")).toBe("Mira .");
  });

  it("cleans bare URLs written as a link's text", () => {
    expect(keep("[https://evil.example/x](/es/quote)")).toBe("[](/es/quote)");
    expect(keep("[https://tallernorte.com/es](https://evil.example)")).toBe("/es");
  });

  it("empties reference definitions that point off the site", () => {
    expect(keep("[a][r]\n\n[r]: https://evil.example/x")).toBe("[a][r]\n\n");
    expect(keep("[a][r]\n\n[r]: https://tallernorte.com/es/quote 'Cotizar'")).toBe("[a][r]\n\n[r]: /es/quote");
  });

  it("leaves prose, relative paths outside links and emails alone", () => {
    const text =
      "Entre $ 1.800.000 y $ 2.600.000, en 4–6 semanas. Ruta: /es/quote. Correo <hola@tallernorte.co>. [nota] (aparte)";
    expect(keep(text)).toBe(text);
  });

  it("passes the pathname, without query or hash, to sitePaths", () => {
    const seen: string[] = [];
    keepSitePaths("[a](https://x.example/es/quote?service=y#top) [b](/es/contact?x=1)", {
      sitePaths: (path) => {
        seen.push(path);
        return true;
      },
    });
    expect(seen).toEqual(["/es/quote", "/es/contact"]);
  });

  it("stays linear on pathological input", () => {
    const start = performance.now();
    keep(`https://a.example/${")".repeat(20_000)}`);
    keep(`[a](${"(".repeat(20_000)}`);
    keep("![[a]".repeat(5000));
    expect(performance.now() - start).toBeLessThan(100);
  });

  it("rewrites every link of a whole answer in one call", () => {
    const answer = [
      "Plan: buscar el servicio y cotizar.",
      "",
      "- [Sitio con blog](https://tallernorte.com/es/services/website-with-blog)",
      "- [Cotizador](https://tallernorte.com/es/quote?service=website-with-blog&extras=blog)",
      `- [WhatsApp](${WHATSAPP})`,
      "- [Oferta](https://evil.example/oferta) y https://evil.example/b",
    ].join("\n");
    expect(keep(answer)).toBe(
      [
        "Plan: buscar el servicio y cotizar.",
        "",
        "- [Sitio con blog](/es/services/website-with-blog)",
        "- [Cotizador](/es/quote?service=website-with-blog&extras=blog)",
        `- [WhatsApp](${WHATSAPP})`,
        "- Oferta y ",
      ].join("\n"),
    );
  });
});
