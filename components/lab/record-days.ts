"use client";

import { useEffect, useState } from "react";

let asked: Promise<number | null> | null = null;

/** How many days this deployment keeps a Lab use (`GET /api/lab/retention`), asked once per page load. */
export function recordDays(): Promise<number | null> {
  asked ??= fetch("/api/lab/retention")
    .then(async (response) => {
      const body = (await response.json()) as { retentionDays?: unknown };
      return response.ok && Number.isSafeInteger(body.retentionDays) ? (body.retentionDays as number) : null;
    })
    .catch(() => null);
  return asked;
}

/** `recordDays()` as state: null until known (or when it can't be read). */
export function useRecordDays(): number | null {
  const [days, setDays] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    void recordDays().then((value) => {
      if (live) setDays(value);
    });
    return () => {
      live = false;
    };
  }, []);
  return days;
}
