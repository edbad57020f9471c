// Guards the settings the studio's email, inbox and form hints read, each from a fixture of its
// own: the time zone (given, else the country's only one, else UTC) and the phone example (a
// number of the country of the studio's own WhatsApp, never that number itself).
import { describe, expect, it } from "vitest";
import { phoneExample } from "@/lib/content/phone";
import { contentSchemas } from "@/lib/content/schema";
import { resolveSettings } from "@/lib/content/settings";

const settings = (country: string, timeZone?: string) =>
  resolveSettings({ currency: "PEN", locales: ["es"], ...(timeZone ? { timeZone } : {}) }, country, [
    { file: "services/x.yaml", price: 1000 },
  ]);

describe("the studio's time zone", () => {
  it("is the one studio.yaml gives", () => {
    expect(settings("México", "America/Monterrey").timeZone).toBe("America/Monterrey");
  });

  it("defaults to the country's when it has only one, else to UTC rather than one city's guess", () => {
    expect(settings("Perú").timeZone).toBe("America/Lima");
    expect(settings("México").timeZone).toBe("UTC");
    expect(settings("Atlantis").timeZone).toBe("UTC");
  });

  it("refuses a zone Intl doesn't know, and says what it takes", () => {
    const { studioSource } = contentSchemas(["es"]);
    const shape = studioSource.shape.timeZone;
    expect(shape.safeParse("America/Lima").success).toBe(true);
    const refused = shape.safeParse("Bogota time");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/IANA time zone/);
  });
});

describe("the phone example", () => {
  it("is a number of the studio's own country in international format, not the studio's number", () => {
    const spain = phoneExample("+34910000000");
    expect(spain).toMatch(/^\+34 \d/);
    expect(spain.replace(/\D/g, "")).not.toBe("34910000000");
    expect(phoneExample("+51987654321")).toMatch(/^\+51 \d/);
    expect(phoneExample("+14155550123")).toMatch(/^\+1 \d/);
  });

  it("keeps what it can't read as written", () => {
    expect(phoneExample("+0")).toBe("+0");
  });
});

describe("the studio's language names", () => {
  it("names each of its languages in each of them, read from Intl at build time", () => {
    const two = resolveSettings({ currency: "EUR", locales: ["fr", "de"] }, "Suisse", [
      { file: "services/x.yaml", price: 1000 },
    ]);
    expect(two.languageNames).toEqual({
      fr: { fr: "français", de: "allemand" },
      de: { fr: "Französisch", de: "Deutsch" },
    });
    expect(settings("Perú").languageNames).toEqual({ es: { es: "español" } });
  });
});
