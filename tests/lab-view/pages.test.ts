// Guards the studio's Lab pages: without the inbox's session they show the inbox's door and read
// no record; an id without a run id's shape is a 404 before any read; with the session a record is
// shown as text or through the Lab's checked renderer (never as HTML, never a link to the studio's
// pages); the pages are noindex, out of the sitemap, and no API route reaches them.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { inboxSessionToken } from "@/lib/contact/inbox-auth";
import { LOCALES } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { newRunId } from "@/lib/lab/records";
import { labRecordStore } from "@/lib/lab/records/from-config";
import { sitemapPages } from "@/lib/site/sitemap-pages";
import { agentRecord, chatRecord, earlierToday, LOCALE } from "./record-fixtures";

const cookieJar = new Map<string, string>();
vi.mock("next/headers", () => ({
  cookies: async () => ({ get: (name: string) => (cookieJar.has(name) ? { value: cookieJar.get(name) } : undefined) }),
  headers: async () => new Headers(),
}));

const SECRET = "lab-view-test-secret-0123456789";
const copy = getDictionary(LOCALE).labView;
/** A text as React writes it into HTML (a studio's copy may hold an apostrophe or a quote). */
const inHtml = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#x27;");
const props = (extra: Record<string, unknown> = {}) =>
  ({ params: Promise.resolve({ locale: LOCALE, ...extra }), searchParams: Promise.resolve({}) }) as never;

async function render(module: Promise<{ default: (props: never) => Promise<React.ReactNode> }>, extra = {}) {
  return renderToStaticMarkup(await (await module).default(props(extra)));
}
const listPage = () => import("@/app/[locale]/inbox/lab/page");
const runPage = () => import("@/app/[locale]/inbox/lab/[id]/page");
const gapsPage = () => import("@/app/[locale]/inbox/lab/gaps/page");

// The pages' first import compiles the Lab's views: once, before the timed tests.
beforeAll(async () => {
  await Promise.all([listPage(), runPage(), gapsPage()]);
}, 60_000);

beforeEach(() => {
  vi.stubEnv("INBOX_SECRET", SECRET);
  vi.stubEnv("UPSTASH_REDIS_REST_URL", "");
  vi.stubEnv("UPSTASH_REDIS_REST_TOKEN", "");
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  cookieJar.clear();
});

describe("the studio's Lab pages without the session", () => {
  it("show the inbox's door and read no record", async () => {
    const record = agentRecord({ goal: "secret goal words" });
    await labRecordStore().put(record);
    const list = vi.spyOn(labRecordStore(), "list");
    const get = vi.spyOn(labRecordStore(), "get");
    cookieJar.set("inbox_session", "9999999999.forged");
    for (const html of [
      await render(listPage()),
      await render(runPage(), { id: record.id }),
      await render(gapsPage()),
    ]) {
      expect(html).toContain('type="password"');
      expect(html).not.toContain("secret goal words");
    }
    expect(list).not.toHaveBeenCalled();
    expect(get).not.toHaveBeenCalled();
  });

  it("say the inbox is shut when no key is set", async () => {
    vi.stubEnv("INBOX_SECRET", "");
    const html = await render(listPage());
    expect(html).toContain(inHtml(getDictionary(LOCALE).inbox.notConfigured));
    expect(html).not.toContain('type="password"');
  });
});

describe("the studio's Lab pages with the session", () => {
  beforeEach(async () => {
    cookieJar.set("inbox_session", await inboxSessionToken(SECRET, Date.now()));
  });

  it("list the day's uses newest first with their totals", async () => {
    const older = agentRecord({ goal: "older goal", at: earlierToday(60_000) });
    const newer = chatRecord("newer question");
    await labRecordStore().put(older);
    await labRecordStore().put(newer);
    const html = await render(listPage());
    expect(html).toContain('data-testid="lab-totals"');
    expect(html.indexOf("newer question")).toBeLessThan(html.indexOf("older goal"));
    expect(html).toContain(`href="/${LOCALE}/inbox/lab/${older.id}"`);
  });

  it("answer an id without a run id's shape with a 404 before reading the store", async () => {
    const get = vi.spyOn(labRecordStore(), "get");
    for (const id of ["gaps2", "a".repeat(23), "..%2Fx", `${"a".repeat(21)}=`]) {
      await expect(render(runPage(), { id })).rejects.toMatchObject({ digest: expect.stringContaining("404") });
    }
    expect(get).not.toHaveBeenCalled();
    // A well-formed id that was never kept: a 404 too, after the read.
    await expect(render(runPage(), { id: newRunId() })).rejects.toMatchObject({
      digest: expect.stringContaining("404"),
    });
  });

  it("render a hostile record as text, its Markdown without HTML or links to the studio's pages", async () => {
    const other = newRunId();
    const record = agentRecord({
      goal: '<img src=x onerror="alert(1)"> goal',
      answer: `Look <script>alert(2)</script> [inside](/${LOCALE}/inbox/lab/${other}) and [out](https://evil.example/x).`,
    });
    await labRecordStore().put(record);
    const html = await render(runPage(), { id: record.id });
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; goal");
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<script");
    expect(html).not.toContain(`/inbox/lab/${other}`);
    expect(html).not.toContain("evil.example");
    expect(html).toContain("inside");
    // The Lab's own views: the plan, a tool card, the answer.
    expect(html).toContain('data-testid="agent-tool"');
    expect(html).toContain('data-testid="agent-answer"');
    expect(html).toContain(inHtml(copy.run.unseen));
  });

  it("show a chat with its whole conversation, in order, and no other conversation", async () => {
    const first = chatRecord("first question", { conversationId: "conv-a", at: earlierToday(5000) });
    const second = chatRecord("second question", { conversationId: "conv-a", answer: "See [a page](/nowhere-else)" });
    const stranger = chatRecord("someone else's question", { conversationId: "conv-b" });
    for (const record of [first, second, stranger]) await labRecordStore().put(record);
    const html = await render(runPage(), { id: second.id });
    const thread = html.slice(html.indexOf('data-testid="lab-thread"'));
    expect(thread.indexOf("first question")).toBeGreaterThan(0);
    expect(thread.indexOf("first question")).toBeLessThan(thread.indexOf("second question"));
    expect(html).not.toContain("someone else");
    expect(html).toContain(`href="/${LOCALE}/inbox/lab/${first.id}"`);
    expect(html).not.toContain('href="/nowhere-else"');
  });

  it("leave out parts whose shape a record got wrong, instead of failing", async () => {
    const record = agentRecord({ goal: "bent record" });
    (record.message as unknown as { parts: unknown[] }).parts.push(
      {
        type: "tool-search_site",
        toolCallId: "x",
        state: "output-available",
        input: {},
        output: { ok: true, results: "nope" },
      },
      { type: "data-done", data: { reason: "<b>" } },
      null,
      42,
    );
    await labRecordStore().put(record);
    const html = await render(runPage(), { id: record.id });
    expect(html).toContain("bent record");
    expect(html).not.toContain("nope");
  });

  it("are noindex and listed by no sitemap or API route", async () => {
    for (const page of [listPage(), runPage(), gapsPage()]) {
      const metadata = await (await page).generateMetadata(props({ id: newRunId() }));
      expect(metadata.robots).toEqual({ index: false, follow: false });
      // None of the layout's links to the site's public pages (canonical, hreflang, Open Graph).
      expect(metadata.alternates).toEqual({});
      expect(metadata.openGraph).toBeNull();
    }
    expect(LOCALES.flatMap((locale) => sitemapPages(locale)).filter((page) => page.includes("inbox"))).toEqual([]);
    const root = path.resolve(import.meta.dirname, "../..");
    const api = readdirSync(path.join(root, "app/api"), { recursive: true, encoding: "utf8" }).filter((f) =>
      f.endsWith(".ts"),
    );
    // Two routes read the record store, and neither lists records: a visitor's own finished run by
    // its id (only what that visitor saw, lib/lab/records/visitor-run.ts) and the retention setting.
    const readsRecords = new Set(["lab/run/route.ts", "lab/retention/route.ts"]);
    for (const file of api) {
      const source = readFileSync(path.join(root, "app/api", file), "utf8");
      expect(source, file).not.toMatch(/lab-view/);
      if (!readsRecords.has(file)) expect(source, file).not.toMatch(/records\/from-config/);
    }
  });
});
