import { ChatConsole } from "@/components/chat/chat-console";
import { BackToLab } from "@/components/lab/back-to-lab";
import { labCopy } from "@/components/lab/copy";
import { HydrateOnIntent } from "@/components/lab/hydrate-on-intent";
import { RecordsNotice } from "@/components/lab/records-notice";
import { PageHeader } from "@/components/site/page-header";
import { getDictionary } from "@/lib/i18n/dictionary";
import { localeOf } from "@/lib/i18n/params";
import { pageMetadata } from "@/lib/site/metadata";
import { LAB_PAGES } from "@/lib/site/nav";
import { paths } from "@/lib/site/paths";

export async function generateMetadata({ params }: PageProps<"/[locale]/lab/assistant">) {
  const locale = await localeOf(params);
  const { title, description } = getDictionary(locale).assistant;
  return pageMetadata(locale, { title, description, path: LAB_PAGES.assistant?.(locale) ?? paths.lab(locale) });
}

export default async function LabAssistantPage({ params }: PageProps<"/[locale]/lab/assistant">) {
  const locale = await localeOf(params);
  const dict = getDictionary(locale);
  return (
    <>
      <BackToLab locale={locale} />
      <PageHeader title={dict.assistant.title} lead={dict.assistant.description} />
      <HydrateOnIntent>
        <ChatConsole locale={locale} copy={dict.assistant} shared={labCopy(dict)} />
      </HydrateOnIntent>
      <RecordsNotice locale={locale} copy={dict.records} />
    </>
  );
}
