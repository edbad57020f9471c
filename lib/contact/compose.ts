import { SETTINGS } from "@/content/generated/settings";
import { SITE } from "@/lib/content/site";
import { DEFAULT_LOCALE, isLocale, type Locale } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { durationLabel, formatDuration } from "@/lib/i18n/duration";
import { fill } from "@/lib/i18n/fill";
import { formatMoneyRange, localeTag } from "@/lib/i18n/format";
import { studioPaths } from "@/lib/lab-view/paths";
import type { Lead } from "./lead";
import { summaryLines } from "./lead-context";
import { oneLine } from "./schema";

/** The email the studio gets for one lead: a header-safe subject and Reply-To, text and HTML. */
export type LeadEmail = {
  subject: string;
  replyTo: { email: string; name: string };
  text: string;
  html: string;
};

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** A header value: whatever the schema let through, no CR, LF or other control character reaches it. */
function headerValue(text: string, max: number): string {
  return oneLine(text).slice(0, max);
}

/** When the lead came, on the studio's clock and in its language: "1 de diciembre de 2026, 11:46". */
export function formatReceived(receivedAt: string, locale: Locale): string {
  const date = new Date(receivedAt);
  if (Number.isNaN(date.getTime())) return receivedAt;
  return new Intl.DateTimeFormat(localeTag(locale), {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: SETTINGS.timeZone,
  }).format(date);
}

/** A page language by its name in `locale` ("inglés"); a code no language has stays as it is. */
function languageName(code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([localeTag(locale)], { type: "language", fallback: "code" }).of(code) ?? code;
  } catch {
    return code;
  }
}

const sameLine = (line: string) => line.trim().replace(/\s+/g, " ");

/**
 * What the visitor wrote in the summary field beyond what the form prefilled there (the goal,
 * service, extras and time the Lab facts already show, in the visitor's language): their own
 * lines only, so nothing is said twice.
 */
function ownSummary(lead: Lead): string {
  const locale = isLocale(lead.locale) ? lead.locale : undefined;
  if (!lead.context || !locale) return lead.summary.trim();
  const names = SITE.services.map((service) => ({
    id: service.id,
    name: service.text[locale].name,
    extras: service.extras.map((extra) => ({ id: extra.id, name: extra.name[locale] })),
  }));
  const words = getDictionary(locale).contact.summaryWords;
  const prefilled = new Set(summaryLines(lead.context, names, words, locale).map(sameLine));
  return lead.summary
    .split("\n")
    .filter((line) => !prefilled.has(sameLine(line)))
    .join("\n")
    .trim();
}

/** Label and value pairs of a lead, in the studio's language, shared by the email and the inbox. */
/** A page of the studio's on the inbox's origin (`inboxUrl` is absolute, or a path when no origin is known). */
function besideInbox(inboxUrl: string, path: string): string {
  return URL.canParse(inboxUrl) ? new URL(path, inboxUrl).toString() : path;
}

export function leadFacts(lead: Lead, locale: Locale = DEFAULT_LOCALE, inboxUrl = "") {
  const words = getDictionary(locale).leads;
  const service = lead.estimate ? SITE.services.find((s) => s.id === lead.estimate?.serviceId) : undefined;
  const extras = service?.extras.filter((extra) => lead.estimate?.extraIds.includes(extra.id)) ?? [];
  const visitor: [string, string][] = [[words.from, `${lead.name} <${lead.email}>`]];
  if (lead.phone) visitor.push([words.phone, lead.phone]);
  visitor.push(
    [words.language, languageName(lead.locale, locale)],
    [words.received, formatReceived(lead.receivedAt, locale)],
  );
  const lab: [string, string][] = [];
  if (lead.context) lab.push([words.source, words.sources[lead.context.source]]);
  if (lead.context?.goal) lab.push([words.goal, lead.context.goal]);
  // The run the visitor came from, by way of the calculator or not: what the agent told them. In
  // the email; the inbox links it on its own (`inboxUrl` empty).
  if (lead.context?.runId && inboxUrl)
    lab.push([words.run, besideInbox(inboxUrl, studioPaths.run(locale, lead.context.runId))]);
  if (service && lead.estimate) {
    lab.push([words.service, `${service.text[locale].name} (${service.id})`]);
    if (extras.length)
      lab.push([words.extras, extras.map((extra) => `${extra.name[locale]} (${extra.id})`).join(", ")]);
    lab.push([words.range, formatMoneyRange(lead.estimate.price, locale)]);
    // The plan's term from the service itself, so a lead stored before estimates carried it reads the same.
    const duration = { weeks: lead.estimate.weeks, term: service.term };
    lab.push([durationLabel(duration, words), formatDuration(duration, locale)]);
  }
  const summary = ownSummary(lead);
  if (summary) lab.push([words.visitorSummary, summary]);
  return { words, service: service?.text[locale].name, visitor, lab };
}

export function composeLeadEmail(lead: Lead, inboxUrl: string, locale: Locale = DEFAULT_LOCALE): LeadEmail {
  const { words, service, visitor, lab } = leadFacts(lead, locale, inboxUrl);
  const name = headerValue(lead.name, 100);
  const subject = headerValue(
    service ? fill(words.subjectService, { name, service }) : fill(words.subject, { name }),
    200,
  );
  const intro = fill(words.intro, { name: lead.name });
  const inbox = fill(words.inbox, { url: inboxUrl });
  // A value of several lines (the visitor's summary) starts on the line after its label.
  const textLines = (pairs: [string, string][]) =>
    pairs.map(([label, value]) => (value.includes("\n") ? `${label}:\n${value}` : `${label}: ${value}`));
  // The visitor's own words first: what the studio reads before anything else.
  const text = [
    intro,
    "",
    `${words.message}:`,
    lead.message,
    "",
    ...textLines(visitor),
    ...(lab.length ? ["", `${words.lab}:`, ...textLines(lab)] : []),
    "",
    words.reply,
    inbox,
    "",
  ].join("\n");
  const rows = (pairs: [string, string][]) =>
    pairs
      .map(
        ([label, value]) =>
          `<tr><th align="left">${escapeHtml(label)}</th><td style="white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
      )
      .join("");
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    `<h2 style="font-size:14px;margin:16px 0 4px">${escapeHtml(words.message)}</h2>`,
    `<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #14213d;font-size:18px;line-height:1.5;white-space:pre-wrap">${escapeHtml(lead.message)}</blockquote>`,
    `<table>${rows(visitor)}</table>`,
    lab.length ? `<h3>${escapeHtml(words.lab)}</h3><table>${rows(lab)}</table>` : "",
    `<p>${escapeHtml(words.reply)}<br>${escapeHtml(inbox)}</p>`,
  ].join("\n");
  return { subject, replyTo: { email: headerValue(lead.email, 200), name }, text, html };
}
