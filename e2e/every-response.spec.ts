import { expect, test } from "@playwright/test";
import { DEFAULT_LOCALE, LOCALES } from "../lib/i18n/config";
import { studioPaths } from "../lib/lab-view/paths";
import { paths } from "../lib/site/paths";
import { STUDIO_PAGE_HEADERS, securityHeaders } from "../lib/site/security-headers";

// Every response the server can send carries the security headers, including those Next and the
// Worker answer before `headers()` in next.config.ts runs: Next's own redirects (trailing, double
// and leading slashes), URLs it can't decode, unknown `_next` routes and the image route, 404s,
// other methods; the studio's own pages, and only they, one more (the opener policy). And a server
// action posted from another origin is refused with a clean 403.
// The studio's first language: paths under it reach the site's pages, not the missing-language redirect.
const L = DEFAULT_LOCALE;
const ODD_PATHS = [
  "/",
  `/${L}/`,
  `/${L}//`,
  `//${L}`,
  `/${L}/projects/`,
  `/${L}/lab/`,
  "/api/agent/",
  "/api//agent",
  "/api//health",
  "/robots.txt/",
  `/${L}/nope`,
  "/api/nope",
  "/%",
  `/${L}/%E0%A4%A`,
  "/_next/nope",
  "/_next/static/nope.js",
  "/_next/data/x/y.json",
  "/_next/image",
  "/_next/image?url=/nope.png&w=64&q=75",
  "/.well-known/nope",
];
const EXPECTED = securityHeaders(false);

function absolute(base: string | undefined, path: string): string {
  // Joined as text: `new URL("//xx", base)` would read "//xx" as another host.
  return `${(base ?? "").replace(/\/$/, "")}${path}`;
}

test("every odd path answers with the security headers", async ({ request }, testInfo) => {
  const base = testInfo.project.use.baseURL;
  const missing: string[] = [];
  for (const path of ODD_PATHS) {
    for (const method of ["GET", "HEAD", "POST", "OPTIONS"]) {
      const response = await request.fetch(absolute(base, path), { method, maxRedirects: 0 });
      const headers = response.headers();
      for (const { key, value } of EXPECTED) {
        if (headers[key.toLowerCase()] !== value) missing.push(`${method} ${path} ${response.status()}: ${key}`);
      }
    }
  }
  expect(missing).toEqual([]);
});

test("the studio's pages, and only they, cut any tie to another window", async ({ request }, testInfo) => {
  const base = testInfo.project.use.baseURL;
  const studio = [studioPaths.inbox(L), studioPaths.uses(L), studioPaths.gaps(L), studioPaths.run(L, "no-such-run")];
  const publicPages = [`/${L}`, paths.contact(L), paths.labPage(L, "agent"), `/${L}/nope`];
  for (const path of [...studio, ...publicPages]) {
    const headers = (await request.get(absolute(base, path), { maxRedirects: 0 })).headers();
    for (const { key, value } of STUDIO_PAGE_HEADERS) {
      expect(headers[key.toLowerCase()], `${path} ${key}`).toBe(studio.includes(path) ? value : undefined);
    }
  }
});

test("an address that is not valid percent-encoding answers 400, before the site's router", async ({
  request,
}, testInfo) => {
  const base = testInfo.project.use.baseURL;
  for (const path of ["/%", `/${L}/%E0%A4%A`, "/api/agent%zz"]) {
    const response = await request.fetch(absolute(base, path), { maxRedirects: 0 });
    expect(response.status(), path).toBe(400);
    expect(await response.text(), path).toMatch(/not valid percent-encoding/);
  }
  expect((await request.fetch(absolute(base, `/${L}/%25`), { maxRedirects: 0 })).status()).not.toBe(400);
});

test("a server action posted from another origin answers 403", async ({ request }, testInfo) => {
  const base = testInfo.project.use.baseURL;
  const posts: Record<string, string>[] = [
    { "next-action": "0".repeat(42), "content-type": "text/plain;charset=UTF-8" },
    { "content-type": "multipart/form-data; boundary=x" },
    { "content-type": "application/x-www-form-urlencoded" },
    // Next reads any type that starts so as a form.
    { "content-type": "multipart/form-dataX; boundary=x" },
  ];
  for (const path of [...LOCALES.map((locale) => paths.contact(locale)), `/${L}`]) {
    for (const headers of posts) {
      const response = await request.post(absolute(base, path), {
        headers: { ...headers, origin: "https://elsewhere.example" },
        data: "[]",
        maxRedirects: 0,
      });
      expect(response.status(), `${path} ${JSON.stringify(headers)}`).toBe(403);
      expect((await response.json()).error.code).toBe("cross_origin_action");
      expect(response.headers()["x-frame-options"]).toBe("DENY");
    }
  }
  // The same action from the site's own origin reaches Next, which doesn't know it (not a 403).
  const own = await request.post(absolute(base, paths.contact(L)), {
    headers: {
      "next-action": "0".repeat(42),
      "content-type": "text/plain;charset=UTF-8",
      origin: new URL(base ?? "").origin,
    },
    data: "[]",
    maxRedirects: 0,
  });
  expect(own.status()).not.toBe(403);
});

test("a multipart form no parser can read answers 400 before Next reads it", async ({ request }, testInfo) => {
  const base = testInfo.project.use.baseURL;
  const origin = new URL(base ?? "").origin;
  for (const [type, data] of [
    ["multipart/form-data", "name=x"],
    ["multipart/form-data; boundary=x", ""],
  ] as const) {
    const response = await request.post(absolute(base, paths.contact(L)), {
      headers: { "content-type": type, origin },
      data,
      maxRedirects: 0,
    });
    expect(response.status(), `${type} ${JSON.stringify(data)}`).toBe(400);
    expect((await response.json()).error.code).toBe("unreadable_form");
    expect(response.headers()["x-frame-options"]).toBe("DENY");
  }
});

// The site has no preview mode: Next reads preview cookies only with the build's secret preview
// id, and the Worker is built without the library that would verify their signature
// (scripts/trim-server-bundle.ts). A visitor's made-up ones change nothing.
test("preview-mode cookies a visitor sends change nothing", async ({ request }, testInfo) => {
  const base = testInfo.project.use.baseURL;
  const cookie =
    "__prerender_bypass=0123456789abcdef0123456789abcdef; __next_preview_data=eyJhbGciOiJIUzI1NiJ9.eyJkYXRhIjoieCJ9.c2ln";
  for (const path of [`/${L}`, paths.contact(L), paths.labPage(L, "agent"), "/api/health", `/${L}/nope`]) {
    const plain = await request.get(absolute(base, path), { maxRedirects: 0 });
    const withCookies = await request.get(absolute(base, path), { headers: { cookie }, maxRedirects: 0 });
    expect(withCookies.status(), path).toBe(plain.status());
    expect(withCookies.status(), path).toBeLessThan(500);
  }
});
