import { Link } from "@/components/site/link";
import type { Locale } from "@/lib/i18n/config";
import type { Dictionary } from "@/lib/i18n/dictionary";
import { studioPaths } from "@/lib/lab-view/paths";
import styles from "./lab-view.module.css";

type Props = { locale: Locale; copy: Dictionary["labView"]; current: "inbox" | "uses" | "gaps" | null; day?: string };

/** The studio's own pages: its messages, the Lab's uses, the gaps. */
export function StudioNav({ locale, copy, current, day }: Props) {
  const links = [
    { key: "inbox", href: studioPaths.inbox(locale), label: copy.nav.inbox },
    { key: "uses", href: studioPaths.uses(locale, day), label: copy.nav.uses },
    { key: "gaps", href: studioPaths.gaps(locale, day), label: copy.nav.gaps },
  ] as const;
  return (
    <nav aria-label={copy.nav.label} className={styles.nav}>
      <ul>
        {links.map((link) => (
          <li key={link.key}>
            <Link href={link.href} aria-current={link.key === current ? "page" : undefined}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
