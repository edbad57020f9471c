import { AgentAbout } from "@/components/agent/agent-about";
import { AgentConsole } from "@/components/agent/agent-console";
import { serviceNames } from "@/components/agent/service-names";
import { BackToLab } from "@/components/lab/back-to-lab";
import { HydrateOnIntent } from "@/components/lab/hydrate-on-intent";
import { RecordsNotice } from "@/components/lab/records-notice";
import { PageHeader } from "@/components/site/page-header";
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

export default async function LabAgentPage({ params }: PageProps<"/[locale]/lab/agent">) {
  const locale = await localeOf(params);
  const dict = getDictionary(locale);
  return (
    <>
      <BackToLab locale={locale} />
      <PageHeader title={dict.agent.title} lead={dict.agent.description} />
      {/* The console gets only its own strings and the names it shows: no catalog on the client. */}
      <HydrateOnIntent>
        <AgentConsole locale={locale} copy={dict.agent.console} names={serviceNames(locale)} records={dict.records}>
          <AgentAbout locale={locale} about={dict.agent.about} />
        </AgentConsole>
      </HydrateOnIntent>
      <RecordsNotice locale={locale} copy={dict.records} />
    </>
  );
}
