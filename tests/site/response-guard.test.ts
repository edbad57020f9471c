import { parseAndValidateFlightRouterState } from "next/dist/server/app-render/parse-and-validate-flight-router-state";
import { describe, expect, it } from "vitest";
import { DEFAULT_LOCALE, LOCALES } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import {
  ACTION_BODY_LIMIT_BYTES,
  actionBodyProblem,
  isCrossOriginAction,
  missingSecurityHeaders,
  readableRouterState,
  refuseRequest,
} from "@/lib/site/response-guard";
import { securityHeaders } from "@/lib/site/security-headers";
import { tooLargeFormPage } from "@/lib/site/too-large-page";

const headersOf = (values: Record<string, string>) => (name: string) => values[name.toLowerCase()] ?? null;
const action = { "next-action": "abc", host: "site.example" };

describe("a cross-origin server action", () => {
  it.each([
    ["an action id from another origin", { ...action, origin: "https://elsewhere.example" }],
    [
      "a form post from another origin",
      { host: "site.example", "content-type": "multipart/form-data; boundary=x", origin: "https://elsewhere.example" },
    ],
    [
      "an encoded form from another origin",
      { host: "site.example", "content-type": "Application/X-WWW-Form-Urlencoded", origin: "http://a.example" },
    ],
    ["another port of the same host", { ...action, origin: "https://site.example:8443" }],
    ["an opaque origin", { ...action, origin: "null" }],
    [
      "a forwarded host that differs",
      { ...action, "x-forwarded-host": "proxy.example", origin: "https://site.example" },
    ],
    ["no host at all", { "next-action": "abc", origin: "https://site.example" }],
    [
      "a type Next still reads as a form (it only checks the start)",
      { host: "site.example", "content-type": "multipart/form-dataX; boundary=x", origin: "https://elsewhere.example" },
    ],
  ])("is refused: %s", (_, headers) => {
    expect(isCrossOriginAction("POST", "/es/contact", headersOf(headers))).toBe(true);
  });

  it.each(["/api/../es/contact", "/api/%2e%2e/es/contact", "/api/./../es/contact", "/API/../es/contact"])(
    "is refused at a path that only looks like the API's: %s",
    (path) => {
      expect(isCrossOriginAction("POST", path, headersOf({ ...action, origin: "https://elsewhere.example" }))).toBe(
        true,
      );
    },
  );

  it.each([
    ["the same origin", "POST", "/es/contact", { ...action, origin: "https://site.example" }],
    [
      "the same origin behind a proxy",
      "POST",
      "/es",
      { ...action, host: "internal:3000", "x-forwarded-host": "Site.example", origin: "https://site.example" },
    ],
    ["no origin (left to Next)", "POST", "/es/contact", action],
    [
      "a JSON post to a route",
      "POST",
      "/api/agent",
      { host: "site.example", "content-type": "application/json", origin: "https://elsewhere.example" },
    ],
    ["a read", "GET", "/es/contact", { ...action, origin: "https://elsewhere.example" }],
    [
      "a post that is no action",
      "POST",
      "/es",
      { host: "site.example", "content-type": "application/json", origin: "https://elsewhere.example" },
    ],
  ])("passes: %s", (_, method, path, headers) => {
    expect(isCrossOriginAction(method, path, headersOf(headers))).toBe(false);
  });
});

describe("the headers a response lacks", () => {
  it("are every security header missing from it, and only those", () => {
    const all = securityHeaders(false);
    expect(missingSecurityHeaders(() => false, false)).toEqual(all);
    expect(missingSecurityHeaders(() => true, false)).toEqual([]);
    const present = new Set(["content-security-policy", "x-frame-options"]);
    expect(missingSecurityHeaders((name) => present.has(name.toLowerCase()), false).map(({ key }) => key)).toEqual(
      all.map(({ key }) => key).filter((key) => !present.has(key.toLowerCase())),
    );
  });
});

describe("an unreadable router state header", () => {
  // Next's own parser: the guard must refuse exactly what it can't read, or it would break the
  // client router's navigations (refusing too much) or leave Next its 500 (refusing too little).
  const nextReads = (value: string) => {
    try {
      parseAndValidateFlightRouterState(value);
      return true;
    } catch {
      return false;
    }
  };
  const encode = (state: unknown) => encodeURIComponent(JSON.stringify(state));
  const cases = [
    encode(["", { children: ["__PAGE__", {}] }, null, null, true]),
    encode(["", { children: ["__PAGE__", {}] }, null, null, 1]),
    encode(["", { children: [["locale", "es", "d", null], { children: ["inbox", { children: ["__PAGE__", {}] }] }] }]),
    encode(["", { children: [["locale", "es", "d", ["en"]], {}, ["/es", "/es"], "refetch", 1, "x"] }]),
    encode(["", { children: ["__PAGE__", {}, null, "inside-shared-layout"] }]),
    encode(["", { children: ["__PAGE__", {}, null, "metadata-only", null] }]),
    encode(["", {}]),
    encode(["", { children: [["locale", "es", "zz", null], {}] }]),
    encode(["", { children: [["locale", "es", "d"], {}] }]),
    encode(["", { children: ["__PAGE__", {}, null, "sometimes"] }]),
    encode(["", { children: ["__PAGE__", {}, ["/es"]] }]),
    encode(["", { children: ["__PAGE__", {}] }, null, null, 1, "x", "one too many"]),
    encode(["", []]),
    encode(["", [["__PAGE__", {}]]]),
    encode(["", [["__PAGE__", "no"]]]),
    encode(["", { children: "__PAGE__" }]),
    encode([1, {}]),
    encode([""]),
    encode({ children: [] }),
    encode("text"),
    "%7Bnot-json",
    "%E0%A4%A",
    "[",
    "",
    encode(["", { children: ["x".repeat(41_000), {}] }]),
    // Every dynamic segment type Next writes (catch-all, optional, intercepted), and one it doesn't.
    ...[
      "c",
      "ci(..)(..)",
      "ci(.)",
      "ci(..)",
      "ci(...)",
      "oc",
      "d",
      "di(..)(..)",
      "di(.)",
      "di(..)",
      "di(...)",
      "x",
    ].map((type) => encode(["", { children: [["slug", "a/b", type, null], { children: ["__PAGE__", {}] }] }])),
  ];
  it.each(cases.map((value) => [value.slice(0, 80), value]))("is refused when Next can't read it: %s", (_, value) => {
    expect(readableRouterState(value)).toBe(nextReads(value));
  });

  it("is no concern when absent", () => {
    expect(readableRouterState(null)).toBe(true);
  });
});

describe("a server action's body", () => {
  const form = { host: "site.example", "content-type": "multipart/form-data; boundary=x" };
  const scripted = { host: "site.example", "next-action": "abc", "content-type": "text/plain;charset=UTF-8" };
  const limit = ACTION_BODY_LIMIT_BYTES;
  it("over the limit is refused before it is read: 413, the form's page without JavaScript, JSON with it", () => {
    const plain = refuseRequest(
      {
        method: "POST",
        path: "/x/contact",
        header: headersOf({ ...form, "content-length": `${limit + 1}` }),
        hasBody: true,
      },
      (path) => `page for ${path}`,
    );
    expect(plain).toEqual({ status: 413, contentType: "text/html; charset=utf-8", body: "page for /x/contact" });
    const fetched = refuseRequest(
      {
        method: "POST",
        path: "/x/contact",
        header: headersOf({ ...scripted, "content-length": `${limit + 1}` }),
        hasBody: true,
      },
      () => "unused",
    );
    expect(fetched?.status).toBe(413);
    expect(JSON.parse(fetched?.body ?? "{}")).toMatchObject({ error: { code: "body_too_large" } });
  });

  it.each([
    ["at the limit", { ...form, "content-length": `${limit}` }, true, null],
    ["one byte over", { ...form, "content-length": `${limit + 1}` }, true, "too_large"],
    ["a length that is no number", { ...scripted, "content-length": "12abc" }, true, "too_large"],
    ["chunked, with no length", form, true, "length_required"],
    ["no body and no length", scripted, false, null],
    [
      "a multipart form with no boundary",
      { ...form, "content-type": "multipart/form-data", "content-length": "20" },
      true,
      "unreadable_form",
    ],
    ["a multipart form with no body", { ...form, "content-length": "0" }, true, "unreadable_form"],
    [
      "a quoted boundary",
      { ...form, "content-type": 'multipart/form-data; boundary="a b"', "content-length": "20" },
      true,
      null,
    ],
  ] as const)("%s", (_, headers, hasBody, problem) => {
    expect(actionBodyProblem("POST", "/x/contact", headersOf(headers), hasBody)).toBe(problem);
  });

  it("is none of the guard's business on an API route (each reads its own with a cap) or in a read", () => {
    const huge = { ...form, "content-length": `${limit * 10}` };
    expect(actionBodyProblem("POST", "/api/agent", headersOf(huge), true)).toBeNull();
    expect(actionBodyProblem("GET", "/x/contact", headersOf(huge), true)).toBeNull();
    expect(
      actionBodyProblem(
        "POST",
        "/x",
        headersOf({ "content-type": "application/json", "content-length": `${limit * 10}` }),
        true,
      ),
    ).toBeNull();
  });
});

describe("the page a form gets for a body over the limit", () => {
  it("says so in the language of the page it came from, and links back to it only on this site", () => {
    for (const locale of LOCALES) {
      const page = tooLargeFormPage(`/${locale}/contact`);
      expect(page).toContain(`<html lang="${locale}">`);
      expect(page).toContain(getDictionary(locale).requestErrors.tooLargeTitle);
      expect(page).toContain(`href="/${locale}/contact"`);
    }
    expect(tooLargeFormPage("//evil.example/x")).toContain('href="/evil.example/x"');
    expect(tooLargeFormPage('/x"><script>')).not.toContain("<script>");
    expect(tooLargeFormPage("/nowhere")).toContain(`<html lang="${DEFAULT_LOCALE}">`);
  });

  it("links back to exactly the path it came from, whatever characters it holds, inside its attribute", () => {
    for (const path of ['/x"><script>alert(1)</script>', "/a&b=<c>", "/es/contact?x='y'"]) {
      const page = tooLargeFormPage(path);
      const hrefs = [...page.matchAll(/href="([^"]*)"/g)].map(([, value]) => value);
      expect(hrefs).toHaveLength(1);
      const decoded = (hrefs[0] ?? "")
        .replaceAll("&quot;", '"')
        .replaceAll("&lt;", "<")
        .replaceAll("&gt;", ">")
        .replaceAll("&amp;", "&");
      expect(decoded).toBe(path);
      expect(page).not.toMatch(/<script/i);
    }
  });

  it("states the limit the guard holds, in every language", () => {
    for (const locale of LOCALES) {
      const alert = /<p role="alert">([^<]*)<\/p>/.exec(tooLargeFormPage(`/${locale}/contact`))?.[1] ?? "";
      const stated = /(\d+(?:[.,]\d+)?)\s?MB/.exec(alert)?.[1] ?? "";
      expect(Number(stated.replace(",", ".")) * 1024 * 1024, alert).toBe(ACTION_BODY_LIMIT_BYTES);
    }
  });
});
