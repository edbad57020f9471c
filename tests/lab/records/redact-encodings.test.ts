import type { UIMessage } from "ai";
import { decodeNamedCharacterReference } from "decode-named-character-reference";
import { describe, expect, it } from "vitest";
import { SITE, whatsappUrl } from "@/lib/content/site";
import { LOCALES } from "@/lib/i18n/config";
import { buildRecord } from "@/lib/lab/records/record-use";
import { PHONE_DIGITS, REDACTED, redact, redactDeep } from "@/lib/lab/records/redact";

// Guards the one redaction pass over a record: emails and phone numbers from several countries,
// written plainly, spaced, dotted, percent-encoded, as HTML references, in links, in either order,
// are gone from every field of the record once it is read as a browser reads it; the studio's own
// WhatsApp number (from its content) stays however it is written. The numbers here are made up for
// the test in several countries' formats; none is the demo studio's.

/** What a browser shows for `text`: `+` in a query is a space, `%XX` and `&…;` resolved (repeatedly). */
function asBrowserReads(text: string): string {
  let out = text.replace(/\?[^\s"'<>]*/g, (query) => query.replaceAll("+", " "));
  for (let pass = 0; pass < 4; pass++) {
    const before = out;
    out = out
      .replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
        try {
          return decodeURIComponent(run);
        } catch {
          return run;
        }
      })
      .replace(/&#(?:x([0-9a-f]+)|(\d+));?/gi, (_m, hex: string, dec: string) =>
        String.fromCodePoint(Number.parseInt(hex ?? dec, hex ? 16 : 10)),
      )
      .replace(/&([a-z][a-z0-9]*);/gi, (whole, name: string) => {
        const value = decodeNamedCharacterReference(name);
        return value === false ? whole : value;
      });
    if (out === before) break;
  }
  return out.normalize("NFKC").replace(/[\p{Cf}]/gu, "");
}

/** The digits of a shown text, every separator gone: a number to call survives in no spelling. */
const digitsOf = (text: string) => asBrowserReads(text).replace(/\D/g, "");

type Row = [label: string, written: string, secret: string];

/** Phone rows: the secret is the number's digits as dialled (prefix `+`/`00` aside). */
const PHONES: Row[] = [
  ["+57, spaced", "llámeme al +57 300 123 4567 hoy", "573001234567"],
  ["+57, bracketed area code and hyphen", "+57 (300) 123-4567", "573001234567"],
  ["a 10-digit mobile, dotted", "móvil 300.123.4567", "3001234567"],
  ["a 10-digit mobile, every digit spaced", "3 0 0 1 2 3 4 5 6 7", "3001234567"],
  ["a landline with its area code in brackets", "fijo (604) 444 5566", "6044445566"],
  ["+49, spaced", "Rufen Sie +49 30 12345678 an", "493012345678"],
  ["+49 with a 00 prefix", "Tel. 0049 1512 3456789", "4915123456789"],
  ["+49 with a 00 prefix and 16 digits", "Tel. 00 49 1512 34567890", "49151234567890"],
  ["+49 with the trunk zero bracketed", "+49 (0)30 1234 5678", "4903012345678"],
  ["a German number with a slash", "Telefon 030/1234567", "0301234567"],
  ["+33, in pairs", "appelez le +33 6 12 34 56 78", "33612345678"],
  ["a French number, dotted", "06.12.34.56.78", "0612345678"],
  ["+33 with a 00 prefix", "0033 6 12 34 56 78", "33612345678"],
  ["+55, a São Paulo mobile", "ligue +55 11 91234-5678", "5511912345678"],
  ["a Brazilian number, national", "(11) 91234-5678", "11912345678"],
  ["+55, a Rio landline", "+55 (21) 2345-6789", "552123456789"],
  ["+1, bracketed", "call +1 (415) 555-0100", "14155550100"],
  ["a US number, dotted", "415.555.0100", "4155550100"],
  ["a US toll-free number", "1-800-555-0199", "18005550199"],
  ["+39, a mobile", "chiami il +39 347 123 4567", "393471234567"],
  ["+39 with a 00 prefix", "0039 06 1234 5678", "390612345678"],
  ["an Italian number with a slash", "cell. 347/1234567", "3471234567"],
  ["no separators at all", "+573001234567", "573001234567"],
  ["separated by no-break spaces", "+33\u00a06\u00a012\u00a034\u00a056\u00a078", "33612345678"],
  ["separated by en dashes", "300\u2013123\u20134567", "3001234567"],
  ["cut by zero-width spaces", "300\u200b123\u200b4567", "3001234567"],
  [
    "in fullwidth digits",
    "\uff0b\uff13\uff19 \uff13\uff14\uff17 \uff11\uff12\uff13 \uff14\uff15\uff16\uff17",
    "393471234567",
  ],
  ["percent-encoded", "%2B57%20300%20123%204567", "573001234567"],
  ["double percent-encoded", "%252B57%2520300%2520123%25204567", "573001234567"],
  ["as numeric references", "&#43;33&#32;6&#32;12&#32;34&#32;56&#32;78", "33612345678"],
  ["as named references", "&plus;55&nbsp;11&nbsp;91234&hyphen;5678", "5511912345678"],
  ["in a query, + for spaces", "/es/contacto?from=agent&goal=llamar+al+%2B49+30+12345678", "493012345678"],
  ["in a tel: link", "tel:+14155550100", "14155550100"],
  ["in a visitor's own WhatsApp link", "https://wa.me/5511912345678?text=Oi", "5511912345678"],
  [
    "the second of two numbers in one encoded query (the first one's marker ends nothing)",
    "/es/contacto?goal=%2B33+6+12+34+56+78+y+%2B39+347+123+4567&service=x",
    "393471234567",
  ],
];

/** Email rows: the secret is the address's local part, as it reads. */
const EMAILS: Row[] = [
  ["plain, with a tag", "escriba a ana.maria+lab@correo.example.co hoy", "ana.maria+lab"],
  ["accented, unicode domain", "José.Núñez@correo.ejemplo.example", "josé.núñez"],
  ["upper case", "ANA.RUIZ@CORREO.EXAMPLE", "ana.ruiz"],
  ["percent-encoded @", "ana.ruiz%40correo.example", "ana.ruiz"],
  ["@ as a decimal reference", "ana.ruiz&#64;correo.example", "ana.ruiz"],
  ["@ and the dot as hex references", "ana.ruiz&#x40;correo&#x2E;example", "ana.ruiz"],
  ["@ and the dot as named references", "ana.ruiz&commat;correo&period;example", "ana.ruiz"],
  ["in a mailto: link", "mailto:ana.ruiz@correo.example?subject=Hola", "ana.ruiz"],
  ["in angle brackets", "Ana <ana.ruiz@correo.example>", "ana.ruiz"],
  ["in a query, a tag encoded", "?email=ana.ruiz%2Blab%40correo.example", "ana.ruiz"],
  ["inside a tool's JSON output", '{"contact":"ana.ruiz@correo.example"}', "ana.ruiz"],
  [
    "email before a phone in one encoded query",
    "/es/contacto?goal=mi+correo+ana.ruiz%40correo.example+y+mi+tel%C3%A9fono+%2B57+300+123+4567",
    "ana.ruiz",
  ],
];

/** Both at once, phone first: neither hides the other. */
const BOTH = "/es/contacto?goal=%2B57+300+123+4567+o+ana.ruiz%40correo.example&from=agent";

describe("every shape of a phone number is gone from what a browser would show", () => {
  it.each(PHONES)("%s", (_label, written, secret) => {
    const kept = redactDeep({ text: written }, [SITE.studio.whatsapp]).text;
    expect(asBrowserReads(kept)).toContain(REDACTED.phone);
    expect(digitsOf(kept)).not.toContain(secret.slice(-7));
  });
});

describe("every shape of an email is gone from what a browser would show", () => {
  it.each(EMAILS)("%s", (_label, written, secret) => {
    const kept = redact(written);
    expect(asBrowserReads(kept)).toContain(REDACTED.email);
    expect(asBrowserReads(kept).toLowerCase()).not.toContain(secret);
  });
});

describe("one pass, whatever the order and wherever the detail is", () => {
  it("a phone then an email in one encoded query: both gone, the link still a link with its other fields", () => {
    const kept = redact(BOTH);
    const query = new URLSearchParams(kept.split("?")[1]);
    expect(query.get("goal")).toBe(`${REDACTED.phone} o ${REDACTED.email}`);
    expect(query.get("from")).toBe("agent");
    expect(kept).not.toMatch(/\s/);
  });

  it("text around a link with a detail in it stays as written", () => {
    expect(redact("Vea /es/contacto?goal=%2B57+300+123+4567 y llame al +1 415 555 0100.")).toBe(
      "Vea /es/contacto?goal=%5Bphone%5D y llame al [phone].",
    );
  });

  it("every field of a record: the visitor's words, each part of the message, tool inputs and outputs", () => {
    const message: UIMessage = {
      id: "m",
      role: "assistant",
      parts: [
        { type: "text", text: "Le escribiremos a ana.ruiz&#64;correo.example." },
        {
          type: "tool-search_site",
          toolCallId: "c1",
          state: "output-available",
          input: { query: "tienda %2B49 30 12345678" },
          output: { matches: [{ note: "ana.ruiz%40correo.example" }] },
        },
        {
          type: "tool-suggest_next_step",
          toolCallId: "c2",
          state: "output-available",
          input: { goal: "+33 6 12 34 56 78" },
          output: { href: "/es/contacto?goal=llamar+%2B39+347+123+4567" },
        },
      ] as UIMessage["parts"],
    };
    const record = buildRecord(
      {
        id: "r",
        kind: "agent",
        locale: LOCALES[0],
        startedMs: Date.UTC(2026, 0, 1),
        input: { goal: "ana.ruiz%40correo.example o %2B57%20300%20123%204567" },
        conversationId: null,
      },
      message,
      undefined,
      1_000_000,
    );
    const shown = asBrowserReads(JSON.stringify(record));
    expect(shown).not.toContain("ana.ruiz");
    for (const secret of ["3001234567", "3012345678", "612345678", "3471234567"]) {
      expect(shown.replace(/\D/g, "")).not.toContain(secret);
    }
    expect(record.input).toEqual({ goal: `${REDACTED.email} o ${REDACTED.phone}` });
  });
});

describe("the studio's own WhatsApp number stays, however it is written", () => {
  const own = SITE.studio.whatsapp;
  const digits = own.replace(/\D/g, "");
  it.each([
    ["its WhatsApp link", whatsappUrl(LOCALES[0])],
    ["as written in its content", `WhatsApp ${own}`],
    ["percent-encoded", `tel:${encodeURIComponent(own)}`],
  ])("%s", (_label, written) => {
    const record = buildRecord(
      { id: "r", kind: "chat", locale: LOCALES[0], startedMs: 0, input: { question: "?" }, conversationId: null },
      { id: "m", role: "assistant", parts: [{ type: "text", text: written }] },
      undefined,
      1_000_000,
    );
    const [part] = record.message.parts as { text: string }[];
    expect(part?.text).toBe(written);
    expect(digitsOf(part?.text ?? "")).toContain(digits);
  });

  it("a visitor's number in the same link's greeting is still redacted", () => {
    const link = whatsappUrl(LOCALES[0], "Hola, soy +49 30 12345678");
    const kept = redactDeep(link, [own]);
    expect(kept.startsWith(`https://wa.me/${digits}?`)).toBe(true);
    expect(digitsOf(kept)).not.toContain("3012345678");
  });
});

describe("the digit bounds: 7 to 15 digits after the international prefix", () => {
  const run = (count: number) => "9".repeat(count);
  it.each([
    [`${PHONE_DIGITS.min} digits with a hyphen`, `555-${run(PHONE_DIGITS.min - 3)}`, true],
    [`${PHONE_DIGITS.min - 1} digits with a hyphen`, `555-${run(PHONE_DIGITS.min - 4)}`, false],
    [`${PHONE_DIGITS.min} bare digits`, `4${run(PHONE_DIGITS.min - 1)}`, false],
    [`${PHONE_DIGITS.min + 1} bare digits`, `4${run(PHONE_DIGITS.min)}`, true],
    [`${PHONE_DIGITS.max} digits after +`, `+49 ${run(PHONE_DIGITS.max - 2)}`, true],
    [`${PHONE_DIGITS.max} digits after 00`, `00 49 ${run(PHONE_DIGITS.max - 2)}`, true],
    [`${PHONE_DIGITS.max + 1} digits after +`, `+49 ${run(PHONE_DIGITS.max - 1)}`, false],
    [`${PHONE_DIGITS.max + 2} digits after 00`, `00 49 ${run(PHONE_DIGITS.max - 1)}`, false],
  ])("%s", (_label, written, isPhone) => {
    expect(redact(`n ${written} n`) === `n ${REDACTED.phone} n`).toBe(isPhone);
  });
});
