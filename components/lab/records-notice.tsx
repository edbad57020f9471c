"use client";

import { fill } from "@/lib/i18n/fill";
import styles from "./lab.module.css";
import { useRecordDays } from "./record-days";

export type RecordsNoticeCopy = { kept: string; none: string };

/**
 * What the Lab keeps of this page's use, for how long and who reads it, in plain words (as the
 * contact page says of messages). The days come from the running deployment's setting.
 */
export function RecordsNotice({ copy }: { copy: RecordsNoticeCopy }) {
  const days = useRecordDays();
  // Until the days arrive, the sentence holds its place, hidden (as the units left do).
  if (days === null)
    return (
      <p className={`${styles.units} ${styles.pending}`} aria-hidden="true" data-testid="lab-records-pending">
        {fill(copy.kept, { days: "00" })}
      </p>
    );
  return (
    <p className={styles.units} data-testid="lab-records-notice" data-days={days}>
      {days > 0 ? fill(copy.kept, { days }) : copy.none}
    </p>
  );
}
