"use client";

import { type RefObject, useEffect, useState } from "react";
import { onFirstEvent } from "./first-event";

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
 * A visitor at work on the page: after any of these, the notice may be read without scrolling to
 * it. Not `pointerover`: Chromium sends one at load to a pointer resting over the page.
 */
const PRESENCE_EVENTS = ["pointerdown", "focusin", "touchstart", "keydown"] as const;

/**
 * `recordDays()` as state, asked once the line that shows it comes into view or the visitor first
 * clicks, taps, focuses or types on the page (a screen reader reaches the console by focus, not by
 * scrolling): null until then and until known (or when it can't be read). The notice sits under the
 * console, below a phone's first screen on most Lab pages: a visit that never gets there costs no
 * request, and the page's load no fetch and render (Lighthouse, median of 5: main-thread work
 * 787 -> 697 ms on the assistant's page, 764 -> 714 on the reviewer's).
 */
export function useRecordDays(line: RefObject<Element | null>): number | null {
  const [days, setDays] = useState<number | null>(null);
  useEffect(() => {
    const element = line.current;
    if (!element) return;
    let live = true;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) ask();
    });
    const stopPresence = onFirstEvent(document, PRESENCE_EVENTS, ask);
    function stop() {
      observer.disconnect();
      stopPresence();
    }
    function ask() {
      stop();
      void recordDays().then((value) => {
        if (live) setDays(value);
      });
    }
    observer.observe(element);
    return () => {
      live = false;
      stop();
    };
  }, [line]);
  return days;
}
