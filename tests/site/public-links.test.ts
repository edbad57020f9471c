// Guards the links search engines read: canonical, hreflang (every language of the studio plus
// x-default), Open Graph and the sitemap are absolute on SITE_URL; without it the sitemap and
// robots.txt are on the host the request addressed (a local preview on any port) and the
// prerendered pages' links stay relative rather than naming a host the build guessed.
import { afterEach, describe, expect, it, vi } from "vitest";
import robots from "@/app/robots";
import sitemap from "@/app/sitemap";
import { SITE } from "@/lib/content/site";
import { DEFAULT_LOCALE, LOCALES } from "@/lib/i18n/config";
import { alternatePath } from "@/lib/site/alternates";
import { frameMetadata } from "@/lib/site/frame";
import { pageMetadata } from "@/lib/site/metadata";
import { absoluteUrl, parsePublicOrigin, requestOrigin } from "@/lib/site/public-origin";
import { allSitemapPages } from "@/lib/site/sitemap-pages";

const request = { current: new Headers() };
vi.mock("next/headers", () => ({ headers: async () => request.current }));
vi.mock("next/navigation", () => ({
  notFound: () => {
    throw new Error("NEXT_NOT_FOUND");
  },
}));

const SITE_URL = "https://studio.example";
afterEach(() => vi.unstubAllEnvs());

const links = (path: string, origin: string) => ({
  ...Object.fromEntries(LOCALES.map((locale) => [locale, `${origin}${alternatePath(path, locale, SITE)}`])),
  "x-default": `${origin}${alternatePath(path, DEFAULT_LOCALE, SITE)}`,
});

describe("a page's links", () => {
  it("are absolute on SITE_URL: canonical, every language's hreflang, x-default and Open Graph", () => {
    vi.stubEnv("SITE_URL", `${SITE_URL}/`);
    for (const path of allSitemapPages()) {
      const locale = LOCALES.find((l) => path === `/${l}` || path.startsWith(`/${l}/`)) ?? DEFAULT_LOCALE;
      const metadata = pageMetadata(locale, { title: "T", description: "D", path });
      expect(metadata.alternates).toEqual({ canonical: `${SITE_URL}${path}`, languages: links(path, SITE_URL) });
      expect(metadata.openGraph).toMatchObject({ url: `${SITE_URL}${path}`, siteName: SITE.studio.name });
    }
  });

  it("of the home page (the frame) are too, with the origin as metadataBase", () => {
    const metadata = frameMetadata(SITE.studio, DEFAULT_LOCALE, SITE_URL);
    const home = `/${DEFAULT_LOCALE}`;
    expect(metadata.alternates).toEqual({ canonical: `${SITE_URL}${home}`, languages: links(home, SITE_URL) });
    expect(metadata.openGraph).toMatchObject({ url: `${SITE_URL}${home}` });
    expect(String(metadata.metadataBase)).toBe(`${SITE_URL}/`);
  });

  it("stay relative when no origin is known (a build without SITE_URL): no guessed host", () => {
    vi.stubEnv("SITE_URL", "");
    const [path = "/"] = allSitemapPages();
    const metadata = pageMetadata(DEFAULT_LOCALE, { title: "T", description: "D", path });
    expect(metadata.alternates?.canonical).toBe(path);
    expect(JSON.stringify(metadata)).not.toMatch(/localhost|https?:/);
  });
});

describe("the sitemap and robots.txt", () => {
  it("list every page on SITE_URL, whatever host the request named", async () => {
    vi.stubEnv("SITE_URL", SITE_URL);
    request.current = new Headers({ host: "127.0.0.1:9200" });
    const entries = await sitemap();
    expect(entries.map((entry) => entry.url)).toEqual(allSitemapPages().map((path) => `${SITE_URL}${path}`));
    for (const entry of entries) {
      expect(entry.alternates?.languages).toEqual(links(new URL(entry.url).pathname, SITE_URL));
    }
    expect((await robots()).sitemap).toBe(`${SITE_URL}/sitemap.xml`);
  });

  it("without SITE_URL, are on the host the request addressed, port and all", async () => {
    vi.stubEnv("SITE_URL", "");
    request.current = new Headers({ host: "127.0.0.1:9200" });
    const entries = await sitemap();
    expect(entries.length).toBe(allSitemapPages().length);
    expect(entries.every((entry) => entry.url.startsWith("http://127.0.0.1:9200/"))).toBe(true);
    expect((await robots()).sitemap).toBe("http://127.0.0.1:9200/sitemap.xml");
  });

  it("answer a Host that is no host with no sitemap (404) and a robots.txt without one", async () => {
    vi.stubEnv("SITE_URL", "");
    request.current = new Headers({ host: "evil.example/x?" });
    await expect(sitemap()).rejects.toThrow("NEXT_NOT_FOUND");
    expect((await robots()).sitemap).toBeUndefined();
  });
});

describe("the public origin", () => {
  it("is SITE_URL's origin, or nothing, or an error for what is no http(s) URL", () => {
    expect(parsePublicOrigin(" https://studio.example/ ")).toBe("https://studio.example");
    expect(parsePublicOrigin("http://127.0.0.1:3600/es")).toBe("http://127.0.0.1:3600");
    expect(parsePublicOrigin("")).toBeUndefined();
    expect(parsePublicOrigin(undefined)).toBeUndefined();
    expect(parsePublicOrigin("ftp://studio.example")).toBeNull();
    expect(parsePublicOrigin("studio.example")).toBeNull();
  });

  it("from a request: the host addressed, with the scheme the proxy says or http on loopback", () => {
    const origin = (headers: Record<string, string>, workers = false) =>
      requestOrigin(new Headers(headers), { workers });
    expect(origin({ host: "127.0.0.1:3600" })).toBe("http://127.0.0.1:3600");
    expect(origin({ host: "localhost:9200" })).toBe("http://localhost:9200");
    expect(origin({ host: "Studio.Example" })).toBe("https://studio.example");
    expect(origin({ host: "studio.example", "x-forwarded-proto": "http" })).toBe("http://studio.example");
    expect(origin({ host: "127.0.0.1:3600", "x-forwarded-host": "studio.example", "x-forwarded-proto": "https" })).toBe(
      "https://studio.example",
    );
    // On Workers, Host is what Cloudflare routed by; a forwarded host is only what the client wrote.
    expect(origin({ host: "studio.example", "x-forwarded-host": "evil.example" }, true)).toBe("https://studio.example");
    expect(origin({ host: "[::1]:3000" })).toBe("http://[::1]:3000");
    for (const host of ["evil.example/x", "a b", "user@evil.example", "", "evil.example:port"]) {
      expect(origin({ host }), host).toBeUndefined();
    }
    expect(origin({ host: "studio.example", "x-forwarded-proto": "javascript" })).toBe("https://studio.example");
  });

  it("makes a path absolute only when there is an origin", () => {
    expect(absoluteUrl("/es", "https://studio.example")).toBe("https://studio.example/es");
    expect(absoluteUrl("/es", undefined)).toBe("/es");
  });
});
