"use client";

import { useEffect, useState } from "react";
import type { Locale } from "@/lib/i18n/config";
import { fill } from "@/lib/i18n/fill";
import { type Plural, plural } from "@/lib/i18n/plural";
import type { UnitsLeft as UnitsLeftData } from "@/lib/lab/units-left";
import type { LabUseKind } from "@/lib/lab-uses";
import { formatCount } from "./copy";
import styles from "./lab.module.css";
import { PendingLine } from "./pending-line";

type Copy = {
  left: Plural;
  leftUnknown: string;
  pausedDay: string;
  pausedBusy: string;
  useNames: Record<LabUseKind, string>;
};

/**
 * The visitor's units left today, read from `GET /api/lab/units` (which takes none) once the page
 * is in the browser: the Lab index itself stays a static page.
 */
export function UnitsLeft({ locale, copy }: { locale: Locale; copy: Copy }) {
  const [state, setState] = useState<UnitsLeftData | "error" | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetch("/api/lab/units", { signal: controller.signal, cache: "no-store" })
      .then(async (response) => (response.ok ? ((await response.json()) as UnitsLeftData) : "error"))
      .then(setState, () => {
        if (!controller.signal.aborted) setState("error");
      });
    return () => controller.abort();
  }, []);
  if (state === null)
    return <PendingLine text={fill(copy.left.other, { left: "00", count: "00" })} testId="lab-units-pending" />;
  return (
    <>
      <p className={styles.units} data-testid="lab-units-left" role="status">
        {state === "error"
          ? copy.leftUnknown
          : plural(copy.left, state.limit, locale, { left: formatCount(state.remaining, locale) })}
      </p>
      {state !== "error" && <PausedNotice paused={state.paused ?? {}} copy={copy} />}
    </>
  );
}

/** Said up front: the uses whose model's platform refuses calls now, and when it comes back. */
export function PausedNotice({ paused, copy }: { paused: UnitsLeftData["paused"]; copy: Copy }) {
  const entries = Object.entries(paused) as [keyof Copy["useNames"], { reason: string; resetAt: string }][];
  const first = entries[0]?.[1];
  if (!first) return null;
  // biome-ignore lint/complexity/useMathMinMax: ISO 8601 times, compared as strings (Math.max would make them numbers)
  const latest = entries.reduce((at, [, pause]) => (pause.resetAt > at ? pause.resetAt : at), first.resetAt);
  const day = entries.some(([, pause]) => pause.reason === "allocation_exhausted");
  const text = fill(day ? copy.pausedDay : copy.pausedBusy, {
    uses: entries.map(([use]) => copy.useNames[use]).join(", "),
    time: latest.slice(11, 16),
  });
  return (
    <p className={styles.units} data-testid="lab-model-paused" role="status">
      {text}
    </p>
  );
}
