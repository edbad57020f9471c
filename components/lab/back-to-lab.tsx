import { Link } from "@/components/site/link";
import type { Locale } from "@/lib/i18n/config";
import { getDictionary } from "@/lib/i18n/dictionary";
import { paths } from "@/lib/site/paths";
import styles from "./back-to-lab.module.css";

/** The link above each Lab page's header, back to the Lab's index. */
export function BackToLab({ locale }: { locale: Locale }) {
  const dict = getDictionary(locale);
  return (
    <p className={styles.back}>
      <Link href={paths.lab(locale)}>{dict.common.backToLab}</Link>
    </p>
  );
}
