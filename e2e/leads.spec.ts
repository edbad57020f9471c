import { expect, type TestInfo } from "@playwright/test";
import { SITE } from "@/lib/content/site";
import { getDictionary } from "@/lib/i18n/dictionary";
import { fill } from "@/lib/i18n/fill";
import { formatMoneyRange, formatWeeks } from "@/lib/i18n/format";
import { studioPaths } from "@/lib/lab-view/paths";
import { estimateQuote } from "@/lib/quote/estimate";
import { paths } from "@/lib/site/paths";
import { expectAccessible, test } from "./checks";
import { ContactPage, InboxPage } from "./pages/contact-page";
import { LabAgentPage, visitorHeaders, visitorIp } from "./pages/lab-agent-page";
import { QuotePage } from "./pages/quote-page";
import { simulatedEmail } from "./simulated-email";
import { DEFAULT_LOCALE, literal, OTHER_LOCALE, serviceWithExtras } from "./studio";

// The visitor browses in the studio's second language when it has one; the studio reads its email
// in its first.
const locale = OTHER_LOCALE ?? DEFAULT_LOCALE;
const copy = getDictionary(locale);
const studioCopy = getDictionary(DEFAULT_LOCALE);

// Guards the path of a lead, on both runtimes: the agent's contact step and the calculator's
// "let's talk" carry the visitor's context into the form (prefilled, editable); the message is
// kept and, on workerd, emailed through the simulated send_email binding (its text lands in
// wrangler's local email file, with the visitor as Reply-To); the studio's inbox, opened with its
// key, lists it with the range recomputed on the server (on next start, with no binding, unsent).

// The local preview's key (wrangler.toml [env.local], playwright.config.ts): not a secret.
const INBOX_KEY = "local-preview-inbox-key-not-a-secret";
// A visitor of its own per test: the form takes 3 messages a visitor a day.
test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders(visitorHeaders(visitorIp()));
});

const onWorkerd = (info: TestInfo) => info.project.metadata.runtime === "workerd" && !process.env.BASE_URL;

test("agent run → its contact step → prefilled form → sent → the studio's email and inbox", async ({
  page,
  baseURL,
}, info) => {
  // The whole path in one test: a run, two axe checks, a sent form, the email and the inbox.
  test.slow();
  const agent = await new LabAgentPage(page, locale).open();
  await agent.useExample(2);
  await agent.start();
  await agent.finished();
  const goal = copy.agent.console.exampleGoals[2] ?? "";
  const contactPath = literal(paths.contact(locale));
  await expect(agent.nextStep).toHaveAttribute(
    "href",
    new RegExp(`^${contactPath}\\?from=agent&run=[A-Za-z0-9_-]{22}&goal=`),
  );
  await agent.nextStep.click();

  const contact = new ContactPage(page, locale);
  await expect(page).toHaveURL(new RegExp(`${contactPath}\\?from=agent`));
  const goalWord = copy.contact.summaryWords.goal;
  await expect(contact.summary).toHaveValue(`${goalWord}: ${goal}`);
  await expectAccessible(page, "the contact form with the run's summary");
  // Visible and editable: the visitor's own words go with the message.
  await contact.summary.fill(`${goalWord}: ${goal}\nAlso a small sink.`);
  const marker = `lead-${info.project.name}-${Date.now()}`;
  await contact.send({ name: "Marta Ríos", email: "marta@example.com", message: `Can you help? ${marker}` });

  if (onWorkerd(info)) {
    const email = await simulatedEmail(baseURL ?? "", marker);
    expect(email.to).toEqual([SITE.studio.email]);
    expect(email.replyTo).toBe('"Marta Ríos" <marta@example.com>');
    expect(email.subject).toBe(fill(studioCopy.leads.subject, { name: "Marta Ríos" }));
    expect(email.text).toContain(`Can you help? ${marker}`);
    expect(email.text).toContain(`${studioCopy.leads.goal}: ${goal}`);
    expect(email.text).toContain("Also a small sink.");
    // The goal once (the prefilled summary line is not repeated), the time in words, not UTC's
    // timestamp, and the inbox on this server's own origin, port and all.
    expect(email.text.split(goal).length - 1).toBe(1);
    expect(email.text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);
    expect(email.text).toContain(`: ${new URL(baseURL ?? "").origin}/${DEFAULT_LOCALE}/inbox\n`);
    expect(email.text.indexOf(marker)).toBeLessThan(email.text.indexOf(`\n${studioCopy.leads.from}: `));
  }

  const inbox = await new InboxPage(page, locale).open(INBOX_KEY);
  const lead = inbox.lead(marker);
  await expect(lead).toBeVisible();
  await expectAccessible(page, "the studio's inbox");
  await expect(lead).toContainText(goal);
  // The visitor's own words are the largest text on the card.
  const sizes = await lead.evaluate((card) => {
    const size = (element: Element) => Number.parseFloat(getComputedStyle(element).fontSize);
    const message = card.querySelector('[data-testid="inbox-message"]');
    const others = [...card.querySelectorAll("*")].filter(
      (element) =>
        message && !message.contains(element) && element.children.length === 0 && element.textContent?.trim(),
    );
    return { message: message ? size(message) : 0, others: Math.max(...others.map(size)) };
  });
  expect(sizes.message).toBeGreaterThan(sizes.others);
  await expect(lead.getByRole("link", { name: inbox.copy.replyEmail })).toHaveAttribute(
    "href",
    /^mailto:marta@example\.com/,
  );
  if (onWorkerd(info)) await expect(lead).toContainText(inbox.copy.sent);
  else await expect(lead.getByTestId("inbox-unsent")).toBeVisible();
});

test("calculator → let's talk → the form carries the selection; the lead shows the server's range", async ({
  page,
  baseURL,
}, info) => {
  const service = serviceWithExtras(1);
  const serviceId = service.id;
  const [first] = service.extras;
  const extraIds = first ? [first.id] : [];
  await page.goto(paths.quote(locale, serviceId, extraIds));
  await new QuotePage(page, locale).expectEstimate(serviceId, extraIds);
  await page.getByRole("link", { name: copy.quote.talk }).click();

  await expect(page).toHaveURL(`${paths.contact(locale)}?from=quote&service=${serviceId}&extras=${extraIds.join(",")}`);
  const contact = new ContactPage(page, locale);
  const estimate = estimateQuote({ serviceId, extraIds });
  const words = copy.contact.summaryWords;
  await expect(contact.summary).toHaveValue(
    [
      `${words.service}: ${service.text[locale].name}`,
      `${words.extras}: ${first?.name[locale] ?? ""}`,
      fill(words.weeks, { weeks: formatWeeks(estimate.weeks, locale) }),
    ].join("\n"),
  );
  await expect(page.getByRole("link", { name: contact.copy.whatsapp })).toHaveAttribute(
    "href",
    new RegExp(`text=.*${literal(encodeURIComponent(service.text[locale].name))}`),
  );
  await expect(page.getByTestId("contact-privacy")).toContainText(copy.contact.privacy);

  const marker = `quote-${info.project.name}-${Date.now()}`;
  await contact.send({ name: "Quoted Visitor", email: "quoted@example.com", message: `Let's talk. ${marker}` });
  if (onWorkerd(info)) {
    const email = await simulatedEmail(baseURL ?? "", marker);
    expect(email.subject).toBe(
      fill(studioCopy.leads.subjectService, { name: "Quoted Visitor", service: service.text[DEFAULT_LOCALE].name }),
    );
    expect(email.replyTo).toBe('"Quoted Visitor" <quoted@example.com>');
    expect(email.text).toContain(`${studioCopy.leads.range}: ${formatMoneyRange(estimate.price, DEFAULT_LOCALE)}`);
  }
  const lead = (await new InboxPage(page, locale).open(INBOX_KEY)).lead(marker);
  await expect(lead).toContainText(formatMoneyRange(estimate.price, locale));
  await expect(lead).toContainText(service.text[locale].name);
});

test("agent run → calculator → let's talk → sent: the email, the inbox and the run point at each other", async ({
  page,
  baseURL,
}, info) => {
  test.slow();
  const agent = await new LabAgentPage(page, locale).open();
  const goal = await agent.useExample(0);
  await agent.start();
  await agent.finished();
  await expect(agent.nextStep).toHaveText(agent.copy.nextStep.quote);
  await agent.nextStep.click();
  await page.getByRole("link", { name: copy.quote.talk }).click();

  await expect(page).toHaveURL(/[?&]from=quote&/);
  const runId = new URL(page.url()).searchParams.get("run") ?? "";
  expect(runId).toMatch(/^[A-Za-z0-9_-]{22}$/);
  expect(new URL(page.url()).searchParams.get("goal")).toBe(goal);
  const marker = `agent-quote-${info.project.name}-${Date.now()}`;
  await new ContactPage(page, locale).send({
    name: "Priced Visitor",
    email: "priced@example.com",
    message: `From the calculator. ${marker}`,
  });
  if (onWorkerd(info)) {
    const email = await simulatedEmail(baseURL ?? "", marker);
    expect(email.text).toContain(`${studioCopy.leads.goal}: ${goal}`);
    expect(email.text).toContain(`${new URL(baseURL ?? "").origin}${studioPaths.run(DEFAULT_LOCALE, runId)}`);
  }
  const lead = (await new InboxPage(page, locale).open(INBOX_KEY)).lead(marker);
  await expect(lead).toContainText(goal);
  await expect(lead.getByTestId("inbox-lead-run")).toHaveAttribute("href", studioPaths.run(locale, runId));
});

test("the inbox refuses a wrong key and lists nothing", async ({ page }) => {
  const inbox = new InboxPage(page, locale);
  await page.goto(`/${locale}/inbox`);
  await page.getByLabel(inbox.copy.secret).fill("not-the-key");
  await page.getByRole("button", { name: inbox.copy.open }).click();
  await expect(page.getByRole("alert").filter({ hasText: inbox.copy.wrong })).toBeVisible();
  await expectAccessible(page, "the inbox's key form");
  await expect(page.getByTestId("inbox-list")).toHaveCount(0);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
});
