import type { Metadata } from "next";
import { DayPicker } from "@/components/lab-view/day-picker";
import { DayTotals } from "@/components/lab-view/day-totals";
import { ListPages } from "@/components/lab-view/list-pages";
import { StudioDoor } from "@/components/lab-view/studio-door";
import { StudioNav } from "@/components/lab-view/studio-nav";
import { UseFilters } from "@/components/lab-view/use-filters";
import { countLine, UseList } from "@/components/lab-view/use-list";
import { PageHeader } from "@/components/site/page-header";
import { getDictionary } from "@/lib/i18n/dictionary";
import { fill } from "@/lib/i18n/fill";
import { localeOf } from "@/lib/i18n/params";
import { plural } from "@/lib/i18n/plural";
import { studioAccess } from "@/lib/lab-view/access";
import { readFilters } from "@/lib/lab-view/filters";
import { studioPaths } from "@/lib/lab-view/paths";
import { readStudioDay } from "@/lib/lab-view/studio-day";
import { lastDigestLine } from "@/lib/notices/last-digest";
import { privatePageMetadata } from "@/lib/site/metadata";

// Behind the inbox's key, read on every request; never prerendered, cached or indexed.
export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: PageProps<"/[locale]/inbox/lab">): Promise<Metadata> {
  const locale = await localeOf(params);
  return privatePageMetadata(getDictionary(locale).labView.title);
}

/** The Lab's uses of one day: its totals, the filters, and the uses that fit them, newest first. */
export default async function LabUsesPage({ params, searchParams }: PageProps<"/[locale]/inbox/lab">) {
  const locale = await localeOf(params);
  const copy = getDictionary(locale).labView;
  const access = await studioAccess();
  if (access !== "open") return <StudioDoor access={access} locale={locale} title={copy.title} />;

  const query = await searchParams;
  const filters = readFilters(query, locale);
  const [read, lastDigest] = await Promise.all([readStudioDay(query.day, filters), lastDigestLine(locale)]);
  const header = (
    <>
      <PageHeader title={copy.title} lead={fill(copy.lead, { days: plural(copy.days, read.retentionDays, locale) })} />
      {lastDigest && (
        <p className="muted" data-testid="lab-last-digest">
          {lastDigest}
        </p>
      )}
    </>
  );
  if (read.status !== "ok") {
    return (
      <>
        {header}
        <StudioNav locale={locale} copy={copy} current="uses" />
        <p className="notice notice--warning">{read.status === "off" ? copy.off : copy.unavailable}</p>
      </>
    );
  }
  const { day, kept, totals, notKept, shown, matching, page, pages } = read;
  return (
    <>
      {header}
      <StudioNav locale={locale} copy={copy} current="uses" day={day} />
      <DayPicker locale={locale} copy={copy} day={day} kept={kept} href={(other) => studioPaths.uses(locale, other)} />
      <DayTotals totals={totals} notKept={notKept} locale={locale} copy={copy} />
      <UseFilters filters={filters} day={day} locale={locale} copy={copy} />
      <section aria-labelledby="lab-uses-title">
        <h2 id="lab-uses-title">{copy.list.title}</h2>
        {totals.uses === 0 ? (
          <p className="muted">{copy.list.none}</p>
        ) : matching === 0 ? (
          <p className="muted">{copy.list.empty}</p>
        ) : (
          <>
            <p className="muted" data-testid="lab-list-count">
              {countLine(matching, totals.uses, locale, copy)}
            </p>
            <UseList uses={shown} locale={locale} copy={copy} />
            <ListPages filters={filters} day={day} page={page} pages={pages} locale={locale} copy={copy} />
          </>
        )}
      </section>
    </>
  );
}
