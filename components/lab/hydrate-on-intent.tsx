"use client";

import { type ReactNode, Suspense, use, useSyncExternalStore } from "react";
import { onFirstEvent } from "./first-event";

const INTENT_EVENTS = ["pointerover", "pointerdown", "focusin", "touchstart", "keydown"] as const;

let intent: Promise<void> | null = null;

/** Resolves at the first pointer, touch, focus or key inside a `[data-hydrate-on-intent]` box (or a reopened run's address). */
function intentShown(): Promise<void> {
  intent ??= new Promise<void>((resolve) => {
    // Already there when the script arrives: a reopened run's address, or a visitor already in the box.
    if (new URLSearchParams(window.location.search).has("run")) return resolve();
    if (document.querySelector("[data-hydrate-on-intent]:focus-within, [data-hydrate-on-intent]:hover"))
      return resolve();
    onFirstEvent(
      document,
      INTENT_EVENTS,
      resolve,
      (event) => event.target instanceof Element && event.target.closest("[data-hydrate-on-intent]") !== null,
    );
  });
  return intent;
}

const unsubscribed = () => () => {};

// Already settled, in the shape React's `use()` reads without suspending (`status`, `value`).
const NOW: Promise<void> = Object.assign(Promise.resolve(), { status: "fulfilled", value: undefined });

/**
 * Waits for the visitor only while React hydrates the server's HTML (the server snapshot is read
 * then): a console reached by a link inside the site renders at once, as there is no HTML to keep.
 */
function Gate({ children }: { children: ReactNode }) {
  const hydrating = useSyncExternalStore(
    unsubscribed,
    () => false,
    () => true,
  );
  // `use()` on every render, with one of two cached promises: called only while hydrating, React
  // logs "called use() to suspend in a previous render but did not call use() when it finished"
  // when the same Gate renders again after hydration (react.dev/warnings/conditional-use-of-use).
  use(hydrating && typeof window !== "undefined" ? intentShown() : NOW);
  return children;
}

/**
 * Its children render on the server as usual, and hydrate only when the visitor reaches for them:
 * until then React keeps the server's HTML (a boundary that suspends while it hydrates), and a
 * click or key on it hydrates it first, by which time the pointer or focus before it has let it.
 */
export function HydrateOnIntent({ children }: { children: ReactNode }) {
  return (
    <div data-hydrate-on-intent="">
      <Suspense fallback={null}>
        <Gate>{children}</Gate>
      </Suspense>
    </div>
  );
}
