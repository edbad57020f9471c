// Guards how the studio's email and inbox read, in the studio's own settings (its default
// language, time zone and services, whatever content/ holds): the time on the studio's clock in
// its language, the page language by name, the visitor's message first and largest, and the
// summary the form prefilled not said a second time.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { InboxList } from "@/components/contact/inbox-list";
import { SETTINGS } from "@/content/generated/settings";
import { composeLeadEmail, formatReceived } from "@/lib/contact/compose";
import { summaryLines } from "@/lib/contact/lead-context";
import { inboxUrl } from "@/lib/contact/settings";
import { SITE } from "@/lib/content/site";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "@/lib/i18n/config";
import { es as spanish } from "@/lib/i18n/dictionaries/es";
import { getDictionary } from "@/lib/i18n/dictionary";
import { localeTag } from "@/lib/i18n/format";
import { lead } from "./lead-fixtures";

const words = getDictionary(DEFAULT_LOCALE).leads;
const RECEIVED = "2026-12-01T16:46:00.958Z";
// Another language of the site when it has one: the visitor's page language is not the studio's.
const visitorLocale: Locale = LOCALES.at(-1) ?? DEFAULT_LOCALE;
const count = (text: string, part: string) => text.split(part).length - 1;

/** The prefilled summary of a run, as the contact form wrote it in the visitor's language. */
function prefilled(context: Parameters<typeof summaryLines>[0], locale: Locale): string {
  const names = SITE.services.map((service) => ({
    id: service.id,
    name: service.text[locale].name,
    extras: service.extras.map((extra) => ({ id: extra.id, name: extra.name[locale] })),
  }));
  return summaryLines(context, names, getDictionary(locale).contact.summaryWords, locale).join("\n");
}

describe("the studio's email", () => {
  it("says when on the studio's clock, in its language, never as a UTC timestamp", () => {
    const text = composeLeadEmail(lead(1, { receivedAt: RECEIVED }), "https://studio.example/inbox").text;
    const line = text.split("\n").find((row) => row.startsWith(`${words.received}: `)) ?? "";
    expect(line).not.toContain("2026-12-01T");
    const at = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat(localeTag(DEFAULT_LOCALE), { timeZone: SETTINGS.timeZone, ...options }).format(
        new Date(RECEIVED),
      );
    expect(line).toContain(at({ month: "long" }));
    expect(line).toContain(at({ day: "numeric" }));
    expect(line).toContain("2026");
    // The studio's hour (12- or 24-hour, as its language writes it) and the minute.
    const hour = Number(
      new Intl.DateTimeFormat("en", { timeZone: SETTINGS.timeZone, hour: "numeric", hourCycle: "h23" }).format(
        new Date(RECEIVED),
      ),
    );
    expect(line).toMatch(new RegExp(`\\b(0?${hour}|${hour % 12 || 12}):46\\b`));
  });

  it("keeps the stored value of a time it cannot read", () => {
    expect(formatReceived("not a time", DEFAULT_LOCALE)).toBe("not a time");
  });

  it("names the visitor's page language in the studio's language, not by its code", () => {
    const text = composeLeadEmail(lead(1, { locale: visitorLocale }), "https://studio.example/inbox").text;
    const name = new Intl.DisplayNames([localeTag(DEFAULT_LOCALE)], { type: "language" }).of(visitorLocale);
    expect(name).not.toBe(visitorLocale);
    expect(text).toContain(`${words.language}: ${name}\n`);
  });

  it("puts the visitor's message first: before who wrote it in the text, in the largest type in the HTML", () => {
    const message = "Necesito una tienda.\nY un blog.";
    const email = composeLeadEmail(lead(1, { message, phone: "+1 555 0100" }), "https://studio.example/inbox");
    expect(email.text.indexOf(message)).toBeGreaterThan(0);
    expect(email.text.indexOf(message)).toBeLessThan(email.text.indexOf(`${words.from}: `));
    const quote = /<blockquote style="([^"]*)">([^<]*)<\/blockquote>/.exec(email.html);
    expect(quote?.[2]).toBe("Necesito una tienda.\nY un blog.");
    expect(email.html.indexOf("<blockquote")).toBeLessThan(email.html.indexOf("<table>"));
    const sizes = [...email.html.matchAll(/font-size:(\d+)px/g)].map((match) => Number(match[1]));
    expect(Number(/font-size:(\d+)px/.exec(quote?.[1] ?? "")?.[1])).toBe(Math.max(...sizes));
  });

  it("says the Lab's goal once: the lines the form prefilled are not repeated as the visitor's summary", () => {
    const context = { source: "agent" as const, goal: "Una tienda para mi librería", extraIds: [] };
    const summary = `${prefilled(context, visitorLocale)}\nTambién un blog.`;
    const text = composeLeadEmail(lead(1, { context, summary, locale: visitorLocale }), "https://s.example/i").text;
    expect(count(text, context.goal)).toBe(1);
    expect(text).toContain(`${words.visitorSummary}: También un blog.`);

    const untouched = composeLeadEmail(
      lead(2, { context, summary: prefilled(context, visitorLocale), locale: visitorLocale }),
      "https://s.example/i",
    ).text;
    expect(count(untouched, context.goal)).toBe(1);
    expect(untouched).not.toContain(words.visitorSummary);
  });

  it("keeps a summary the visitor wrote with no Lab context, as written", () => {
    const text = composeLeadEmail(lead(1, { summary: "Mi propio resumen" }), "https://s.example/i").text;
    expect(text).toContain(`${words.visitorSummary}: Mi propio resumen`);
  });

  it("names where the lead came from as a value that reads on its own after its label", () => {
    for (const source of ["agent", "quote"] as const) {
      const text = composeLeadEmail(lead(1, { context: { source, extraIds: [] } }), "https://s.example/i").text;
      expect(text).toContain(`${words.source}: ${words.sources[source]}\n`);
    }
  });

  it("links the inbox on the origin it is given, the path alone when none is known", () => {
    expect(inboxUrl("http://127.0.0.1:9200")).toBe(`http://127.0.0.1:9200/${DEFAULT_LOCALE}/inbox`);
    expect(inboxUrl(undefined)).toBe(`/${DEFAULT_LOCALE}/inbox`);
  });
});

describe("the inbox card", () => {
  it("shows the visitor's message before the facts, as the card's quote", () => {
    const html = renderToStaticMarkup(
      createElement(InboxList, {
        leads: [
          {
            lead: lead(1, { message: "Hola, quiero una tienda.", receivedAt: RECEIVED }),
            delivery: { state: "sent", attempts: 1 },
          },
        ],
        locale: DEFAULT_LOCALE,
        copy: getDictionary(DEFAULT_LOCALE).inbox,
      }),
    );
    const message = html.indexOf("Hola, quiero una tienda.");
    expect(html.lastIndexOf('data-testid="inbox-message"', message)).toBeGreaterThan(0);
    expect(message).toBeLessThan(html.indexOf("<dl"));
    expect(html).toContain(formatReceived(RECEIVED, DEFAULT_LOCALE));
    expect(html).not.toContain(RECEIVED);
  });
});

describe("the shipped Spanish dictionary's grammar", () => {
  it("writes no 'de el' / 'a el' (they contract to 'del' / 'al')", () => {
    const strings = (value: unknown): string[] =>
      typeof value === "string"
        ? [value]
        : value && typeof value === "object"
          ? Object.values(value).flatMap(strings)
          : [];
    expect(strings(spanish).length).toBeGreaterThan(100);
    expect(strings(spanish).filter((text) => /\b(de|a) el\b/i.test(text))).toEqual([]);
  });
});
