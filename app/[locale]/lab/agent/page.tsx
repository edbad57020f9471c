import { AgentAbout } from "@/components/agent/agent-about";
import { AgentConsole } from "@/components/agent/agent-console";
import type { ServiceNames } from "@/components/agent/copy";
import { BackToLab } from "@/components/lab/back-to-lab";
import { RecordsNotice } from "@/components/lab/records-notice";
import { PageHeader } from "@/components/site/page-header";
import { SITE } from "@/lib/content/site";
import type { Locale } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { localeOf } from "@/lib/i18n/params";
import { pageMetadata } from "@/lib/site/metadata";
import { LAB_PAGES } from "@/lib/site/nav";
import { paths } from "@/lib/site/paths";

export async function generateMetadata({ params }: PageProps<"/[locale]/lab/agent">) {
  const locale = await localeOf(params);
  const { title, description } = getDictionary(locale).agent;
  return pageMetadata(locale, { title, description, path: LAB_PAGES.agent?.(locale) ?? paths.lab(locale) });
}

/** Service and extra names by id, for the estimate card (its result names them only by id). */
function serviceNames(locale: Locale): ServiceNames {
  return Object.fromEntries(
    SITE.services.map((service) => [
      service.id,
      {
        name: service.text[locale].name,
        extras: Object.fromEntries(service.extras.map((extra) => [extra.id, extra.name[locale]])),
        ...(service.term ? { term: service.term } : {}),
      },
    ]),
  );
}

export default async function LabAgentPage({ params }: PageProps<"/[locale]/lab/agent">) {
  const locale = await localeOf(params);
  const dict = getDictionary(locale);
  return (
    <>
      <BackToLab locale={locale} />
      <PageHeader title={dict.agent.title} lead={dict.agent.description} />
      {/* The console gets only its own strings and the names it shows: no catalog on the client. */}
      <AgentConsole locale={locale} copy={dict.agent.console} names={serviceNames(locale)} records={dict.records}>
        <AgentAbout locale={locale} about={dict.agent.about} />
      </AgentConsole>
      <RecordsNotice copy={dict.records} />
    </>
  );
}
