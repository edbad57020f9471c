import { BackToLab } from "@/components/lab/back-to-lab";
import { labCopy } from "@/components/lab/copy";
import { HydrateOnIntent } from "@/components/lab/hydrate-on-intent";
import { RecordsNotice } from "@/components/lab/records-notice";
import { ReviewConsole } from "@/components/review/review-console";
import { PageHeader } from "@/components/site/page-header";
import type { Locale } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { fill } from "@/lib/i18n/fill";
import { formatCount } from "@/lib/i18n/format";
import { localeOf } from "@/lib/i18n/params";
import { REVIEW_LIMITS } from "@/lib/review/limits";
import { pageMetadata } from "@/lib/site/metadata";
import { LAB_PAGES } from "@/lib/site/nav";
import { paths } from "@/lib/site/paths";

/** The page's lead, with the code limit as the locale writes numbers. */
function description(locale: Locale): string {
  return fill(getDictionary(locale).reviewer.description, { max: formatCount(REVIEW_LIMITS.maxCodeChars, locale) });
}

export async function generateMetadata({ params }: PageProps<"/[locale]/lab/reviewer">) {
  const locale = await localeOf(params);
  const { title } = getDictionary(locale).reviewer;
  return pageMetadata(locale, {
    title,
    description: description(locale),
    path: LAB_PAGES.reviewer?.(locale) ?? paths.lab(locale),
  });
}

export default async function LabReviewerPage({ params }: PageProps<"/[locale]/lab/reviewer">) {
  const locale = await localeOf(params);
  const dict = getDictionary(locale);
  return (
    <>
      <BackToLab locale={locale} />
      <PageHeader title={dict.reviewer.title} lead={description(locale)} />
      <HydrateOnIntent>
        <ReviewConsole locale={locale} copy={dict.reviewer} shared={labCopy(dict)} />
      </HydrateOnIntent>
      <RecordsNotice locale={locale} copy={dict.records} />
    </>
  );
}
