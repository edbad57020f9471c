"use client";

import { useRef } from "react";
import type { Locale } from "@/lib/i18n/config";
import { fill } from "@/lib/i18n/fill";
import { type Plural, plural } from "@/lib/i18n/plural";
import styles from "./lab.module.css";
import { PendingLine } from "./pending-line";
import { useRecordDays } from "./record-days";

export type RecordsNoticeCopy = { kept: string; days: Plural; none: string };

/**
 * What the Lab keeps of this page's use, for how long and who reads it, in plain words (as the
 * contact page says of messages). The days come from the running deployment's setting.
 */
export function RecordsNotice({ locale, copy }: { locale: Locale; copy: RecordsNoticeCopy }) {
  const line = useRef<HTMLParagraphElement>(null);
  const days = useRecordDays(line);
  if (days === null)
    return (
      <PendingLine
        ref={line}
        text={fill(copy.kept, { days: fill(copy.days.other, { count: "00" }) })}
        testId="lab-records-pending"
        className={styles.records}
      />
    );
  return (
    <p className={styles.records} data-testid="lab-records-notice" data-days={days}>
      {days > 0 ? fill(copy.kept, { days: plural(copy.days, days, locale) }) : copy.none}
    </p>
  );
}
