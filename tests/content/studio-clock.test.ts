// Guards the settings the studio's email, inbox and form hints read, each from a fixture of its
// own: the time zone (given, else the country's main one, else the knowledge step asks) and the phone example (a
// number of the country of the studio's own WhatsApp, never that number itself).
import { describe, expect, it } from "vitest";
import { phoneExample } from "@/lib/content/phone";
import { contentSchemas } from "@/lib/content/schema";
import { resolveSettings } from "@/lib/content/settings";

const settings = (country: string, timeZone?: string, city = "") =>
  resolveSettings({ currency: "PEN", locales: ["es", "de"], ...(timeZone ? { timeZone } : {}) }, { country, city }, [
    { file: "services/x.yaml", price: 1000 },
  ]);

describe("the studio's time zone", () => {
  it("is the one studio.yaml gives", () => {
    expect(settings("México", "America/Monterrey").timeZone).toBe("America/Monterrey");
  });

  it("defaults to the country's when it has only one", () => {
    expect(settings("Perú").timeZone).toBe("America/Lima");
  });

  it("takes the country's main clock when it has several zones: the one of the studio's city, or the one all keep", () => {
    // Germany lists Europe/Berlin and Europe/Busingen, one clock: not UTC.
    expect(settings("Deutschland", undefined, "Köln").timeZone).toBe("Europe/Berlin");
    expect(settings("España", undefined, "Madrid").timeZone).toBe("Europe/Madrid");
  });

  it("asks for timeZone, naming the zones, rather than guess one city's clock for another's, or UTC", () => {
    expect(() => settings("México", undefined, "Guadalajara")).toThrow(
      /timeZone: México keeps several clocks \(.*America\/Cancun.*\): set timeZone/,
    );
    expect(() => settings("España", undefined, "Sevilla")).toThrow(/Atlantic\/Canary/);
    expect(() => settings("Atlantis")).toThrow(/timeZone: the country "Atlantis" is not one Intl knows/);
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
    const two = resolveSettings({ currency: "EUR", locales: ["fr", "de"] }, { country: "Suisse", city: "Genève" }, [
      { file: "services/x.yaml", price: 1000 },
    ]);
    expect(two.languageNames).toEqual({
      fr: { fr: "français", de: "allemand" },
      de: { fr: "Französisch", de: "Deutsch" },
    });
    expect(settings("Perú").languageNames.es).toEqual({ es: "español", de: "alemán" });
  });
});
