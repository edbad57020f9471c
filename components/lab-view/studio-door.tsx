import { InboxLogin } from "@/components/contact/inbox-login";
import { PageHeader } from "@/components/site/page-header";
import { openInbox } from "@/lib/contact/inbox-actions";
import type { Locale } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import type { StudioAccess } from "@/lib/lab-view/access";

type Props = { access: Exclude<StudioAccess, "open">; locale: Locale; title: string };

/**
 * The inbox's own door on the studio's Lab pages: its key form (the same action, lockout and
 * cookie), or the notice that no key is set. Nothing of a record is read before it opens.
 */
export function StudioDoor({ access, locale, title }: Props) {
  const copy = getDictionary(locale).inbox;
  return (
    <>
      <PageHeader title={title} lead={copy.lead} />
      {access === "notConfigured" ? (
        <p className="notice notice--warning">{copy.notConfigured}</p>
      ) : (
        <InboxLogin copy={copy} open={openInbox} />
      )}
    </>
  );
}
