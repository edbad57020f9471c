// Run by scripts/studio-fixture.ts inside the copy built from another studio's content: every
// expectation comes from that studio's generated settings, dictionaries and prices, so the same
// checks hold for any studio. Exits non-zero with one line per failed check.
import { SETTINGS } from "@/content/generated/settings";
import { findAmounts, unverifiedAmounts } from "@/lib/agent/amounts";
import { SITE } from "@/lib/content/site";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { formatMoney, formatMoneyRange } from "@/lib/i18n/format";
import { estimateQuote } from "@/lib/quote/estimate";
import { paths } from "@/lib/site/paths";

const base = process.argv[2] ?? "";
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures.push(what);
};
const get = (path: string) => fetch(new URL(path, base), { redirect: "manual" });
// Intl's no-break spaces are written as they are in the HTML.
const html = async (path: string) => (await (await get(path)).text()).replaceAll("&amp;", "&");

const root = await get("/");
check(root.headers.get("location")?.endsWith(`/${DEFAULT_LOCALE}`) === true, `/ goes to /${DEFAULT_LOCALE}`);

const missing = ["es", "en", "fr", "de"].find((code) => !(LOCALES as readonly string[]).includes(code)) ?? "zz";
const other = await get(`/${missing}/blog`);
check(
  other.status === 307 && other.headers.get("location")?.endsWith(paths.blog(DEFAULT_LOCALE)) === true,
  `/${missing}/blog, a language the site doesn't have, goes to ${paths.blog(DEFAULT_LOCALE)}`,
);

for (const locale of LOCALES) {
  const home = await html(paths.home(locale));
  check(home.includes(`lang="${locale}"`) && home.includes(SITE.studio.name), `${paths.home(locale)} is the studio's`);
  check(
    // The prerendered switch (a link to the other language until the page hydrates).
    home.includes('class="language-switch"') === LOCALES.length > 1,
    `${paths.home(locale)} shows a language switch only when the site has another language`,
  );
  for (const service of SITE.services) {
    const page = await html(paths.service(locale, service.text[locale].slug));
    check(
      page.includes(formatMoneyRange(service.price, locale)),
      `${paths.service(locale, service.text[locale].slug)} shows ${formatMoneyRange(service.price, locale)}`,
    );
  }
  const service = SITE.services.at(-1) ?? SITE.services[0];
  if (service) {
    const extraIds = service.extras.slice(0, 1).map((extra) => extra.id);
    const estimate = estimateQuote({ serviceId: service.id, extraIds });
    const sum = (pick: (price: { min: number; max: number }) => number) =>
      estimate.lines.reduce((total, line) => total + pick(line.price), 0);
    check(
      estimate.price.min === sum((p) => p.min) && estimate.price.max === sum((p) => p.max),
      `the quote with ${extraIds.join(", ") || "no extras"} is the sum of its lines`,
    );
    const alone = estimateQuote({ serviceId: service.id, extraIds: [] }).price;
    check(
      alone.min === service.price.min && alone.max === service.price.max,
      `${service.id} alone is quoted at its published ${formatMoneyRange(service.price, locale)}`,
    );
    const quote = await html(paths.quote(locale, service.id, extraIds));
    const range = formatMoneyRange(estimate.price, locale);
    check(quote.includes(range), `${paths.quote(locale, service.id, extraIds)} quotes ${range}`);
  }
  if (paths.quote(locale) !== `/${locale}/quote`) {
    const old = await get(`/${locale}/quote`);
    check(
      old.status === 308 && old.headers.get("location")?.endsWith(paths.quote(locale)) === true,
      `/${locale}/quote redirects (308) to ${paths.quote(locale)}`,
    );
  }
}

const sitemap = await html("/sitemap.xml");
const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "").pathname);
check(
  locs.length > 0 &&
    locs.every((path) => LOCALES.some((locale) => path === `/${locale}` || path.startsWith(`/${locale}/`))),
  `the sitemap lists only ${LOCALES.join(", ")} pages (${locs.length})`,
);

const badLocale = await fetch(new URL("/api/agent", base), {
  method: "POST",
  headers: { "content-type": "application/json", "x-real-ip": "203.0.113.9" },
  body: JSON.stringify({ goal: "A website", locale: missing }),
});
check(badLocale.status === 400, `an agent run in "${missing}" is refused with 400 (got ${badLocale.status})`);

await agentRun(DEFAULT_LOCALE);

async function agentRun(locale: Locale) {
  // The first example, led by the first service's name: an example a studio wrote may fit none of
  // its services (then the agent rightly suggests writing), and this check needs a quote.
  const [example = ""] = getDictionary(locale).agent.console.exampleGoals;
  const goal = `${SITE.services[0]?.text[locale].name}: ${example}`;
  const response = await fetch(new URL("/api/agent", base), {
    method: "POST",
    headers: { "content-type": "application/json", "x-real-ip": "203.0.113.10" },
    body: JSON.stringify({ goal, locale }),
  });
  check(response.status === 200, `the agent runs the example goal "${goal}" (${response.status})`);
  const parts = (await response.text())
    .split("\n")
    .filter((line) => line.startsWith("data: {"))
    .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>);
  const text = parts
    .filter((part) => part.type === "text-delta")
    .map((part) => String(part.delta))
    .join("");
  const outputs = parts.filter((part) => part.type === "tool-output-available").map((part) => part.output);
  const done = parts.find((part) => part.type === "data-done")?.data as
    | { reason?: string; unverifiedAmounts?: unknown[] }
    | undefined;
  check(done?.reason === "answered", `the run is answered (${done?.reason})`);
  const estimate = outputs.find(
    (output): output is { price: { min: number; max: number }; currency: string } =>
      typeof output === "object" && output !== null && "price" in output && "currency" in output,
  );
  check(estimate?.currency === SETTINGS.currency, `estimate_quote answers in ${SETTINGS.currency}`);
  if (estimate) {
    const ends = [formatMoney(estimate.price.min, locale), formatMoney(estimate.price.max, locale)];
    check(
      ends.every((end) => text.includes(end)),
      `the answer gives the range as the studio writes it: ${ends.join(" – ")}`,
    );
    const read = findAmounts(text).map((amount) => amount.value);
    check(
      read.includes(estimate.price.min) && read.includes(estimate.price.max),
      `the amounts check reads the answer's amounts (${read.join(", ")})`,
    );
  }
  check(done?.unverifiedAmounts?.length === 0, "the run's data-done lists no unverified amount");
  const invented = `${text} ${formatMoney(987_650, locale)}`;
  check(
    unverifiedAmounts(invented, outputs).some((amount) => amount.value === 987_650),
    `an amount no tool returned (${formatMoney(987_650, locale)}) is flagged`,
  );
}

if (failures.length) {
  console.error(`${failures.length} studio fixture check(s) failed`);
  process.exit(1);
}
