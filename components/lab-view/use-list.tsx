import { formatCount } from "@/components/lab/copy";
import { Link } from "@/components/site/link";
import type { Locale } from "@/lib/i18n/config";
import type { Dictionary } from "@/lib/i18n/dictionary";
import { plural } from "@/lib/i18n/plural";
import type { RecordFacts } from "@/lib/lab-view/facts";
import { formatTime } from "@/lib/lab-view/format";
import { studioPaths } from "@/lib/lab-view/paths";
import styles from "./lab-view.module.css";
import { kindLabel, verdictLabel } from "./verdict";

type Props = { uses: RecordFacts[]; locale: Locale; copy: Dictionary["labView"] };

/** Words shown in the list: the start of what the visitor typed, as text. */
const PREVIEW = 240;

/** The day's uses, newest first: when, which, how it ended, the visitor's words, and its flags. */
export function UseList({ uses, locale, copy }: Props) {
  return (
    <ol className={styles.uses} data-testid="lab-uses">
      {uses.map((use) => {
        const flags = [
          use.flagged && copy.flags.flagged,
          use.noService && copy.flags.noService,
          use.searchEmpty && copy.flags.searchEmpty,
          use.led && copy.flags.led,
        ].filter((flag): flag is string => Boolean(flag));
        const kind = kindLabel(use.kind, copy);
        const words = use.words.length > PREVIEW ? `${use.words.slice(0, PREVIEW)}…` : use.words;
        return (
          <li key={use.id} className={`card ${styles.use}`} data-testid="lab-use" data-kind={use.kind}>
            <p className={styles.useHead}>
              <span className="badge">{kind}</span>
              <span>{verdictLabel(use.reason, copy)}</span>
              <time dateTime={use.at}>{formatTime(use.at, locale)}</time>
            </p>
            <p className={styles.words}>{words}</p>
            {flags.length ? (
              <ul className={styles.flags} aria-label={copy.flags.label}>
                {flags.map((flag) => (
                  <li key={flag} className={styles.flag}>
                    {flag}
                  </li>
                ))}
              </ul>
            ) : null}
            <Link href={studioPaths.run(locale, use.id)} data-testid="lab-use-link">
              {copy.list.open}
            </Link>
          </li>
        );
      })}
    </ol>
  );
}

export function countLine(shown: number, total: number, locale: Locale, copy: Dictionary["labView"]): string {
  return plural(copy.list.count, total, locale, { shown: formatCount(shown, locale) });
}
