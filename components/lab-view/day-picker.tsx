import { Link } from "@/components/site/link";
import type { Locale } from "@/lib/i18n/config";
import type { Dictionary } from "@/lib/i18n/dictionary";
import { neighbours } from "@/lib/lab-view/days";
import { formatDay } from "@/lib/lab-view/format";
import styles from "./lab-view.module.css";

type Props = {
  locale: Locale;
  copy: Dictionary["labView"];
  day: string;
  kept: readonly string[];
  /** The page's address for a day. */
  href: (day: string) => string;
};

/** The day shown, any kept day by a plain GET form, and the day before and after as links. */
export function DayPicker({ locale, copy, day, kept, href }: Props) {
  const { previous, next } = neighbours(day, kept);
  return (
    <div className={styles.dayPicker}>
      <form method="get" className={styles.inline}>
        <label htmlFor="lab-day">{copy.day}</label>
        <select id="lab-day" name="day" defaultValue={day}>
          {kept.map((option) => (
            <option key={option} value={option}>
              {formatDay(option, locale)}
            </option>
          ))}
        </select>
        <button type="submit" className="button button--ghost">
          {copy.show}
        </button>
      </form>
      <p className={styles.inline}>
        {previous ? <Link href={href(previous)}>{copy.previousDay}</Link> : null}
        {next ? <Link href={href(next)}>{copy.nextDay}</Link> : null}
      </p>
    </div>
  );
}
