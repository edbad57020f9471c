import { BackToLab } from "@/components/lab/back-to-lab";
import { UsageTable } from "@/components/lab/usage-table";
import { PageHeader } from "@/components/site/page-header";
import type { Locale } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { fill } from "@/lib/i18n/fill";
import { formatCount } from "@/lib/i18n/format";
import { localeOf } from "@/lib/i18n/params";
import { labQuota } from "@/lib/lab/units";
import { isPlatformFailure } from "@/lib/platform";
import { type SiteTotals, WORKERS_AI_FREE_NEURONS_PER_DAY } from "@/lib/quota";
import { pageMetadata } from "@/lib/site/metadata";
import { paths } from "@/lib/site/paths";

// Today's totals, read on every request.
export const dynamic = "force-dynamic";

/** The page's lead, with the free allowance as the locale writes numbers. */
function description(locale: Locale): string {
  return fill(getDictionary(locale).usage.description, {
    neurons: formatCount(WORKERS_AI_FREE_NEURONS_PER_DAY, locale),
  });
}

export async function generateMetadata({ params }: PageProps<"/[locale]/lab/usage">) {
  const locale = await localeOf(params);
  const { title } = getDictionary(locale).usage;
  return pageMetadata(locale, { title, description: description(locale), path: paths.labUsage(locale) });
}

async function todaysTotals(): Promise<SiteTotals | null> {
  try {
    return await labQuota().quota.today();
  } catch (error) {
    if (isPlatformFailure(error)) return null;
    throw error;
  }
}

export default async function LabUsagePage({ params }: PageProps<"/[locale]/lab/usage">) {
  const locale = await localeOf(params);
  const dict = getDictionary(locale);
  const totals = await todaysTotals();
  return (
    <>
      <BackToLab locale={locale} />
      <PageHeader title={dict.usage.title} lead={description(locale)} />
      {totals ? (
        <UsageTable totals={totals} copy={dict.usage} locale={locale} />
      ) : (
        <p className="notice notice--warning" data-testid="usage-unavailable">
          {dict.usage.unavailable}
        </p>
      )}
    </>
  );
}
