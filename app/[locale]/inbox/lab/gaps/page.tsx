import type { Metadata } from "next";
import { DayPicker } from "@/components/lab-view/day-picker";
import { GapsTable } from "@/components/lab-view/gaps-table";
import { StudioDoor } from "@/components/lab-view/studio-door";
import { StudioNav } from "@/components/lab-view/studio-nav";
import { PageHeader } from "@/components/site/page-header";
import { getDictionary } from "@/lib/i18n/dictionary";
import { fill } from "@/lib/i18n/fill";
import { localeOf } from "@/lib/i18n/params";
import { plural } from "@/lib/i18n/plural";
import { studioAccess } from "@/lib/lab-view/access";
import { formatDay } from "@/lib/lab-view/format";
import { studioPaths } from "@/lib/lab-view/paths";
import { readStudioGaps } from "@/lib/lab-view/studio-gaps";
import { privatePageMetadata } from "@/lib/site/metadata";

// Behind the inbox's key, read on every request; never prerendered, cached or indexed.
export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: PageProps<"/[locale]/inbox/lab/gaps">): Promise<Metadata> {
  const locale = await localeOf(params);
  return privatePageMetadata(getDictionary(locale).labView.gaps.title);
}

/** What visitors asked the Lab for that the site's content doesn't have, by the words they used. */
export default async function LabGapsPage({ params, searchParams }: PageProps<"/[locale]/inbox/lab/gaps">) {
  const locale = await localeOf(params);
  const copy = getDictionary(locale).labView;
  const access = await studioAccess();
  if (access !== "open") return <StudioDoor access={access} locale={locale} title={copy.gaps.title} />;

  const gaps = await readStudioGaps((await searchParams).day);
  if (gaps.status !== "ok") {
    return (
      <>
        <PageHeader title={copy.gaps.title} />
        <StudioNav locale={locale} copy={copy} current="gaps" />
        <p className="notice notice--warning">{gaps.status === "off" ? copy.off : copy.unavailable}</p>
      </>
    );
  }
  const lead = fill(copy.gaps.lead, { days: plural(copy.days, gaps.days, locale), day: formatDay(gaps.day, locale) });
  return (
    <>
      <PageHeader title={copy.gaps.title} lead={lead} />
      <StudioNav locale={locale} copy={copy} current="gaps" day={gaps.day} />
      <DayPicker
        locale={locale}
        copy={copy}
        day={gaps.day}
        kept={gaps.kept}
        href={(other) => studioPaths.gaps(locale, other)}
      />
      <p className="muted">{plural(copy.gaps.read, gaps.read, locale)}</p>
      <GapsTable groups={gaps.groups} locale={locale} copy={copy} />
    </>
  );
}
