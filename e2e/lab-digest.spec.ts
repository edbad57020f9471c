import { expect } from "@playwright/test";
import { SETTINGS } from "@/content/generated/settings";
import { SITE } from "@/lib/content/site";
import { getDictionary } from "@/lib/i18n/dictionary";
import { fill } from "@/lib/i18n/fill";
import { plural } from "@/lib/i18n/plural";
import { redact } from "@/lib/lab/records/redact";
import { formatDay } from "@/lib/lab-view/format";
import { studioDay } from "@/lib/platform/studio-clock";
import { NOTICES_CRON } from "@/lib/site/internal-requests";
import { test } from "./checks";
import { LabAgentPage, visitorHeaders, visitorIp } from "./pages/lab-agent-page";
import { LabAssistantPage } from "./pages/lab-assistant-page";
import { LabReviewerPage } from "./pages/lab-reviewer-page";
import { StudioLabPage } from "./pages/studio-lab-page";
import { simulatedEmail, simulatedEmailsWith } from "./simulated-email";
import { DEFAULT_LOCALE } from "./studio";

// Guards the studio's daily digest on the Worker (the runtime with the send_email binding): uses of
// each kind and a gap, then the notices' Cron Trigger fired through wrangler's /__scheduled
// (`--test-scheduled`; `LAB_DIGEST_DAY=current` in wrangler.toml's local env sends the day so far):
// the digest lands in wrangler's simulated email folder, in the studio's first language, with the
// day's counts, the gap as the Lab view keeps it (its email address redacted) linked to its run's
// page, and a second firing the same day sends nothing. Other specs use the same server meanwhile,
// so counts are checked as at least this test's own.

const INBOX_KEY = "local-preview-inbox-key-not-a-secret";
const LOCALE = DEFAULT_LOCALE;
const words = getDictionary(LOCALE).notices.digest;
const view = getDictionary(LOCALE).labView;
const FIRE = `/__scheduled?cron=${NOTICES_CRON.replaceAll(" ", "+")}`;

/** The count a kind's line gives ("- Agent: 4 uses (…)"), or 0 when the digest has no such line. */
function kindCount(text: string, kind: keyof typeof view.kinds): number {
  const line = text.split("\n").find((each) => each.startsWith(`- ${view.kinds[kind]}: `)) ?? "";
  return Number((/(\d[\d.,\s]*)/.exec(line.slice(view.kinds[kind].length + 4))?.[1] ?? "0").replace(/\D/g, ""));
}

test("uses of each kind and a gap → the notices' trigger → one digest email, and a second firing sends nothing", {
  tag: "@local-worker",
}, async ({ page, request }) => {
  test.slow();
  const ip = visitorIp();
  await page.setExtraHTTPHeaders(visitorHeaders(ip));

  // One digest a studio day: on a Worker that sent today's already (servers reused with
  // E2E_REUSE_SERVERS), this test's uses can't be in one; the suite's own servers are fresh.
  const studio = await new StudioLabPage(page, LOCALE).open(INBOX_KEY);
  const last = page.getByTestId("lab-last-digest");
  await expect(last, "today's digest went already: run the suite on fresh servers").toHaveText(
    getDictionary(LOCALE).notices.last.none,
  );

  // A goal the site can't serve, asked three times (the digest lists the most asked gaps first),
  // with an email address the records keep redacted. Letters only: one word, whatever the language.
  const marker = `zq${Date.now()
    .toString(36)
    .replace(/\d/g, (d) => "abcdefghij"[Number(d)] ?? "x")}`;
  const goal = `${marker} ${marker}@example.com`;
  const agent = await new LabAgentPage(page, LOCALE).open();
  for (let run = 0; run < 3; run++) {
    await agent.start(goal);
    await agent.finished();
  }
  const assistant = await new LabAssistantPage(page, LOCALE, ip).open();
  await assistant.ask(assistant.copy.examples[0] ?? "");
  await assistant.answered(0);
  const reviewer = await new LabReviewerPage(page, LOCALE, ip).open();
  await reviewer.review("el.innerHTML = html;");

  // The gap's newest run, as the studio's list finds it.
  await studio.open();
  await studio.search(marker);
  await expect(studio.uses).toHaveCount(3);
  // Newest first.
  await studio.uses.first().getByTestId("lab-use-link").click();
  await expect(studio.replay).toBeVisible();
  const runPath = new URL(page.url()).pathname;

  const fired = await request.get(FIRE);
  expect(await fired.text()).toBe("Ran scheduled event");
  const email = await simulatedEmail(new URL(page.url()).origin, marker);
  expect(email.to).toEqual([SITE.studio.email]);
  // The counts: at least this test's own (other specs use the server meanwhile), and the subject
  // says their sum, on the studio's clock's day.
  const counts = {
    agent: kindCount(email.text, "agent"),
    chat: kindCount(email.text, "chat"),
    review: kindCount(email.text, "review"),
  };
  expect(counts.agent).toBeGreaterThanOrEqual(3);
  expect(counts.chat).toBeGreaterThanOrEqual(1);
  expect(counts.review).toBeGreaterThanOrEqual(1);
  const day = formatDay(studioDay(Date.now(), SETTINGS.timeZone), LOCALE);
  const total = counts.agent + counts.chat + counts.review;
  expect(email.subject).toBe(
    fill(words.subjectToday, { studio: SITE.studio.name, day, uses: plural(words.uses, total, LOCALE) }),
  );

  // The gap as the Lab view keeps it: the address redacted, three times, linked to its newest run
  // on the site's origin (SITE_URL's; the local Worker has none, so the schedule's own host).
  const redacted = redact(goal);
  expect(redacted).not.toContain("@");
  expect(email.text).not.toContain(`${marker}@example.com`);
  const gapLine = `- ${fill(words.gapLine, { goal: redacted, uses: plural(words.uses, 3, LOCALE) })}\n`;
  expect(email.text).toContain(gapLine);
  const afterGap = email.text.slice(email.text.indexOf(gapLine) + gapLine.length).split("\n")[0] ?? "";
  expect(afterGap).toMatch(new RegExp(`^  https?://[^/\\s]+${runPath}$`));
  // The day in the Lab view, and the gaps report.
  expect(email.text).toMatch(new RegExp(`https?://[^/\\s]+/${LOCALE}/inbox/lab\\?day=\\d{4}-\\d{2}-\\d{2}`));
  expect(email.text).toMatch(new RegExp(`https?://[^/\\s]+/${LOCALE}/inbox/lab/gaps\\?day=`));

  // A second firing the same day sends nothing new; the Lab view says when the digest went.
  expect(await (await request.get(FIRE)).text()).toBe("Ran scheduled event");
  await page.waitForTimeout(2_000);
  expect(await simulatedEmailsWith(marker)).toHaveLength(1);
  await studio.open();
  await expect(last).not.toHaveText(getDictionary(LOCALE).notices.last.none);
  await expect(last).toContainText(getDictionary(LOCALE).notices.last.sent.split("{time}")[0] ?? "");
});
