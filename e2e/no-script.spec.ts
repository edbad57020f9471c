import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { DEFAULT_LOCALE, LOCALES } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { INTERNAL_TOKEN_HEADER, LEADS_SCHEDULE_PATH } from "@/lib/site/internal-requests";
import { paths } from "@/lib/site/paths";
import { ACTION_BODY_LIMIT_BYTES } from "@/lib/site/response-guard";
import { securityHeaders } from "@/lib/site/security-headers";
import { visitorHeaders, visitorIp } from "./pages/lab-agent-page";
import { SERVER_LOG_DIR } from "./server-logs";

// Guards the studio's forms for a browser without JavaScript, and the door against hostile
// requests, on both runtimes: the contact form and the inbox's key answer a plain HTML post with
// "sent", field errors, the daily limit, a wrong key, an open inbox (and closing it ends the
// session on the server: a copy of its cookie opens nothing); a form's body over the limit gets a
// 413 page with the form's error, an unreadable router header a 400, both with the security
// headers; the leads' schedule exists only for the server itself, and the Worker's Cron Trigger runs it.

const INBOX_KEY = "local-preview-inbox-key-not-a-secret";
const locale = DEFAULT_LOCALE;
const dict = getDictionary(locale);

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test.beforeEach(async ({ page }) => {
    await page.setExtraHTTPHeaders(visitorHeaders(visitorIp()));
  });

  const fill = async (
    page: import("@playwright/test").Page,
    fields: { name: string; email: string; message: string },
  ) => {
    await page.getByLabel(dict.contact.name, { exact: true }).fill(fields.name);
    await page.getByLabel(dict.contact.email, { exact: true }).fill(fields.email);
    await page.getByLabel(dict.contact.message, { exact: true }).fill(fields.message);
    await page.getByRole("button", { name: dict.contact.send }).click();
  };

  test("the language switch is a link to each other language", async ({ page }) => {
    await page.goto(paths.contact(locale));
    const others = LOCALES.filter((other) => other !== locale);
    const header = page.getByRole("banner");
    for (const other of others) {
      const link = header.getByRole("link", { name: getDictionary(other).nav.switchTo });
      await expect(link).toHaveAttribute("href", paths.home(other));
      await expect(link).toHaveAttribute("hreflang", other);
    }
    if (others[0]) {
      await header.getByRole("link", { name: getDictionary(others[0]).nav.switchTo }).click();
      await expect(page).toHaveURL((url) => url.pathname === paths.home(others[0] ?? locale));
    } else {
      await expect(header.locator(".language-switch")).toHaveCount(0);
    }
  });

  test("the contact form says sent, shows a field's error with what was typed, and the day's limit", async ({
    page,
  }) => {
    // Five posts, each a full page load.
    test.setTimeout(120_000);
    await page.goto(paths.contact(locale));
    await fill(page, { name: "No Script", email: "not-an-email", message: "A message long enough to send." });
    await expect(page.getByRole("alert").filter({ hasText: dict.contact.fixErrors })).toBeVisible();
    await expect(page.getByText(dict.contact.errors.emailInvalid)).toBeVisible();
    await expect(page.getByLabel(dict.contact.name, { exact: true })).toHaveValue("No Script");

    for (let n = 0; n < 3; n++) {
      await page.goto(paths.contact(locale));
      await fill(page, {
        name: "No Script",
        email: "noscript@example.com",
        message: `Message number ${n} for the studio.`,
      });
      await expect(page.getByRole("status")).toHaveText(dict.contact.sent);
    }
    await page.goto(paths.contact(locale));
    await fill(page, { name: "No Script", email: "noscript@example.com", message: "One message too many today." });
    await expect(page.getByRole("alert").filter({ hasText: dict.contact.limited })).toBeVisible();
  });

  test("the inbox's key: a wrong one is told so, the right one opens, closing ends the session on the server", async ({
    page,
    context,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await page.goto(`/${locale}/inbox`);
    await page.getByLabel(dict.inbox.secret).fill("not-the-key");
    await page.getByRole("button", { name: dict.inbox.open }).click();
    await expect(page.getByRole("alert").filter({ hasText: dict.inbox.wrong })).toBeVisible();

    await page.getByLabel(dict.inbox.secret).fill(INBOX_KEY);
    await page.getByRole("button", { name: dict.inbox.open }).click();
    await expect(page.getByRole("button", { name: dict.inbox.close })).toBeVisible();
    const session = (await context.cookies()).find((cookie) => cookie.name === "inbox_session");
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Strict");

    await page.getByRole("button", { name: dict.inbox.close }).click();
    await expect(page.getByLabel(dict.inbox.secret)).toBeVisible();
    // A copy of the cookie taken while it was open: refused now.
    const copy = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { cookie: `inbox_session=${session?.value}` },
    });
    const html = await (await copy.get(`/${locale}/inbox`)).text();
    expect(html).toContain('type="password"');
    expect(html).not.toContain('data-testid="inbox-list"');
    await copy.dispose();
  });
});

const expectSecurityHeaders = (headers: Record<string, string>) => {
  for (const { key, value } of securityHeaders(false)) expect(headers[key.toLowerCase()], key).toBe(value);
};

test("a form's body over the limit gets a 413 page with the form's error, before the site reads it", async ({
  request,
}) => {
  const response = await request.post(paths.contact(locale), {
    headers: { ...visitorHeaders(visitorIp()), accept: "text/html" },
    multipart: { name: "Big", email: "big@example.com", message: "a".repeat(ACTION_BODY_LIMIT_BYTES + 1000) },
  });
  expect(response.status()).toBe(413);
  expectSecurityHeaders(response.headers());
  const html = await response.text();
  expect(html).toContain(`<html lang="${locale}">`);
  expect(html).toContain('role="alert"');
  expect(html).toContain(`href="${paths.contact(locale)}"`);
});

test("an unreadable router state header gets a 400 in the site's error shape", async ({ request }) => {
  const response = await request.get(`/${locale}/inbox`, {
    headers: { rsc: "1", "next-router-state-tree": "%7Bnot-json" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(400);
  expectSecurityHeaders(response.headers());
  expect(await response.json()).toMatchObject({ error: { code: "invalid_router_state" } });
});

test("the leads' schedule answers nobody but the server", async ({ request }) => {
  for (const headers of [{}, { [INTERNAL_TOKEN_HEADER]: "0".repeat(64) }] as Record<string, string>[]) {
    expect((await request.post(LEADS_SCHEDULE_PATH, { headers })).status()).toBe(404);
  }
});

test("the leads' schedule runs on its own: the Cron Trigger on the Worker, an interval under next start", async ({
  request,
}, info) => {
  const workerd = info.project.metadata.runtime === "workerd";
  const log = path.join(SERVER_LOG_DIR, workerd ? "worker.log" : "node.log");
  const ran = /"event":"leads_schedule","sent":\d+,"failed":\d+,"skipped":\d+,"pruned":\d+/;
  if (workerd) {
    // wrangler dev --test-scheduled: the route that fires the scheduled handler, as the trigger would.
    const before = (await readFile(log, "utf8")).length;
    const response = await request.get("/__scheduled?cron=*/5+*+*+*+*");
    expect(await response.text()).toBe("Ran scheduled event");
    await expect(async () => expect((await readFile(log, "utf8")).slice(before)).toMatch(ran)).toPass({
      timeout: 10_000,
    });
  } else {
    // The Node server runs it a second after it starts, then every few minutes.
    await expect(async () => expect(await readFile(log, "utf8")).toMatch(ran)).toPass({ timeout: 15_000 });
  }
});
