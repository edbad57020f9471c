import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { RunView } from "@/components/lab-view/run-view";
import { StudioDoor } from "@/components/lab-view/studio-door";
import { StudioNav } from "@/components/lab-view/studio-nav";
import { PageHeader } from "@/components/site/page-header";
import { getDictionary } from "@/lib/i18n/dictionary";
import { localeOf } from "@/lib/i18n/params";
import { isRunId } from "@/lib/lab/records";
import { studioAccess } from "@/lib/lab-view/access";
import { readStudioRun, type StudioRun } from "@/lib/lab-view/studio-run";
import { privatePageMetadata } from "@/lib/site/metadata";

// Behind the inbox's key, read on every request; never prerendered, cached or indexed.
export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: PageProps<"/[locale]/inbox/lab/[id]">): Promise<Metadata> {
  const locale = await localeOf(params);
  return privatePageMetadata(getDictionary(locale).labView.title);
}

/** One Lab use replayed for the studio. An id without a run id's shape is a 404 before any read. */
export default async function LabRunPage({ params }: PageProps<"/[locale]/inbox/lab/[id]">) {
  const locale = await localeOf(params);
  const { id } = await params;
  if (!isRunId(id)) notFound();
  const copy = getDictionary(locale).labView;
  const access = await studioAccess();
  if (access !== "open") return <StudioDoor access={access} locale={locale} title={copy.title} />;

  let run: StudioRun | null;
  try {
    run = await readStudioRun(id);
  } catch (error) {
    console.error(JSON.stringify({ event: "lab_record_read_failed", message: (error as Error).name }));
    return (
      <>
        <PageHeader title={copy.title} />
        <StudioNav locale={locale} copy={copy} current={null} />
        <p className="notice notice--warning">{copy.unavailable}</p>
      </>
    );
  }
  if (!run) notFound();
  return <RunView run={run} locale={locale} copy={copy} />;
}
