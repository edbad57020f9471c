import { Link } from "@/components/site/link";
import { leadFacts } from "@/lib/contact/compose";
import type { StoredLead } from "@/lib/contact/lead";
import type { Locale } from "@/lib/i18n/config";
import type { Dictionary } from "@/lib/i18n/dictionary";
import { getDictionary } from "@/lib/i18n/dictionary";
import { plural } from "@/lib/i18n/plural";
import { isRunId } from "@/lib/lab/records";
import { leadAnchor, studioPaths } from "@/lib/lab-view/paths";
import styles from "./inbox.module.css";

type Props = { leads: StoredLead[]; locale: Locale; copy: Dictionary["inbox"] };

/** The studio's messages, newest first: the visitor's words first, then who, the Lab's facts, whether the email went out. */
export function InboxList({ leads, locale, copy }: Props) {
  if (leads.length === 0) return <p className="muted">{copy.empty}</p>;
  const fromRun = getDictionary(locale).labView.fromRun;
  return (
    <>
      <p className="muted">{plural(copy.count, leads.length, locale)}</p>
      <ol className={styles.list} data-testid="inbox-list">
        {leads.map(({ lead, delivery }) => {
          const { words, visitor, lab, service } = leadFacts(lead, locale);
          const subject = `Re: ${service ?? words.message}`;
          const digits = lead.phone.replace(/\D/g, "");
          // A stored lead is checked like a link: only a run id's shape links to a run's page.
          const runId = (lead.context as { runId?: unknown } | null)?.runId;
          return (
            <li key={lead.id} id={leadAnchor(lead.id)} className="card" data-testid="inbox-lead">
              <div className={styles.head}>
                <h2>{lead.name}</h2>
                {delivery.state === "sent" ? (
                  <span className="muted">{copy.sent}</span>
                ) : (
                  <span className={styles.unsent} data-testid="inbox-unsent">
                    {copy.unsent}
                    {delivery.attempts > 0 ? ` · ${plural(copy.attempts, delivery.attempts, locale)}` : ""}
                    {delivery.lastError ? ` · ${delivery.lastError}` : ""}
                  </span>
                )}
              </div>
              <blockquote className={styles.message} aria-label={words.message} data-testid="inbox-message">
                {lead.message}
              </blockquote>
              <dl className={`facts ${styles.facts}`}>
                {visitor.map(([label, value]) => (
                  <div key={label}>
                    <dt>{label}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
              {lab.length > 0 && (
                <>
                  <h3>{words.lab}</h3>
                  <dl className={`facts ${styles.facts}`} data-testid="inbox-lab">
                    {lab.map(([label, value]) => (
                      <div key={label}>
                        <dt>{label}</dt>
                        <dd className={styles.value}>{value}</dd>
                      </div>
                    ))}
                  </dl>
                </>
              )}
              {isRunId(runId) ? (
                <p>
                  <Link href={studioPaths.run(locale, runId)} data-testid="inbox-lead-run">
                    {fromRun}
                  </Link>
                </p>
              ) : null}
              <p className={styles.actions}>
                <a className="button" href={`mailto:${lead.email}?subject=${encodeURIComponent(subject)}`}>
                  {copy.replyEmail}
                </a>
                {digits.length >= 7 && (
                  <a className="button button--whatsapp" href={`https://wa.me/${digits}`} rel="noopener noreferrer">
                    {copy.replyWhatsapp}
                  </a>
                )}
              </p>
            </li>
          );
        })}
      </ol>
    </>
  );
}
