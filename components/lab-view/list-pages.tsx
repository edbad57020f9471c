import { formatCount } from "@/components/lab/copy";
import { Link } from "@/components/site/link";
import type { Locale } from "@/lib/i18n/config";
import type { Dictionary } from "@/lib/i18n/dictionary";
import { fill } from "@/lib/i18n/fill";
import { filterParams, type UseFilters } from "@/lib/lab-view/filters";
import styles from "./lab-view.module.css";

type Props = {
  filters: UseFilters;
  day: string;
  page: number;
  pages: number;
  locale: Locale;
  copy: Dictionary["labView"];
};

/** The list's pages as plain links that keep the day and the filters. */
export function ListPages({ filters, day, page, pages, locale, copy }: Props) {
  if (pages <= 1) return null;
  const href = (to: number) => filterParams(filters, to, day);
  return (
    <nav aria-label={copy.list.pages} className={styles.inline}>
      {page > 1 ? <Link href={href(page - 1)}>{copy.list.newer}</Link> : null}
      <span>{fill(copy.list.page, { page: formatCount(page, locale), pages: formatCount(pages, locale) })}</span>
      {page < pages ? <Link href={href(page + 1)}>{copy.list.older}</Link> : null}
    </nav>
  );
}
