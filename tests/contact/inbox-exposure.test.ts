// @studio demo
// Guards who can read the studio's messages: only the inbox page lists them (no other page, API
// route or component reaches the listing), the page is noindex and out of the sitemap, and
// without its key it shows a login, not a message.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import sitemap from "@/app/sitemap";
import { inboxSessionToken } from "@/lib/contact/inbox-auth";
import { sharedMemoryContactStore } from "@/lib/contact/store";
import { locale } from "@/tests/support/studio";
import { lead, sender } from "./lead-fixtures";

const en = locale("en");

const cookieJar = new Map<string, string>();
vi.mock("next/headers", () => ({
  cookies: async () => ({ get: (name: string) => (cookieJar.has(name) ? { value: cookieJar.get(name) } : undefined) }),
  headers: async () => new Headers({ host: "studio.example" }),
}));
vi.mock("next/server", () => ({ after: () => {} }));

const ROOT = path.resolve(import.meta.dirname, "../..");
function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

describe("the studio's inbox", () => {
  it("is the only page that lists messages", () => {
    const listing = [...sources("app"), ...sources("components"), ...sources("lib")].filter((file) => {
      const text = readFileSync(path.join(ROOT, file), "utf8");
      return (
        /\breadInbox\b/.test(text) || /contactStoreFor\([^)]*\)\.list\(|\.list\(\s*(limit|INBOX_PAGE_SIZE)/.test(text)
      );
    });
    expect(listing.sort()).toEqual(["app/[locale]/inbox/page.tsx", "lib/contact/inbox.ts"]);
    // The one API route that reaches the messages is the server's own schedule (404 to anyone
    // else; tests/contact/schedule.test.ts), and it answers counts only.
    const schedule = "app/api/internal/leads/route.ts";
    for (const file of sources("app/api").filter((file) => file !== schedule)) {
      expect(readFileSync(path.join(ROOT, file), "utf8"), file).not.toMatch(/@\/lib\/contact/);
    }
    const scheduleSource = readFileSync(path.join(ROOT, schedule), "utf8");
    expect(scheduleSource).not.toMatch(/\.list\(|readInbox|@\/lib\/contact\/inbox/);
    expect(scheduleSource).toMatch(/carriesInternalToken\(/);
  });

  it("is out of the sitemap and tells search engines not to index it", async () => {
    expect((await sitemap()).filter((entry) => entry.url.includes("inbox"))).toEqual([]);
    const page = await import("@/app/[locale]/inbox/page");
    const metadata = await page.generateMetadata({ params: Promise.resolve({ locale: en }) } as never);
    expect(metadata.robots).toEqual({ index: false, follow: false });
    expect(metadata.alternates).toEqual({});
    expect(metadata.openGraph).toBeNull();
  });

  it("without the key shows the login and no message; unset, it says it is shut", async () => {
    const page = await import("@/app/[locale]/inbox/page");
    vi.stubEnv("INBOX_SECRET", "exposure-test-secret-0123456789");
    try {
      cookieJar.set("inbox_session", "9999999999.forged");
      const html = renderToStaticMarkup(await page.default({ params: Promise.resolve({ locale: en }) } as never));
      expect(html).toContain('type="password"');
      expect(html).not.toContain('data-testid="inbox-list"');
      vi.stubEnv("INBOX_SECRET", "");
      const shut = renderToStaticMarkup(await page.default({ params: Promise.resolve({ locale: en }) } as never));
      expect(shut).toContain("INBOX_SECRET is missing");
      expect(shut).not.toContain('type="password"');
    } finally {
      vi.unstubAllEnvs();
      cookieJar.clear();
    }
  });

  it("with the key lists the newest first, the unsent marked, the Lab's summary and one-click replies", async () => {
    const page = await import("@/app/[locale]/inbox/page");
    const secret = "exposure-test-secret-0123456789";
    vi.stubEnv("INBOX_SECRET", secret);
    vi.stubEnv("UPSTASH_REDIS_REST_URL", "");
    vi.stubEnv("UPSTASH_REDIS_REST_TOKEN", "");
    const store = sharedMemoryContactStore();
    const older = lead(1, { name: "Older Sender", phone: "+57 300 123 4567" });
    const newer = lead(2, {
      name: "Newer Sender",
      context: { source: "quote", serviceId: "landing-page", extraIds: [] },
      estimate: {
        serviceId: "landing-page",
        extraIds: [],
        currency: "COP",
        price: { min: 1_000_000, max: 2_000_000 },
        weeks: { min: 2, max: 3 },
      },
    });
    await store.save(older, sender("1".repeat(64)), Date.now());
    await store.save(newer, sender("2".repeat(64)), Date.now());
    await store.markSent(older.id, Date.now());
    try {
      cookieJar.set("inbox_session", await inboxSessionToken(secret, Date.now()));
      const html = renderToStaticMarkup(await page.default({ params: Promise.resolve({ locale: en }) } as never));
      expect(html).toContain('data-testid="inbox-list"');
      expect(html.indexOf("Newer Sender")).toBeLessThan(html.indexOf("Older Sender"));
      const newerCard = html.slice(html.indexOf("Newer Sender"), html.indexOf("Older Sender"));
      expect(newerCard).toContain('data-testid="inbox-unsent"');
      expect(newerCard).toContain("Reference range (computed by the site)");
      expect(html).toContain('href="mailto:v@example.com?subject=');
      expect(html).toContain('href="https://wa.me/573001234567"');
    } finally {
      vi.unstubAllEnvs();
      cookieJar.clear();
    }
  });
});
