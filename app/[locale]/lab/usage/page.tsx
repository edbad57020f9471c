import { BackToLab } from "@/components/lab/back-to-lab";
import { UsageTable } from "@/components/lab/usage-table";
import { PageHeader } from "@/components/site/page-header";
import { isQuotaFailure, labQuota } from "@/lib/api/lab-units";
import { getDictionary } from "@/lib/i18n/dictionary";
import { localeOf } from "@/lib/i18n/params";
import type { SiteTotals } from "@/lib/quota";
import { pageMetadata } from "@/lib/site/metadata";
import { paths } from "@/lib/site/paths";

// Today's totals, read on every request.
export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: PageProps<"/[locale]/lab/usage">) {
  const locale = await localeOf(params);
  const { title, description } = getDictionary(locale).usage;
  return pageMetadata(locale, { title, description, path: paths.labUsage(locale) });
}

async function todaysTotals(): Promise<SiteTotals | null> {
  try {
    return await labQuota().quota.today();
  } catch (error) {
    if (isQuotaFailure(error)) return null;
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
      <PageHeader title={dict.usage.title} lead={dict.usage.description} />
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
