import { Link } from "@/components/site/link";
import type { StoredLead } from "@/lib/contact/lead";
import type { Locale } from "@/lib/i18n/config";
import type { Dictionary } from "@/lib/i18n/dictionary";
import { formatTime } from "@/lib/lab-view/format";
import { studioPaths } from "@/lib/lab-view/paths";
import styles from "./lab-view.module.css";

type Props = { lead: StoredLead | null; locale: Locale; copy: Dictionary["labView"] };

/** The contact message this use led to, as text, with the way back to it in the inbox. */
export function RunLead({ lead, locale, copy }: Props) {
  return (
    <section aria-labelledby="lab-lead-title" data-testid="lab-run-lead">
      <h2 id="lab-lead-title">{copy.run.lead}</h2>
      {lead ? (
        <div className="card">
          <p className={styles.useHead}>
            <strong>{lead.lead.name}</strong>
            <time dateTime={lead.lead.receivedAt}>{formatTime(lead.lead.receivedAt, locale)}</time>
          </p>
          <p className={styles.words}>{lead.lead.message}</p>
          <Link href={studioPaths.lead(locale, lead.lead.id)} data-testid="lab-run-lead-link">
            {copy.run.leadLink}
          </Link>
        </div>
      ) : (
        <p className="muted">{copy.run.noLead}</p>
      )}
    </section>
  );
}
