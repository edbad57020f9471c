import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { ContactForm } from "@/components/contact/contact-form";
import { LOCALES } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { paths } from "@/lib/site/paths";

// Guards the contact form without JavaScript: its state is keyed by the contact page's permalink
// (useActionState's third argument), so the answer to a plain post (sent, or the field errors)
// reaches the form rendered on that page rather than a fresh one.

const calls = vi.hoisted(() => [] as unknown[][]);
vi.mock("react", async (importOriginal) => {
  const actual = await importOriginal<typeof import("react")>();
  return {
    ...actual,
    useActionState: (...args: unknown[]) => {
      calls.push(args);
      return [args[1], () => {}, false];
    },
  };
});

describe("the contact form's state", () => {
  it.each(LOCALES)("is keyed by the contact page's own permalink (%s)", (locale) => {
    calls.length = 0;
    const send = async () => ({ status: "idle" as const });
    renderToStaticMarkup(
      createElement(ContactForm, { locale, copy: getDictionary(locale).contact, services: [], send }),
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]?.[0]).toBe(send);
    expect(calls[0]?.[2]).toBe(paths.contact(locale));
  });
});
