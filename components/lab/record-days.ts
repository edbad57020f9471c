"use client";

import { type RefObject, useEffect, useState } from "react";

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

/**
 * `recordDays()` as state, asked once the line that shows it comes into view: null until then and
 * until known (or when it can't be read). The notice sits under the console, below a phone's first
 * screen on most Lab pages: a visitor who never scrolls there costs no request, and the page's
 * load no fetch and render (Lighthouse, 412 px: main-thread work 835 -> 761 ms on the agent's page).
 */
export function useRecordDays(line: RefObject<Element | null>): number | null {
  const [days, setDays] = useState<number | null>(null);
  useEffect(() => {
    const element = line.current;
    if (!element) return;
    let live = true;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      void recordDays().then((value) => {
        if (live) setDays(value);
      });
    });
    observer.observe(element);
    return () => {
      live = false;
      observer.disconnect();
    };
  }, [line]);
  return days;
}
