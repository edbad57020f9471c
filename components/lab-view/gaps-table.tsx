import { formatCount } from "@/components/lab/copy";
import { Link } from "@/components/site/link";
import type { Locale } from "@/lib/i18n/config";
import type { Dictionary } from "@/lib/i18n/dictionary";
import { langAttribute } from "@/lib/lab-view/format";
import type { GapGroup } from "@/lib/lab-view/gaps";
import { studioPaths } from "@/lib/lab-view/paths";
import styles from "./lab-view.module.css";

type Props = { groups: GapGroup[]; locale: Locale; copy: Dictionary["labView"] };

/** The gaps' words, most said first, each with how visitors put it (as text) and a way to their uses. */
export function GapsTable({ groups, locale, copy }: Props) {
  const g = copy.gaps;
  if (!groups.length) return <p className="muted">{g.empty}</p>;
  return (
    <ol className={styles.gaps} data-testid="lab-gaps">
      {groups.map((group) => (
        <li key={group.word} className={`card ${styles.gap}`} data-testid="lab-gap">
          <p className={styles.gapHead}>
            <strong className={styles.gapWord}>{group.word}</strong>
            <span>
              {g.count}: <span data-testid="lab-gap-count">{formatCount(group.count, locale)}</span>
            </span>
          </p>
          <p className="visually-hidden">{g.said}</p>
          <ul className={styles.said}>
            {group.gaps.map((gap) => (
              <li key={gap.id} lang={langAttribute(gap.language)}>
                <Link href={studioPaths.run(locale, gap.id)}>{gap.text}</Link>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
