import type { Metadata } from "next";
import { cookies, headers } from "next/headers";
import { after } from "next/server";
import { InboxList } from "@/components/contact/inbox-list";
import { InboxLogin } from "@/components/contact/inbox-login";
import { StudioNav } from "@/components/lab-view/studio-nav";
import { PageHeader } from "@/components/site/page-header";
import { config, platform } from "@/lib/config";
import { retryDue } from "@/lib/contact/deliver";
import { inboxSessionOpen, readInbox } from "@/lib/contact/inbox";
import { closeInbox, openInbox } from "@/lib/contact/inbox-actions";
import { INBOX_SESSION } from "@/lib/contact/inbox-auth";
import type { StoredLead } from "@/lib/contact/lead";
import { leadTransport } from "@/lib/contact/settings";
import { contactStoreFor } from "@/lib/contact/store";
import { getDictionary } from "@/lib/i18n/dictionary";
import { localeOf } from "@/lib/i18n/params";
import { privatePageMetadata, publicOrigin } from "@/lib/site/metadata";

// Behind the studio's key, read on every request; never prerendered, cached or indexed.
export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: PageProps<"/[locale]/inbox">): Promise<Metadata> {
  const locale = await localeOf(params);
  return privatePageMetadata(getDictionary(locale).inbox.title);
}

export default async function InboxPage({ params }: PageProps<"/[locale]/inbox">) {
  const locale = await localeOf(params);
  const copy = getDictionary(locale).inbox;
  const settings = config().contact;
  const header = <PageHeader title={copy.title} lead={copy.lead} />;
  if (!settings.inboxSecret) {
    return (
      <>
        {header}
        <p className="notice notice--warning">{copy.notConfigured}</p>
      </>
    );
  }
  const session = (await cookies()).get(INBOX_SESSION.cookie)?.value;
  if (!(await inboxSessionOpen(session, settings.inboxSecret))) {
    return (
      <>
        {header}
        <InboxLogin copy={copy} open={openInbox} />
      </>
    );
  }
  let leads: StoredLead[] | null = null;
  try {
    const shared = platform();
    leads = await readInbox(shared);
    // Opening the inbox also retries what a failed send left unsent.
    const transport = leadTransport(settings, { origin: publicOrigin(await headers()) });
    after(() => retryDue({ store: contactStoreFor(shared), transport }));
  } catch (error) {
    console.error(JSON.stringify({ event: "inbox_read_failed", message: (error as Error).name }));
  }
  return (
    <>
      {header}
      <StudioNav locale={locale} copy={getDictionary(locale).labView} current="inbox" />
      <form action={closeInbox}>
        <button type="submit" className="button button--secondary">
          {copy.close}
        </button>
      </form>
      {leads ? (
        <InboxList leads={leads} locale={locale} copy={copy} />
      ) : (
        <p className="notice notice--warning">{copy.unavailable}</p>
      )}
    </>
  );
}
