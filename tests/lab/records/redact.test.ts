import { describe, expect, it } from "vitest";
import { redact, redactDeep } from "@/lib/lab/records/redact";

// Guards what is kept of the visitor's words: no email address and no phone number, in any
// country's way of writing one; amounts, dates and short counts stay readable.

describe("redact", () => {
  it.each([
    ["write to ana.maria+lab@correo.example.co today", "write to [email] today"],
    ["two: a@b.io, Ñandú@dominio.example", "two: [email], [email]"],
    ["call +1 415 555 0100 now", "call [phone] now"],
    ["mi número (55) 1234-5678.", "mi número [phone]."],
    ["whatsapp 300 123 4567", "whatsapp [phone]"],
    ["tel 0034 612 34 56 78!", "tel [phone]!"],
    ["+44 20 7946 0958 or 06.12.34.56.78", "[phone] or [phone]"],
    ["3001234567", "[phone]"],
    ["office 555-0100", "office [phone]"],
  ])("%s", (typed, kept) => {
    expect(redact(typed)).toBe(kept);
  });

  it.each([
    "a budget of 2.500.000, 1,200 or 12.500.000,50",
    "$ 12 500 000 or 12 500 000 USD",
    "from 2024-2025, by 2025-01-15 or 15-01-2025",
    "12 weeks, 3 pages, a team of 4, version 1.2.3, 45000 ms",
  ])("keeps %s", (typed) => {
    expect(redact(typed)).toBe(typed);
  });

  it("redactDeep redacts every string of a value, a link's query read decoded, and keeps what it is told to", () => {
    const studio = "+573001112233";
    const value = {
      query: "shop, ana@correo.example",
      links: [
        "/es/contacto?from=agent&goal=call+%2B1+415+555+0100+or+ana%40correo.example",
        `https://wa.me/${studio.slice(1)}?text=Hola`,
      ],
      count: 3,
      kept: null,
    };
    const redacted = redactDeep(value, [studio, studio.slice(1)]);
    expect(redacted.query).toBe("shop, [email]");
    expect(new URLSearchParams(redacted.links[0]?.split("?")[1]).get("goal")).toBe("call [phone] or [email]");
    expect(redacted.links[1]).toBe(`https://wa.me/${studio.slice(1)}?text=Hola`);
    expect(redacted).toMatchObject({ count: 3, kept: null });
    expect(redactDeep(value).links[1]).toBe("https://wa.me/[phone]?text=Hola");
  });
});
