import { Link } from "@/components/site/link";
import type { Locale } from "@/lib/i18n/config";
import type { Dictionary } from "@/lib/i18n/dictionary";
import { LAB_USE_KINDS } from "@/lib/lab-uses";
import { type UseFilters as Filters, MAX_QUERY, OUTCOMES } from "@/lib/lab-view/filters";
import { studioPaths } from "@/lib/lab-view/paths";
import styles from "./lab-view.module.css";
import { kindLabel, verdictLabel } from "./verdict";

type Props = { filters: Filters; day: string; locale: Locale; copy: Dictionary["labView"] };

/** The list's filters as a plain GET form: it works without any script, and the address keeps them. */
export function UseFilters({ filters, day, locale, copy }: Props) {
  const f = copy.filters;
  const checks = [
    { name: "flagged", label: f.flagged, on: filters.flagged },
    { name: "noService", label: f.noService, on: filters.noService },
    { name: "led", label: f.led, on: filters.led },
  ];
  return (
    <form method="get" className={styles.filters} aria-labelledby="lab-filters-title" data-testid="lab-filters">
      <h2 id="lab-filters-title">{f.title}</h2>
      <input type="hidden" name="day" value={day} />
      <div className={styles.filterRow}>
        <div className="field">
          <label htmlFor="lab-filter-use">{f.use}</label>
          <select id="lab-filter-use" name="use" defaultValue={filters.use ?? ""}>
            <option value="">{f.any}</option>
            {LAB_USE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {kindLabel(kind, copy)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="lab-filter-verdict">{f.verdict}</label>
          <select id="lab-filter-verdict" name="verdict" defaultValue={filters.verdict ?? ""}>
            <option value="">{f.any}</option>
            {OUTCOMES.map((reason) => (
              <option key={reason} value={reason}>
                {verdictLabel(reason, copy)}
              </option>
            ))}
          </select>
        </div>
        <div className={`field ${styles.grow}`}>
          <label htmlFor="lab-filter-q">{f.search}</label>
          <input
            id="lab-filter-q"
            name="q"
            type="text"
            enterKeyHint="search"
            defaultValue={filters.query}
            maxLength={MAX_QUERY}
          />
        </div>
      </div>
      <div className={styles.filterRow}>
        {checks.map((check) => (
          <label key={check.name} className={styles.check}>
            <input type="checkbox" name={check.name} value="1" defaultChecked={check.on} /> {check.label}
          </label>
        ))}
      </div>
      <p className={styles.inline}>
        <button type="submit" className="button">
          {f.apply}
        </button>
        <Link href={studioPaths.uses(locale, day)}>{f.clear}</Link>
      </p>
    </form>
  );
}
