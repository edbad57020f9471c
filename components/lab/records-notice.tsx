"use client";

import { useRef } from "react";
import { fill } from "@/lib/i18n/fill";
import styles from "./lab.module.css";
import { PendingLine } from "./pending-line";
import { useRecordDays } from "./record-days";

export type RecordsNoticeCopy = { kept: string; none: string };

/**
 * What the Lab keeps of this page's use, for how long and who reads it, in plain words (as the
 * contact page says of messages). The days come from the running deployment's setting.
 */
export function RecordsNotice({ copy }: { copy: RecordsNoticeCopy }) {
  const line = useRef<HTMLParagraphElement>(null);
  const days = useRecordDays(line);
  if (days === null)
    return <PendingLine ref={line} text={fill(copy.kept, { days: "00" })} testId="lab-records-pending" />;
  return (
    <p className={styles.units} data-testid="lab-records-notice" data-days={days}>
      {days > 0 ? fill(copy.kept, { days }) : copy.none}
    </p>
  );
}
