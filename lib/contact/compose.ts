import { SITE } from "@/lib/content/site";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { durationLabel, formatDuration } from "@/lib/i18n/duration";
import { fill } from "@/lib/i18n/fill";
import { formatMoneyRange } from "@/lib/i18n/format";
import type { Lead } from "./lead";
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

/** Label and value pairs of a lead, in the studio's language, shared by the text and HTML parts. */
export function leadFacts(lead: Lead, locale: Locale = DEFAULT_LOCALE) {
  const words = getDictionary(locale).leads;
  const service = lead.estimate ? SITE.services.find((s) => s.id === lead.estimate?.serviceId) : undefined;
  const extras = service?.extras.filter((extra) => lead.estimate?.extraIds.includes(extra.id)) ?? [];
  const visitor: [string, string][] = [[words.from, `${lead.name} <${lead.email}>`]];
  if (lead.phone) visitor.push([words.phone, lead.phone]);
  visitor.push([words.language, lead.locale], [words.received, lead.receivedAt]);
  const lab: [string, string][] = [];
  if (lead.context) lab.push([words.source, words.sources[lead.context.source]]);
  if (lead.context?.goal) lab.push([words.goal, lead.context.goal]);
  if (service && lead.estimate) {
    lab.push([words.service, `${service.text[locale].name} (${service.id})`]);
    if (extras.length)
      lab.push([words.extras, extras.map((extra) => `${extra.name[locale]} (${extra.id})`).join(", ")]);
    lab.push([words.range, formatMoneyRange(lead.estimate.price, locale)]);
    // The plan's term from the service itself, so a lead stored before estimates carried it reads the same.
    const duration = { weeks: lead.estimate.weeks, term: service.term };
    lab.push([durationLabel(duration, words), formatDuration(duration, locale)]);
  }
  if (lead.summary) lab.push([words.visitorSummary, lead.summary]);
  return { words, service: service?.text[locale].name, visitor, lab };
}

export function composeLeadEmail(lead: Lead, inboxUrl: string, locale: Locale = DEFAULT_LOCALE): LeadEmail {
  const { words, service, visitor, lab } = leadFacts(lead, locale);
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
  const text = [
    intro,
    "",
    ...textLines(visitor),
    "",
    `${words.message}:`,
    lead.message,
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
    `<table>${rows(visitor)}</table>`,
    `<h3>${escapeHtml(words.message)}</h3>`,
    `<p style="white-space:pre-wrap">${escapeHtml(lead.message)}</p>`,
    lab.length ? `<h3>${escapeHtml(words.lab)}</h3><table>${rows(lab)}</table>` : "",
    `<p>${escapeHtml(words.reply)}<br>${escapeHtml(inbox)}</p>`,
  ].join("\n");
  return { subject, replyTo: { email: headerValue(lead.email, 200), name }, text, html };
}
