import { type APIRequestContext, expect, test } from "@playwright/test";
import { DEFAULT_LOCALE } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { visitorHeaders, visitorIp } from "./pages/lab-agent-page";

// Guards the studio inbox's door against a burst, on both runtimes: 25 tries from one visitor sent
// at once (6 wrong keys, the right one, 18 wrong) as plain HTML form posts compare at most five
// keys, and once they are counted the right key is refused too. Each outcome is read from the page
// the server answers, as a browser without JavaScript would show it.

// The local preview's key (wrangler.toml [env.local], playwright.config.ts): not a secret.
const INBOX_KEY = "local-preview-inbox-key-not-a-secret";
const locale = DEFAULT_LOCALE;
const copy = getDictionary(locale).inbox;
const BURST = [
  ...Array.from({ length: 6 }, (_, n) => `wrong-${n}`),
  INBOX_KEY,
  ...Array.from({ length: 18 }, (_, n) => `wrong-${n + 6}`),
];

const decodeEntities = (html: string) =>
  html
    .replaceAll("&#x27;", "'")
    .replaceAll("&#39;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

/** The hidden fields React writes into the login form, so that a post without JavaScript runs its action. */
async function loginForm(request: APIRequestContext, headers: Record<string, string>): Promise<Record<string, string>> {
  const html = await (await request.get(`/${locale}/inbox`, { headers })).text();
  const form = html.slice(html.indexOf("<form"), html.indexOf("</form>"));
  const fields: Record<string, string> = {};
  for (const input of form.matchAll(/<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?/g)) {
    fields[decodeEntities(input[1] ?? "")] = decodeEntities(input[2] ?? "");
  }
  expect(Object.keys(fields).some((name) => name.startsWith("$ACTION"))).toBe(true);
  return fields;
}

type Outcome = "open" | "wrong" | "locked" | "other";

/** The texts of the page's alerts as rendered (the page's data also carries every text of the form). */
function alerts(html: string): string[] {
  return [...html.matchAll(/<p [^>]*role="alert"[^>]*>([^<]*)<\/p>/g)].map((match) => decodeEntities(match[1] ?? ""));
}

/** One try, from a request context of its own: no cookie of one try reaches another. */
async function tryKey(
  playwright: { request: { newContext(options: { baseURL?: string }): Promise<APIRequestContext> } },
  baseURL: string | undefined,
  headers: Record<string, string>,
  fields: Record<string, string>,
  key: string,
): Promise<Outcome> {
  const request = await playwright.request.newContext({ baseURL });
  try {
    const response = await request.post(`/${locale}/inbox`, {
      headers,
      multipart: { ...fields, key },
      maxRedirects: 0,
    });
    expect(response.status()).toBeLessThan(500);
    const cookies = response.headersArray().filter((header) => header.name.toLowerCase() === "set-cookie");
    if (cookies.some((header) => /^inbox_session=[^;]+/.test(header.value))) return "open";
    const shown = alerts(await response.text());
    if (shown.includes(copy.lockedOut)) return "locked";
    if (shown.includes(copy.wrong)) return "wrong";
    return "other";
  } finally {
    await request.dispose();
  }
}

test("a burst of 25 tries from one visitor compares at most five keys; then the right key is refused", async ({
  playwright,
  baseURL,
}, info) => {
  const headers = { ...visitorHeaders(visitorIp()), origin: baseURL ?? "" };
  const request = await playwright.request.newContext({ baseURL });
  try {
    const fields = await loginForm(request, headers);
    const outcomes = await Promise.all(BURST.map((key) => tryKey(playwright, baseURL, headers, fields, key)));
    const count = (outcome: Outcome) => outcomes.filter((each) => each === outcome).length;
    info.annotations.push({
      type: "burst",
      description: `open ${count("open")}, wrong ${count("wrong")}, locked ${count("locked")}, other ${count("other")}: ${outcomes.join(",")}`,
    });
    expect(count("other")).toBe(0);
    // At most five keys compared: four answered "wrong", and the fifth "locked" (or the right key opened).
    expect(count("wrong")).toBeLessThanOrEqual(4);
    expect(count("open") + count("wrong")).toBeLessThanOrEqual(5);
    expect(await tryKey(playwright, baseURL, headers, fields, INBOX_KEY)).toBe("locked");
  } finally {
    await request.dispose();
  }
});
