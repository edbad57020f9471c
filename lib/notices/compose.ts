import { escapeHtml } from "@/lib/contact/compose";
import { SITE } from "@/lib/content/site";
import type { Locale } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { fill } from "@/lib/i18n/fill";
import { groupDigits, plural } from "@/lib/i18n/plural";
import { formatClock, formatDay, formatPercent, formatTime, zoneName } from "@/lib/lab-view/format";
import { studioPaths } from "@/lib/lab-view/paths";
import { neuronShare } from "@/lib/lab-view/totals";
import { utcDay } from "@/lib/platform/utc-day";
import { WORKERS_AI_FREE_NEURONS_PER_DAY } from "@/lib/quota/quota";
import { absoluteUrl } from "@/lib/site/public-origin";
import { visibleText } from "@/lib/text/visible";
import type { Alert } from "./alerts";
import type { DigestFacts } from "./digest-facts";

/** An email to the studio: its subject, and the same content as plain text and as HTML. */
export type NoticeEmail = { subject: string; text: string; html: string };

/** A line of a section: its words, and the page of the Lab view it links to. */
type Line = { text: string; url?: string };
type Section = { title: string; lines: Line[] };

// A record is hostile content: a visitor or a model wrote it. What of it reaches an email is one
// line (no control or format character, no line break that could fake a header or a link line),
// quoted and cut, and the HTML part escapes it like every other value.
const QUOTE_MAX = 120;
function quoted(text: string): string {
  const line = visibleText(text.replace(/\s+/g, " "))
    .replace(/[\p{Cc}\p{Cf}]/gu, "")
    .trim();
  return [...line].length > QUOTE_MAX ? `${[...line].slice(0, QUOTE_MAX - 1).join("")}…` : line;
}

/** The UTC day the studio's day mostly falls on: the Lab view's days are UTC days. */
function viewDay(facts: Pick<DigestFacts, "from" | "to">): string {
  return utcDay(Math.floor((facts.from + facts.to) / 2));
}

function render(intro: string[], sections: Section[], outro: string[]): { text: string; html: string } {
  const text = [
    ...intro,
    "",
    ...sections.flatMap((section) => [
      section.title,
      ...section.lines.flatMap((line) => [`- ${line.text}`, ...(line.url ? [`  ${line.url}`] : [])]),
      "",
    ]),
    ...outro,
    "",
  ].join("\n");
  const item = (line: Line) =>
    line.url
      ? `<li>${escapeHtml(line.text)}<br><a href="${escapeHtml(line.url)}">${escapeHtml(line.url)}</a></li>`
      : `<li>${escapeHtml(line.text)}</li>`;
  const html = [
    ...intro.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    ...sections.map(
      (section) =>
        `<h2 style="font-size:15px;margin:20px 0 6px">${escapeHtml(section.title)}</h2><ul style="margin:0;padding-left:20px;line-height:1.5">${section.lines.map(item).join("")}</ul>`,
    ),
    ...outro.map((paragraph) => `<p style="color:#555;font-size:13px">${escapeHtml(paragraph)}</p>`),
  ].join("\n");
  return { text, html };
}

/**
 * The studio's digest of one day, in `locale` (the studio's default language), every item linked
 * to its page in the Lab view on `origin`. `today` says it is the day so far (a local firing).
 */
export function composeDigest(
  facts: DigestFacts,
  { locale, origin, today = false }: { locale: Locale; origin: string | undefined; today?: boolean },
): NoticeEmail {
  const dictionary = getDictionary(locale);
  const words = dictionary.notices.digest;
  const view = dictionary.labView;
  const link = (path: string) => absoluteUrl(path, origin);
  const day = formatDay(facts.day, locale);
  const uses = plural(words.uses, facts.totals.uses, locale);
  const subject = fill(today ? words.subjectToday : words.subject, { studio: SITE.studio.name, day, uses });
  const intro = [fill(today ? words.introToday : words.intro, { day, zone: zoneName(locale) })];
  const label = (map: Record<string, string>, key: string) => map[key] ?? key;

  const sections: Section[] = [];
  sections.push({
    title: words.usesTitle,
    lines:
      facts.totals.uses === 0
        ? [{ text: words.quiet }]
        : facts.kinds.map((kind) => ({
            text: fill(words.kindLine, {
              kind: label(view.kinds, kind.kind),
              uses: plural(words.uses, kind.uses, locale),
              verdicts: kind.verdicts
                .map(([verdict, count]) => `${label(view.verdicts, verdict)} ${groupDigits(count, locale)}`)
                .join(", "),
            }),
            url: link(`${studioPaths.uses(locale, viewDay(facts))}&use=${encodeURIComponent(kind.kind)}`),
          })),
  });
  if (facts.notKept > 0) sections[0]?.lines.push({ text: plural(view.totals.notKept, facts.notKept, locale) });

  sections.push({
    title: words.leadsTitle,
    lines: facts.leads.length
      ? facts.leads.flatMap((lead) => [
          {
            text: [
              fill(words.leadLine, { name: quoted(lead.name), time: formatClock(lead.receivedAt, locale) }),
              lead.sent ? "" : ` (${words.unsent})`,
            ].join(""),
            url: link(studioPaths.lead(locale, lead.id)),
          },
          ...(lead.runId ? [{ text: words.fromRun, url: link(studioPaths.run(locale, lead.runId)) }] : []),
        ])
      : [{ text: words.noLeads }],
  });

  sections.push({
    title: words.gapsTitle,
    lines: facts.gaps.length
      ? [
          ...facts.gaps.map((gap) => ({
            text: fill(words.gapLine, { goal: quoted(gap.words), uses: plural(words.uses, gap.count, locale) }),
            url: link(studioPaths.run(locale, gap.runId)),
          })),
          { text: words.allGaps, url: link(studioPaths.gaps(locale, viewDay(facts))) },
        ]
      : [{ text: words.noGaps }],
  });

  if (facts.flagged.length) {
    sections.push({
      title: words.flaggedTitle,
      lines: facts.flagged.map((run) => ({
        text: `${label(view.kinds, run.kind)}, ${formatTime(run.at, locale)}`,
        url: link(studioPaths.run(locale, run.id)),
      })),
    });
  }

  const free = WORKERS_AI_FREE_NEURONS_PER_DAY;
  sections.push({
    title: words.spendTitle,
    lines: [
      {
        text: `${view.totals.neurons}: ${fill(view.totals.neuronsValue, {
          neurons: groupDigits(facts.totals.neurons, locale),
          free: groupDigits(free, locale),
          share: formatPercent(neuronShare(facts.totals.neurons, free), locale),
        })}`,
      },
      {
        text:
          facts.refused.units > 0
            ? fill(words.refused, {
                units: plural(words.units, facts.refused.units, locale),
                addresses: plural(words.addresses, facts.refused.addresses, locale),
              })
            : words.noRefused,
      },
    ],
  });

  const outro = [fill(words.open, { url: link(studioPaths.uses(locale, viewDay(facts))) }), words.why];
  return { subject, ...render(intro, sections, outro) };
}

/** One alert, in `locale`, linked to the page of the Lab view or the inbox that shows it. */
export function composeAlert(
  alert: Alert,
  { locale, origin, nowMs }: { locale: Locale; origin: string | undefined; nowMs: number },
): NoticeEmail {
  const dictionary = getDictionary(locale);
  const words = dictionary.notices.alert;
  const link = (path: string) => absoluteUrl(path, origin);
  const today = utcDay(nowMs);
  let line: string;
  let path: string;
  switch (alert.kind) {
    case "failing":
      line = alert.pausedUntil
        ? fill(words.paused, { until: formatTime(alert.pausedUntil, locale) })
        : fill(words.failing, { failed: groupDigits(alert.failed, locale), recent: groupDigits(alert.recent, locale) });
      path = `${studioPaths.uses(locale, today)}&verdict=model_error`;
      break;
    case "units":
      line = fill(words.units, {
        used: groupDigits(alert.used, locale),
        limit: groupDigits(alert.limit, locale),
        time: formatClock(new Date(nowMs).toISOString(), locale),
        reset: formatTime(alert.resetAt, locale),
      });
      path = studioPaths.uses(locale, today);
      break;
    case "bot":
      line = fill(words.bot, {
        units: plural(dictionary.notices.digest.units, alert.units, locale),
        addresses: plural(dictionary.notices.digest.addresses, alert.addresses, locale),
      });
      path = studioPaths.uses(locale, today);
      break;
    case "leads":
      line = fill(words.leads, { messages: plural(words.messages, alert.unsent, locale) });
      path = studioPaths.inbox(locale);
      break;
  }
  const subject = fill(words.subject, { studio: SITE.studio.name, what: words.what[alert.kind] });
  return { subject, ...render([line], [], [fill(words.open, { url: link(path) }), words.once]) };
}
